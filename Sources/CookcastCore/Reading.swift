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

    /// Temperatures a thermometer can report, Celsius: none is below absolute zero, and no
    /// cooking probe reads above 1000 C (a corrupt file's `52E80` is not a temperature).
    public static let plausibleCelsius: ClosedRange<Double> = -273.15...1000
    /// Session clock values that make sense, seconds (a few centuries either way).
    public static let plausibleSeconds: ClosedRange<Double> = -1e10...1e10
    /// Battery levels, percent.
    public static let plausibleBatteryPercent: ClosedRange<Double> = 0...100

    /// Error codes thermometers report in place of a temperature ("no probe", "probe error"),
    /// Celsius: 6553.5 and -3276.8 are 0xFFFF and 0x8000 tenths of a degree, 327.6 near 0x7FFF,
    /// and 999.9, -127 and -40 are other devices' codes. Stored as received, like every reading,
    /// but no temperature of the meat: the fitter drops them.
    public static let deviceSentinelCelsius: [Double] = [6553.5, -3276.8, 999.9, 327.6, -127.0, -40.0]

    /// Whether `celsius` is one of `deviceSentinelCelsius`: six comparisons, no hashing (a set's
    /// lookup was 5 % of `cookcast fit`, asked for every value of every reading).
    @inline(__always)
    public static func isDeviceSentinel(_ celsius: Double) -> Bool {
        for sentinel in deviceSentinelCelsius where celsius == sentinel { return true }
        return false
    }

    /// Why a session clock of `seconds` cannot be real, in one line (`t_s 1e+300 is outside
    /// -10000000000.0 to 10000000000.0 s`), or nil when it can.
    public static func clockImplausibility(seconds: Double) -> String? {
        plausibleSeconds.contains(seconds) ? nil : outside("t_s", seconds, plausibleSeconds, " s")
    }

    /// The reading with every impossible value left out (a device's 6553.5 C error code, a corrupt
    /// file's `52E80`), and the first reason (`probe_c 5.2e+81 is outside -273.15 to 1000.0 C`);
    /// the reading is nil when its clock is impossible or no temperature is left. Parsers and
    /// importers keep what is real in a row and say what they left out: stored, one absurd value
    /// broke every display and fit of the session.
    public func plausiblePart() -> (reading: Reading?, reason: String?) {
        if let why = Self.clockImplausibility(seconds: elapsedSeconds) { return (nil, why) }
        var kept = self
        // Every value left out is named: a row with a probe at -300 C and a battery at 150 % said
        // only the first.
        var reasons: [String] = []
        if let p = probeCelsius, !Self.plausibleCelsius.contains(p) {
            kept.probeCelsius = nil
            reasons.append(Self.outside("probe_c", p, Self.plausibleCelsius, " C"))
        }
        if let a = ambientCelsius, !Self.plausibleCelsius.contains(a) {
            kept.ambientCelsius = nil
            reasons.append(Self.outside("ambient_c", a, Self.plausibleCelsius, " C"))
        }
        if let b = batteryPercent, !Self.plausibleBatteryPercent.contains(b) {
            kept.batteryPercent = nil
            reasons.append(Self.outside("battery_pct", b, Self.plausibleBatteryPercent, " %"))
        }
        return (kept.hasTemperature ? kept : nil, reasons.isEmpty ? nil : reasons.joined(separator: "; "))
    }

    /// `name value is outside lo to hi unit`.
    private static func outside(_ name: String, _ value: Double, _ range: ClosedRange<Double>, _ unit: String)
        -> String
    {
        value.isFinite
            ? "\(name) \(value) is outside \(range.lowerBound) to \(range.upperBound)\(unit)"
            : "\(name) \(value) is not a finite number"
    }

    /// Whether `other` holds the same values (probe, air, battery), whatever its channel and time:
    /// at the key of this reading (channel, millisecond), the same reading again, the duplicate the
    /// store skips; other values there are set aside.
    public func holdsSameValues(as other: Reading) -> Bool {
        probeCelsius == other.probeCelsius && ambientCelsius == other.ambientCelsius
            && batteryPercent == other.batteryPercent
    }

    /// Whether two optional values (temperatures, battery levels) are both absent, or both there
    /// and within `tolerance` of each other.
    public static func same(_ a: Double?, _ b: Double?, within tolerance: Double) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): abs(a - b) <= tolerance
        default: false
        }
    }

    /// The same reading shifted by `seconds` on the session clock.
    public func shifted(bySeconds seconds: Double) -> Reading {
        var copy = self
        copy.elapsedSeconds += seconds
        return copy
    }
}
