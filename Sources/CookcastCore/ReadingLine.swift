/// The least-squares line through some readings (time, temperature), centred on their means: what
/// a probe's level and rate are read from over a short window.
public struct ReadingLine: Sendable {
    /// Mean time of the readings, seconds.
    public let meanSeconds: Double
    /// Mean temperature of the readings, Celsius.
    public let meanCelsius: Double
    /// Slope, Celsius a second; nil when every reading has the same time.
    public let slopeCelsiusPerSecond: Double?

    /// The line through `readings`; nil when there are none.
    public init?(_ readings: [(seconds: Double, celsius: Double)]) {
        guard !readings.isEmpty else { return nil }
        let n = Double(readings.count)
        var sumT = 0.0, sumC = 0.0
        for r in readings {
            sumT += r.seconds
            sumC += r.celsius
        }
        let meanT = sumT / n, meanC = sumC / n
        var stt = 0.0, stc = 0.0
        for r in readings {
            stt += (r.seconds - meanT) * (r.seconds - meanT)
            stc += (r.seconds - meanT) * (r.celsius - meanC)
        }
        meanSeconds = meanT
        meanCelsius = meanC
        slopeCelsiusPerSecond = stt > 0 ? stc / stt : nil
    }

    /// The line's temperature at `t` seconds, Celsius (the mean when it has no slope).
    public func celsius(atSeconds t: Double) -> Double {
        meanCelsius + (slopeCelsiusPerSecond ?? 0) * (t - meanSeconds)
    }
}
