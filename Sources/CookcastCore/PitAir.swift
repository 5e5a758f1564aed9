/// The pit's air for the probes of one session: a reading's own air sensor, or else the latest air
/// any channel read, at most `maxAgeSeconds` before or after it. The ETA drives a probe without
/// its own sensor with it (`SessionEstimator`), and the target alarm tells a probe pulled into the
/// pit from one pushed into hotter meat by it (`AlarmEngine`).
public struct PitAir: Sendable {
    /// How far from a reading the latest air may be to stand for the pit, seconds.
    public static let maxAgeSeconds = 60.0
    private var latest: (seconds: Double, celsius: Double)?

    /// Nothing read yet.
    public init() {}

    /// Notes `reading`'s air, if it has a finite one, and returns the pit's air at its time (nil
    /// when no channel read one within `maxAgeSeconds`).
    public mutating func air(for reading: Reading) -> Double? {
        let t = reading.elapsedSeconds
        if let air = reading.ambientCelsius, air.isFinite { latest = (t, air) }
        guard let latest, abs(t - latest.seconds) <= Self.maxAgeSeconds else { return nil }
        return latest.celsius
    }
}
