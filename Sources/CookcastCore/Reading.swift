/// One sample from one probe channel at one moment of a cook.
///
/// Every channel is optional: a probe may report no ambient, a sensor may be unplugged,
/// a packet may carry no battery level. A missing value is `nil`, never a made-up number.
public struct Reading: Sendable, Hashable, Codable {
    /// Probe or channel number within the session (1-based; iBBQ probes have up to 6).
    public var channel: Int
    /// Seconds since the start of the session.
    public var elapsedSeconds: Double
    /// Internal (meat) temperature in degrees Celsius, if the sensor reported one.
    public var probeCelsius: Double?
    /// Ambient (pit, oven, bath) temperature in degrees Celsius, if reported.
    public var ambientCelsius: Double?
    /// Battery charge in percent (0...100), if reported.
    public var batteryPercent: Double?

    /// Creates a reading; values are stored as given.
    public init(
        channel: Int = 1, elapsedSeconds: Double, probeCelsius: Double?, ambientCelsius: Double?,
        batteryPercent: Double? = nil
    ) {
        self.channel = channel
        self.elapsedSeconds = elapsedSeconds
        self.probeCelsius = probeCelsius
        self.ambientCelsius = ambientCelsius
        self.batteryPercent = batteryPercent
    }

    /// True when the reading carries at least one temperature.
    public var hasTemperature: Bool { probeCelsius != nil || ambientCelsius != nil }

    /// The same reading shifted by `seconds` on the session clock.
    public func shifted(bySeconds seconds: Double) -> Reading {
        var copy = self
        copy.elapsedSeconds += seconds
        return copy
    }
}
