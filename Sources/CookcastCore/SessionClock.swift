/// Times inside a session as the store keys them: whole milliseconds since the session start.
public enum SessionClock {
    /// `seconds` since the session start in whole milliseconds, rounded half away from zero (the
    /// `t_ms` a reading or event at that time is stored at). `seconds` must be finite (a
    /// reading's time is: `Reading.plausiblePart`).
    @inline(__always)
    public static func milliseconds(seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
}
