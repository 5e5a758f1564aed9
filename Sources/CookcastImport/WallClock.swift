import Foundation

/// Wall-clock times as exports write them (local time, no zone) and their conversion to UTC.
///
/// Parsing is done by hand on fixed layouts so it does not depend on the machine's locale.
public struct LocalClock: Sendable {
    /// Fixed offset of local time from UTC in seconds (east positive); nil = use `timeZone`.
    public var fixedOffsetSeconds: Int?
    /// Zone used when no fixed offset is given (its offset at each date, so DST is honoured).
    public var timeZone: TimeZone

    /// A clock with a fixed offset, or the zone's rules when `fixedOffsetSeconds` is nil.
    public init(fixedOffsetSeconds: Int? = nil, timeZone: TimeZone = .current) {
        self.fixedOffsetSeconds = fixedOffsetSeconds
        self.timeZone = timeZone
    }

    /// The UTC instant (seconds since the epoch) of a local wall-clock time given as seconds
    /// since the epoch as if it were UTC, and the offset used.
    public func utc(fromLocalSeconds local: Double) -> (utcSeconds: Double, offsetSeconds: Int) {
        if let fixed = fixedOffsetSeconds { return (local - Double(fixed), fixed) }
        let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local))
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local - Double(guess)))
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
