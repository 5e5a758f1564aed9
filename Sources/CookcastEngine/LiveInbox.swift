import CookcastCore
import Foundation

/// What the live loop of a real-time source handles: a source event, a tick of the silence
/// timer, or the source's failure.
enum LiveInput: Sendable {
    case event(SourceEvent)
    case tick
    case failed(any Error)
}

/// The queue between a real-time source's reader and the live loop: unbounded (the link is never
/// held up while the database is locked or the disk full), countable (how many readings wait), and
/// closable without losing what it holds: after Ctrl-C nothing more is taken in, and what was
/// received is still handed out, to be stored or saved to a recovery file.
///
/// A source that can wait (standard input: a pipe holds what is not read) is taken in through
/// `push(_:waitingWhileAtLeast:)`, no faster than the loop handles it (a waiting push goes on
/// once the queue is down to half the limit), except while the limit
/// is lifted (the database is locked, and what arrives is kept here as for any source).
final class LiveInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [LiveInput] = []
    private var head = 0
    private var closed = false
    private var waiter: CheckedContinuation<LiveInput?, Never>?
    private var roomWaiter: CheckedContinuation<Void, Never>?
    private var roomLimit = Int.max
    private var isLimitLifted = false
    private let closesWhenCancelled: Bool

    /// An open, empty inbox. `closesWhenCancelled`: a cancelled `next()` (Ctrl-C) closes it; false
    /// for a source that stops reading by itself and whose last events must still come in (a
    /// cancelled `next()` then hands out a `.tick` when nothing is queued, so the loop hears it).
    init(closesWhenCancelled: Bool = true) {
        self.closesWhenCancelled = closesWhenCancelled
    }

    /// Adds `input`; false once the inbox is closed (the input is not taken).
    @discardableResult
    func push(_ input: LiveInput) -> Bool {
        let (accepted, waiting): (Bool, CheckedContinuation<LiveInput?, Never>?) = lock.withLock {
            guard !closed else { return (false, nil) }
            if let waiter {
                self.waiter = nil
                return (true, waiter)
            }
            items.append(input)
            return (true, nil)
        }
        waiting?.resume(returning: input)
        return accepted
    }

    /// Like `push`, first waiting while `limit` inputs are queued (unless the limit is lifted,
    /// the inbox closed or the task cancelled): a fast feeder waits in its pipe, not in memory.
    @discardableResult
    func push(_ input: LiveInput, waitingWhileAtLeast limit: Int) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let hasRoom: Bool = lock.withLock {
                    if closed || isLimitLifted || Task.isCancelled || items.count - head < limit { return true }
                    roomLimit = limit
                    roomWaiter = continuation
                    return false
                }
                if hasRoom { continuation.resume() }
            }
        } onCancel: {
            wakePusher()
        }
        return push(input)
    }

    /// Lifts the limit of `push(_:waitingWhileAtLeast:)` (`true`: while the database is locked,
    /// what the source has is taken in and kept) or puts it back.
    func liftLimit(_ lifted: Bool) {
        lock.withLock { isLimitLifted = lifted }
        if lifted { wakePusher() }
    }

    /// Whether the inbox takes nothing more (closed by the source's reader at its end, or at Ctrl-C).
    var isClosed: Bool { lock.withLock { closed } }

    /// Takes nothing more; what is queued is still handed out by `next()`.
    func close() {
        let waiting: CheckedContinuation<LiveInput?, Never>? = lock.withLock {
            closed = true
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(returning: nil)
        wakePusher()
    }

    /// Resumes a push waiting for room.
    private func wakePusher() {
        let pusher: CheckedContinuation<Void, Never>? = lock.withLock {
            defer { roomWaiter = nil }
            return roomWaiter
        }
        pusher?.resume()
    }

    /// The next input, waiting for one; nil once closed and empty. Cancelling the waiting task
    /// closes the inbox (Ctrl-C stops the intake, not the handling of what came before).
    func next() async -> LiveInput? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<LiveInput?, Never>) in
                let (ready, pusher): (LiveInput??, CheckedContinuation<Void, Never>?) = lock.withLock {
                    if head < items.count {
                        defer { advance() }
                        // A waiting push goes on once half the room is free, not at every input.
                        let hasRoom = items.count - head - 1 <= roomLimit / 2
                        defer { if hasRoom { roomWaiter = nil } }
                        return (.some(items[head]), hasRoom ? roomWaiter : nil)
                    }
                    if closed { return (.some(nil), nil) }
                    waiter = continuation
                    return (nil, nil)
                }
                pusher?.resume()
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            if closesWhenCancelled { close() } else { wakeWaiter() }
        }
    }

    /// Hands a waiting `next()` a `.tick`, the inbox left open.
    private func wakeWaiter() {
        let waiting: CheckedContinuation<LiveInput?, Never>? = lock.withLock {
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(returning: .tick)
    }

    /// Everything still queued, in order; the inbox is left empty.
    func drain() -> [LiveInput] {
        let rest: [LiveInput] = lock.withLock {
            let rest = Array(items[head...])
            items.removeAll()
            head = 0
            return rest
        }
        wakePusher()
        return rest
    }

    /// What waits in the queue: readings, and packets that decode to none.
    struct Waiting: Equatable {
        /// Readings queued: a reading event, or each reading a packet decodes to (an iBBQ's one
        /// per plugged probe).
        var readings = 0
        /// Packets queued that do not decode (stored, or saved, as decode-error events).
        var undecodable = 0
    }

    /// The readings and undecodable packets still queued, packets decoded by `decoder` (nil: a
    /// source without one, whose packets cannot be read). A packet was counted as one reading
    /// whatever it held: "8 readings wait to be stored", then 6 saved, and a status packet
    /// (an iBBQ battery reply) counted as a reading too.
    func waiting(decodedBy decoder: (any ProbeDecoder)?) -> Waiting {
        lock.withLock {
            items[head...].reduce(into: Waiting()) { count, input in
                guard case .event(let event) = input else { return }
                switch event {
                case .reading: count.readings += 1
                case .packet(let bytes, let t, let channel):
                    switch decoder?.decode(bytes, elapsedSeconds: t, channel: channel) {
                    case .failure, nil: count.undecodable += 1
                    case let packet?: count.readings += packet.readings.count
                    }
                case .connection: break
                }
            }
        }
    }

    /// Call with the lock held.
    private func advance() {
        head += 1
        if head > 1024, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
    }
}
