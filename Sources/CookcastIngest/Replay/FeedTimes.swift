import CookcastCore
import Foundation

/// How the times of a feed's lines (`live --stdin`, a replay file, a CSV `predict` or `import`
/// reads) are read, line by line in the order they come.
///
/// - A feed whose first time is a Unix time (at least `unixTimeSeconds`, 2001-09-09: a feeder
///   writing `date +%s`) is read as wall-clock times from its first line: the first line's time
///   is taken from every time, and said once (`note`). Taken as seconds since the start, the
///   cook's clock read 481,501 hours and the session ended in 2081. In such a feed a line timed
///   before `unixTimeSeconds` is no time of it: refused.
/// - A line timed more than `strayGapSeconds` (a day) after the latest time of the feed is refused
///   (`place` gives nil and says why): one stray Unix time in a feed counting from zero made the
///   cook's clock jump 55 years and raised a false probe-lost alarm. A day, because a real cook
///   can go quiet for hours (a probe out of range overnight, a feeder restarted in the morning),
///   never for a day and then on with the same meat; the feed's latest time is not moved by a
///   refused line, so the lines after a stray one are read as before.
/// - A line timed before the latest one is counted (`lateCount`, `firstLate`): the feeder's clock
///   went backwards. It is kept, at its time, as a reading that arrives late is (`live` stores it,
///   `predict` leaves it out of the estimate); `backwardsWarning` says it in one line.
public struct FeedTimes: Sendable {
    /// Times from this on (2001-09-09T01:46:40Z) are Unix times when a feed starts with one.
    public static let unixTimeSeconds = 1e9
    /// A line this far after the feed's latest time is refused, seconds.
    public static let strayGapSeconds = 86_400.0

    /// What is taken from every time: the first line's Unix time, or 0.
    public private(set) var originSeconds: Double = 0
    /// Whether the first time has been read.
    private var started = false
    /// The latest time read so far, on the feed's own clock.
    public private(set) var latestSeconds = -Double.infinity
    /// Lines timed before a line read earlier.
    public private(set) var lateCount = 0
    /// The first of them: its time and the latest time before it, seconds from the feed's start.
    public private(set) var firstLate: (seconds: Double, latestSeconds: Double)?
    /// Said once when the feed's times are read as Unix times.
    public private(set) var note: String?

    /// A new feed.
    public init() {}

    /// The time to store for a line timed `seconds` (its `line`), or nil with why it is refused.
    public mutating func place(_ seconds: Double) -> (seconds: Double?, refusal: String?) {
        if !started {
            started = true
            if seconds >= Self.unixTimeSeconds {
                originSeconds = seconds
                note =
                    "times look like Unix times (the first, \(Self.text(seconds)), is \(Self.utc(seconds)) UTC): "
                    + "read as seconds from the first line"
            }
        }
        if originSeconds > 0, seconds < Self.unixTimeSeconds {
            return (nil, "time \(Self.text(seconds)) s is no Unix time, and the feed's times are: line skipped")
        }
        let t = seconds - originSeconds
        if latestSeconds.isFinite, t > latestSeconds + Self.strayGapSeconds {
            return (
                nil,
                "time \(Self.text(seconds)) s is \(Self.hours(t - latestSeconds)) after the feed's latest "
                    + "(\(Self.text(latestSeconds + originSeconds)) s), more than a day: not a time of this cook, "
                    + "line skipped"
            )
        }
        if t < latestSeconds {
            lateCount += 1
            if firstLate == nil { firstLate = (t, latestSeconds) }
        } else {
            latestSeconds = t
        }
        return (t, nil)
    }

    /// One line on the lines timed before an earlier one (`source`: "stdin"), nil when none.
    public func backwardsWarning(source: String) -> String? {
        guard let first = firstLate else { return nil }
        return "\(source): the feeder's clock went backwards: \(Counted.words(lateCount, "line")) timed before "
            + "a line read earlier (the first timed \(Self.text(first.seconds)) s, after one at \(Self.text(first.latestSeconds)) s); "
            + "stored at their times among the earlier readings, as late readings are; one at a time stored "
            + "already with other values is set aside"
    }

    private static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15
            ? String(Int64(seconds)) : TemperatureUnit.fixed(seconds, decimals: 1)
    }

    private static func hours(_ seconds: Double) -> String {
        seconds >= 86_400 * 365 ? "\(Int(seconds / (86_400 * 365.25))) years" : "\(Int(seconds / 3600)) h"
    }

    private static func utc(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
