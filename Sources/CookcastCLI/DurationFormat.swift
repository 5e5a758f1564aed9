/// Human formatting of durations and session times.
enum DurationFormat {
    /// `3h 05m`, `12m 30s`, `45s`.
    static func short(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--" }
        let s = Int(max(0, seconds).rounded())
        if s >= 3600 { return "\(s / 3600)h " + pad(s % 3600 / 60) + "m" }
        if s >= 60 { return "\(s / 60)m " + pad(s % 60) + "s" }
        return "\(s)s"
    }

    /// `03:05:09` (hours may exceed 24).
    static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--:--:--" }
        let s = Int(max(0, seconds).rounded())
        return pad(s / 3600) + ":" + pad(s % 3600 / 60) + ":" + pad(s % 60)
    }

    /// Local wall-clock `HH:MM` of `startUnixMs + seconds`.
    static func wallClock(startUnixMs: Int64, plusSeconds seconds: Double, utcOffsetSeconds: Int) -> String {
        let total = Int((Double(startUnixMs) / 1000 + seconds).rounded()) + utcOffsetSeconds
        let daySeconds = ((total % 86_400) + 86_400) % 86_400
        return pad(daySeconds / 3600) + ":" + pad(daySeconds % 3600 / 60)
    }

    private static func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
