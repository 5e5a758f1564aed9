import CookcastCore

/// Wraps a source so its events come out at `speed` times real time.
///
/// Each event is released when `clock` (a `ContinuousClock` unless a test injects another) has
/// advanced by `(t - t_first) / speed` since the first event. A gap longer than `maxWaitSeconds`
/// of wall time (a long dropout at speed 1, say) is cut to that wait and the schedule shifts, so
/// later events are not bunched. Events that go back in time are released at once. An infinite or
/// huge speed (`Pacing.unpaced`) never sleeps.
public struct PacedSource<Base: ReadingSource, PacingClock: Clock>: ReadingSource
where PacingClock.Duration == Duration {
    public typealias Element = SourceEvent

    /// The wrapped source.
    public let base: Base
    /// Session seconds per wall second (1 = real time).
    public let speed: Double
    /// Longest single wait in wall seconds.
    public let maxWaitSeconds: Double
    /// The clock that is read and slept on.
    public let clock: PacingClock

    /// Paces `base` at `speed` (> 0; infinite or >= 1e9 means no pacing) on `clock`.
    public init(_ base: Base, speed: Double, maxWaitSeconds: Double = 10, clock: PacingClock) {
        self.base = base
        self.speed = speed > 0 ? speed : 1
        self.maxWaitSeconds = maxWaitSeconds
        self.clock = clock
    }

    public var label: String { base.label }
    public var decoder: (any ProbeDecoder)? { base.decoder }

    /// Sleeps before returning each event of the base iterator; returns nil if the task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let speed: Double
        let maxWait: Duration
        let clock: PacingClock
        var anchor: (wall: PacingClock.Instant, session: Double)?
        /// A delay far beyond any `maxWait` that still fits in a `Duration` (a year).
        static var longestDelaySeconds: Double { 365 * 86_400 }

        public mutating func next() async throws -> SourceEvent? {
            guard let event = try await base.next() else { return nil }
            guard speed.isFinite, speed < 1e9 else { return event }
            let t = event.elapsedSeconds
            guard let (wall, session) = anchor else {
                anchor = (clock.now, t)
                return event
            }
            // A tiny speed makes the delay astronomically long: capped before it becomes a
            // Duration (whose conversion traps on overflow), since only `maxWait` is ever slept.
            let delaySeconds = Swift.min(Swift.max(0, (t - session) / speed), Self.longestDelaySeconds)
            let due = wall.advanced(by: .seconds(delaySeconds.isNaN ? 0 : delaySeconds))
            let now = clock.now
            let ahead = now.duration(to: due)
            if ahead > .zero {
                let wait = Swift.min(ahead, maxWait)
                if wait < ahead {
                    // Shorten the gap: re-anchor so this event is due after `maxWait`.
                    anchor = (now.advanced(by: wait), t)
                }
                do {
                    try await clock.sleep(until: now.advanced(by: wait), tolerance: nil)
                } catch {
                    return nil
                }
            } else if .zero - ahead > maxWait {
                // The consumer fell far behind: do not try to catch up in a burst.
                anchor = (now, t)
            }
            return event
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), speed: speed, maxWait: .seconds(maxWaitSeconds), clock: clock)
    }
}

extension PacedSource where PacingClock == ContinuousClock {
    /// Paces `base` at `speed` in real time (see `init(_:speed:maxWaitSeconds:clock:)`).
    public init(_ base: Base, speed: Double, maxWaitSeconds: Double = 10) {
        self.init(base, speed: speed, maxWaitSeconds: maxWaitSeconds, clock: ContinuousClock())
    }
}

/// Speeds with a meaning of their own for `PacedSource`.
public enum Pacing {
    /// A speed that means "as fast as possible": the source is never slept on.
    public static var unpaced: Double { .infinity }
}
