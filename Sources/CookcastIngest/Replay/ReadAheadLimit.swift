import Foundation

/// How far a reader thread may run ahead of the one consuming its events: the thread takes a
/// place before each event it hands on, waiting while `limit` are taken, and the consumer gives
/// one back for each event it receives. A waiting reader goes on once half the places are free,
/// not at every one (one thread switch per event halved the rate).
///
/// Without it `cookcast live --stdin` fed faster than it stores (a day's log piped in) parsed the
/// whole input into an unbounded buffer first: a 3-day, 4-probe log (2 M lines) took 170 MB before
/// the first thousand readings were stored.
final class ReadAheadLimit: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private var taken = 0
    private var isAbandoned = false

    /// A limit of `limit` events (at least 1) handed on and not yet received.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Reader side: waits while `limit` events are pending; never once abandoned.
    func take() {
        condition.lock()
        defer { condition.unlock() }
        while taken >= limit && !isAbandoned { condition.wait() }
        taken += 1
    }

    /// Consumer side: one event received.
    func giveBack() {
        condition.lock()
        defer { condition.unlock() }
        taken -= 1
        if taken <= limit / 2 { condition.signal() }
    }

    /// The consumer is gone (the stream was terminated): the reader never waits again.
    func abandon() {
        condition.lock()
        defer { condition.unlock() }
        isAbandoned = true
        condition.signal()
    }
}
