/// When the probe has gone silent for longer than it normally does: the rule behind `probeLost`.
///
/// A probe is lost after `AlarmRules.probeLostAfterSeconds` without a reading, or three of its
/// usual intervals (the median of its last 16), or twice the longest of those 16, whichever is
/// longest. A log written once a minute (the real sous-vide T-bone) or every half minute with gaps
/// of two (the TempFit turkeys) was reported lost 18 and 70 times over a cook at a fixed 60 s.
/// Loggers that write only when the temperature changes (the ThermoPro-style TempFit files, polled
/// every 26 s) go quiet for one to seven polls at a time as a matter of course: at three median
/// intervals the shipped sample brisket still sounded "probe lost" 40 times and the turkey 19; a
/// silence that is news is one unlike any gap of the probe's last 16 (7 and 2 now). And once
/// reported, it is reported again only after its readings have flowed for `rearmSeconds`: a flaky
/// link that drops every few minutes is one piece of news until it holds.
public struct SilenceWatch: Sendable {
    /// How long readings must flow after a loss before another loss is news, seconds.
    public static let rearmSeconds = 300.0
    /// Usual intervals a silence must last, at least.
    public static let usualIntervals = 3.0
    /// Times the longest of the recent intervals a silence must last, at least.
    public static let longestGapMultiple = 2.0

    /// The latest reading's time, seconds (nil before any).
    public private(set) var lastReadingSeconds: Double?
    /// Whether the current silence was reported.
    public private(set) var isReported = false
    /// When readings came back after the last reported silence.
    private var resumedSeconds: Double?
    private var intervals: [Double] = []

    /// Creates a watch with no readings.
    public init() {}

    /// Notes a reading at `t`.
    public mutating func observeReading(atSeconds t: Double) {
        if let last = lastReadingSeconds, t > last {
            intervals.append(t - last)
            if intervals.count > 16 { intervals.removeFirst() }
        }
        if isReported {
            isReported = false
            resumedSeconds = t
        }
        lastReadingSeconds = max(lastReadingSeconds ?? t, t)
    }

    /// Counts the current silence as reported elsewhere (the whole source's, for one of its
    /// probes): it is not news again, and readings must flow `rearmSeconds` before the next is.
    public mutating func markReported() {
        if lastReadingSeconds != nil { isReported = true }
    }

    /// The silence that makes a probe lost: `minimumSeconds`, three usual intervals or twice the
    /// longest recent one, whichever is longest.
    public func lostAfterSeconds(minimumSeconds: Double) -> Double {
        guard !intervals.isEmpty else { return minimumSeconds }
        let sorted = intervals.sorted()
        let usual = sorted[sorted.count / 2]
        return max(minimumSeconds, Self.usualIntervals * usual, Self.longestGapMultiple * sorted[sorted.count - 1])
    }

    /// If the probe is lost by `elapsedSeconds` and that is news, marks it reported and returns
    /// when the silence reached the limit (counted from `start` when later than the last reading).
    public mutating func lost(
        byElapsedSeconds elapsedSeconds: Double, countingFrom start: Double? = nil, minimumSeconds: Double
    ) -> (dueSeconds: Double, limitSeconds: Double)? {
        guard let last = lastReadingSeconds, !isReported else { return nil }
        if let resumed = resumedSeconds, last - resumed < Self.rearmSeconds { return nil }
        let from = max(last, start ?? last)
        // Checked on every reading: the usual interval (a sort) only once the minimum has passed.
        guard elapsedSeconds > from + minimumSeconds else { return nil }
        let limit = lostAfterSeconds(minimumSeconds: minimumSeconds)
        let due = from + limit
        guard elapsedSeconds > due else { return nil }
        isReported = true
        return (due, limit)
    }
}
