import Foundation

/// The system's local time zone as the C library reads it (`TZ`, else `/etc/localtime`), the
/// rules `date` follows. The live view's clock times and `import`'s reading of wall-clock exports
/// both take it from here.
///
/// Foundation's `TimeZone.current` misreads POSIX `TZ` strings: `UTC-13` (13 hours ahead) as 13
/// hours behind, `IST-5:30`, `CET-1CEST,M3.5.0,M10.5.0/3` and `:Europe/Paris` as UTC, so the
/// live view's clock times and imported cooks' starts were off by hours from the terminal's clock.
/// Lives here, not in `CookcastCore`, because it reads the environment and the zone files.
public enum LocalTimeZone {
    /// Seconds local time is ahead of UTC at `unixSeconds` (negative west of Greenwich), as
    /// `localtime_r` gives it: a cook across a daylight-saving change gets each time's own offset.
    /// 0 when the C library cannot tell (a time beyond its range).
    public static func utcOffsetSeconds(atUnixSeconds unixSeconds: Int64) -> Int {
        var time = time_t(unixSeconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
