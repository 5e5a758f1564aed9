import CookcastCore

/// Wraps a source so its events come out at `speed` times real time.
///
/// Each event is released when the wall clock (a `ContinuousClock`) has advanced by
/// `(t - t_first) / speed` since the first event. A gap longer than `maxWaitSeconds` of wall time
/// (a long dropout at speed 1, say) is cut to that wait and the schedule shifts, so later events
/// are not bunched. Events that go back in time are released at once. An infinite or huge speed
/// (`PacedSource.unpaced`) never sleeps.
public struct PacedSource<Base: ReadingSource>: ReadingSource {
    public typealias Element = SourceEvent

    /// The wrapped source.
    public let base: Base
    /// Session seconds per wall second (1 = real time).
    public let speed: Double
    /// Longest single wait in wall seconds.
    public let maxWaitSeconds: Double

    /// A speed that means "as fast as possible".
    public static var unpaced: Double { .infinity }

    /// Paces `base` at `speed` (> 0; infinite or >= 1e9 means no pacing).
    public init(_ base: Base, speed: Double, maxWaitSeconds: Double = 10) {
        self.base = base
        self.speed = speed > 0 ? speed : 1
        self.maxWaitSeconds = maxWaitSeconds
    }

    public var label: String { base.label }
    public var decoder: (any ProbeDecoder)? { base.decoder }

    /// Sleeps before returning each event of the base iterator; returns nil if the task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let speed: Double
        let maxWait: Duration
        let clock = ContinuousClock()
        var anchor: (wall: ContinuousClock.Instant, session: Double)?

        public mutating func next() async throws -> SourceEvent? {
            guard let event = try await base.next() else { return nil }
            guard speed.isFinite, speed < 1e9 else { return event }
            let t = event.elapsedSeconds
            guard let (wall, session) = anchor else {
                anchor = (clock.now, t)
                return event
            }
            let due = wall + .seconds(Swift.max(0, (t - session) / speed))
            let now = clock.now
            if due > now {
                let wait = Swift.min(due - now, maxWait)
                if wait < due - now {
                    // Shorten the gap: re-anchor so this event is due after `maxWait`.
                    anchor = (now + wait, t)
                }
                do {
                    try await Task.sleep(until: now + wait, clock: clock)
                } catch {
                    return nil
                }
            } else if now - due > maxWait {
                // The consumer fell far behind: do not try to catch up in a burst.
                anchor = (now, t)
            }
            return event
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), speed: speed, maxWait: .seconds(maxWaitSeconds))
    }
}
