import CookcastCore

/// A bounded, evenly thinned history for the live chart: memory does not grow with the cook.
///
/// The chart has one meat line and one air line. The meat line is the first channel that reports
/// a meat temperature; the air line is the latest air reading of any channel (the pit probe's,
/// or the meat probe's own sensor), at most `freshSeconds` old. A point took both values from
/// whichever reading came first in its 15 s, so with a pit probe on channel 1 the chart showed no
/// meat at all, and with several probes it jumped between them.
struct HistoryBuffer {
    private(set) var points: [LiveStatus.ChartPoint] = []
    private var spacingSeconds: Double
    private let capacity: Int
    /// The channel of the meat line, once one has reported a meat temperature.
    private(set) var chartChannel: Int?
    private var latestProbe: (seconds: Double, celsius: Double)?
    private var latestAir: (seconds: Double, celsius: Double)?
    /// How old a value may be to stand in a point, seconds.
    static let freshSeconds = 120.0

    init(capacity: Int = 240, initialSpacingSeconds: Double = 15) {
        self.capacity = capacity
        self.spacingSeconds = initialSpacingSeconds
    }

    mutating func add(_ reading: Reading) {
        let t = reading.elapsedSeconds
        if let probe = reading.probeCelsius {
            if chartChannel == nil { chartChannel = reading.channel }
            if reading.channel == chartChannel { latestProbe = (t, probe) }
        }
        if let air = reading.ambientCelsius { latestAir = (t, air) }
        if let last = points.last, t - last.elapsedSeconds < spacingSeconds { return }
        func fresh(_ value: (seconds: Double, celsius: Double)?) -> Double? {
            value.flatMap { t - $0.seconds <= Self.freshSeconds ? $0.celsius : nil }
        }
        points.append(
            LiveStatus.ChartPoint(elapsedSeconds: t, probeCelsius: fresh(latestProbe), ambientCelsius: fresh(latestAir))
        )
        if points.count > capacity {
            // Keep every other point and double the spacing.
            points = points.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            spacingSeconds *= 2
        }
    }
}
