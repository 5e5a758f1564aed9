/// Human formatting of durations and session times.
enum DurationFormat {
    /// `3h 05m`, `12m 30s`, `45s`. Hours and minutes are rounded to the minute, as the estimate's
    /// own words round them ("about 3 h 23 min left" beside "in 3h 23m", not "3h 22m").
    static func short(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--" }
        let s = Int(max(0, seconds).rounded())
        if s >= 3570 {
            let m = Int((Double(s) / 60).rounded())
            return "\(m / 60)h " + pad(m % 60) + "m"
        }
        if s >= 60 { return "\(s / 60)m " + pad(s % 60) + "s" }
        return "\(s)s"
    }

    /// `03:05:09` (hours may exceed 24); `-00:31:27` before the session's start (a `live --stdin`
    /// line from before it is stored at its negative time, and clamped to zero it read as the start).
    static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--:--:--" }
        let s = Int(abs(seconds).rounded())
        let sign = s > 0 && seconds < 0 ? "-" : ""
        return sign + pad(s / 3600) + ":" + pad(s % 3600 / 60) + ":" + pad(s % 60)
    }

    /// Local wall-clock `HH:MM` of `startUnixMs + seconds`, with `+1d` (`+2d`, ...) when that falls
    /// on a later local day than `startUnixMs + nowSeconds`, so a long cook's ETA is not ambiguous.
    /// - Parameter utcOffsetSeconds: local time's lead over UTC at a Unix time, seconds (each
    ///   moment its own: a cook across a daylight-saving change).
    static func wallClock(
        startUnixMs: Int64, plusSeconds seconds: Double, utcOffsetSeconds: (Int64) -> Int,
        nowSeconds: Double? = nil
    ) -> String {
        func localSeconds(_ s: Double) -> Int {
            let unix = Int((Double(startUnixMs) / 1000 + s).rounded())
            return unix + utcOffsetSeconds(Int64(unix))
        }
        func day(_ local: Int) -> Int { Int((Double(local) / 86_400).rounded(.down)) }
        let total = localSeconds(seconds)
        let daySeconds = ((total % 86_400) + 86_400) % 86_400
        let text = pad(daySeconds / 3600) + ":" + pad(daySeconds % 3600 / 60)
        guard let nowSeconds else { return text }
        let days = day(total) - day(localSeconds(nowSeconds))
        return days > 0 ? text + "+\(days)d" : text
    }

    private static func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
