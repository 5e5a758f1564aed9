import CookcastIngest
import Foundation

/// Wall-clock times as exports write them (local time, no zone) and their conversion to UTC.
///
/// Parsing is done by hand on fixed layouts so it does not depend on the machine's locale.
public struct LocalClock: Sendable {
    /// Fixed offset of local time from UTC in seconds (east positive); nil = use `zoneOffsetSeconds`.
    public var fixedOffsetSeconds: Int?
    /// The zone used when no fixed offset is given: its offset from UTC, seconds, at a Unix time
    /// (seconds), so each time gets its own moment's offset across a daylight-saving change. By
    /// default the C library's local zone (`LocalTimeZone`), as `date` reads `TZ`.
    public var zoneOffsetSeconds: @Sendable (Int64) -> Int

    /// A clock with a fixed offset, or the zone's rules when `fixedOffsetSeconds` is nil.
    public init(
        fixedOffsetSeconds: Int? = nil,
        zoneOffsetSeconds: @escaping @Sendable (Int64) -> Int = LocalTimeZone.utcOffsetSeconds(atUnixSeconds:)
    ) {
        self.fixedOffsetSeconds = fixedOffsetSeconds
        self.zoneOffsetSeconds = zoneOffsetSeconds
    }

    /// The UTC instant (seconds since the epoch) of a local wall-clock time given as seconds
    /// since the epoch as if it were UTC, and the offset used.
    ///
    /// The offset is the zone's at that local time, not at the UTC instant of the same digits. A
    /// clock time that came twice (the hour a daylight-saving change puts the clocks back) is the
    /// first time, unless that is before `previousUTCSeconds` (the log's reading before, nil:
    /// none): a log that went on through the change is then in the repeated hour. A clock time
    /// that never was (the hour skipped when the clocks go forward) is read with the offset
    /// before the change, so 02:30 in a gap from 02:00 to 03:00 is 03:30 after it (as
    /// `mktime` with `tm_isdst = -1` and Python's `fold = 0` read it), never dropped.
    public func utc(
        fromLocalSeconds local: Double, previousUTCSeconds: Double? = nil
    ) -> (utcSeconds: Double, offsetSeconds: Int) {
        if let fixed = fixedOffsetSeconds { return (local - Double(fixed), fixed) }
        let whole = Int64(local.rounded(.down))
        // Every zone's offset is within 15 hours of UTC, so the offsets a day either side are
        // those before and after any change near this local time.
        let before = zoneOffsetSeconds(whole - 86_400)
        let after = zoneOffsetSeconds(whole + 86_400)
        let candidates = Set([before, after, zoneOffsetSeconds(whole)]).sorted(by: >).filter { offset in
            zoneOffsetSeconds(whole - Int64(offset)) == offset
        }
        // Sorted by falling offset: the first is the earliest instant.
        guard var offset = candidates.first else { return (local - Double(before), before) }
        if let previousUTCSeconds, candidates.count > 1, local - Double(offset) < previousUTCSeconds,
            let later = candidates.last
        {
            offset = later
        }
        return (local - Double(offset), offset)
    }
}

/// A civil date and time without zone, from the layouts the supported exports use.
struct CivilTime: Sendable, Hashable {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double

    /// Seconds since 1970-01-01T00:00:00 reading this civil time as UTC.
    var secondsAsIfUTC: Double {
        Double(Self.daysFromCivil(year: year, month: month, day: day)) * 86_400
            + Double(hour * 3600 + minute * 60) + second
    }

    var isValid: Bool {
        (1...12).contains(month) && (1...31).contains(day) && (0...23).contains(hour)
            && (0...59).contains(minute) && second >= 0 && second < 61 && year > 1900 && year < 3000
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `2021-11-13 02:23:30 AM` (12-hour, ThermoPro) or `2023-09-26 19:50:26` (24-hour), also with
    /// `T` between date and time and fractional seconds (`2026-04-13T21:10:04.036675`).
    static func parseISOLike(_ text: String) -> CivilTime? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        var meridiem: String? = nil
        if let last = parts.last, ["AM", "PM"].contains(last.uppercased()) {
            meridiem = last.uppercased()
            parts.removeLast()
        }
        guard parts.count == 2 else { return nil }
        let d = parts[0].split(separator: "-").map(String.init)
        let t = parts[1].split(separator: ":").map(String.init)
        guard d.count == 3, t.count >= 2, let year = Int(d[0]), let month = Int(d[1]), let day = Int(d[2]),
            var hour = Int(t[0]), let minute = Int(t[1])
        else { return nil }
        let second = t.count > 2 ? Double(t[2]) : 0
        guard let second else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
        }
        let c = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return c.isValid ? c : nil
    }

    /// Day-first `02/01/2018, 07:10:12` (iGrill: 2 January 2018).
    static func parseDayFirst(_ text: String) -> CivilTime? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        guard parts.count == 2 else { return nil }
        let d = parts[0].split(separator: "/").map(String.init)
        let t = parts[1].split(separator: ":").map(String.init)
        guard d.count == 3, t.count == 3, let day = Int(d[0]), let month = Int(d[1]), let year = Int(d[2]),
            let hour = Int(t[0]), let minute = Int(t[1]), let second = Double(t[2])
        else { return nil }
        let c = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return c.isValid ? c : nil
    }
}
