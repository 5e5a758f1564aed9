import Foundation

/// ISO-like UTC timestamps for tables and exports.
enum UTCTime {
    /// `2026-11-29 23:45:39` for a Unix time in milliseconds.
    static func string(unixMs: Int64) -> String {
        var t = time_t(unixMs / 1000)
        var parts = tm()
        gmtime_r(&t, &parts)
        func pad(_ v: Int32, _ n: Int = 2) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday)) "
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))"
    }

    /// Now, in milliseconds since the Unix epoch.
    static func nowUnixMs() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
