import CookcastCore
import CookcastStore

extension LivePipeline {
    /// Why writes wait: another connection's lock, or a disk with no room.
    enum Stall: Equatable {
        case locked
        case diskFull
    }

    /// Runs one write to the store, waiting out a database that another connection keeps locked,
    /// or a disk that is full.
    ///
    /// A `database is locked` or a disk-full failure (`SQLiteError.isFull`) wrote nothing, so the
    /// same write is tried again after a pause (`BusyRetryPolicy`) until it goes through; the
    /// reading in hand waits here and later events wait, in order, in the source (a real-time
    /// source's queue; a source that can wait is read no further while the disk is full). The
    /// stall is announced once through `Configuration.onNotice`, and so is the recovery, which is
    /// also stored as a note. A full disk is given up on at Ctrl-C or once nothing more can come
    /// in (`intakeHasEnded`), a lock after `BusyRetryPolicy.afterInterruptSeconds` past Ctrl-C or
    /// a second interrupt: `StorageAbandoned`, what waits then handed back to be saved. Any other
    /// error is thrown at once.
    func storing<T>(_ write: () throws -> T) async throws -> T {
        var delay = configuration.busyRetry.initialDelaySeconds
        // The first failure comes after SQLite's own busy wait: the lock began before it.
        let began = ContinuousClock.now
        while true {
            do {
                let result = try write()
                if let stall { try await recover(from: stall) }
                return result
            } catch let error as SQLiteError where error.isBusy || error.isFull {
                let kind: Stall = error.isBusy ? .locked : .diskFull
                if kind == .diskFull, let end = runEnd {
                    // Nothing more comes in, and no one may free space: what waits is saved now.
                    throw StorageAbandoned(reason: "\(error.description); still full \(end)", stall: .diskFull)
                }
                if stall == nil { announce(kind, error: error, since: kind == .locked ? began : .now) }
                if kind == .locked, Task.isCancelled { try keepTryingAfterInterrupt() }
                await pause(seconds: delay, stall: kind)
                delay = min(delay * 2, configuration.busyRetry.maxDelaySeconds)
            }
        }
    }

    /// When the run is over for a full disk (Ctrl-C, or nothing more to come in), how to say so;
    /// nil while it goes on.
    private var runEnd: String? {
        if Task.isCancelled { return "at the interrupt" }
        return intakeHasEnded ? "when the input ended" : nil
    }

    /// Says once that writes wait, and why; a locked database lets a source that can wait be read
    /// on meanwhile (a lock is a pause of seconds), a full disk does not (what is not read waits in
    /// the pipe, not in memory, until space is freed).
    private func announce(_ kind: Stall, error: SQLiteError, since: ContinuousClock.Instant) {
        stall = (kind, since)
        switch kind {
        case .locked:
            inbox?.liftLimit(true)
            configuration.onNotice?(
                "database is locked by another connection (\(error.path ?? "?")): keeping readings in "
                    + "memory and retrying; nothing is lost while this process runs")
        case .diskFull:
            let count = waiting.readings
            configuration.onNotice?(
                "disk full: cannot store in \(error.path ?? "?") (\(error.message)); "
                    + "\(Counted.words(count, "reading")) \(count == 1 ? "waits" : "wait"); retrying as space is freed, "
                    + "nothing is lost while this process runs"
                    + (sourceCanWait ? " (the input is read no further meanwhile)" : "")
                    + "; Ctrl-C saves what waits to a file")
        }
    }

    /// Says, and stores as a note, that the database took a write again after `stall`.
    private func recover(from stall: (kind: Stall, since: ContinuousClock.Instant)) async throws {
        self.stall = nil
        inbox?.liftLimit(false)
        let seconds = Int((ContinuousClock.now - stall.since).inSeconds.rounded())
        let detail =
            stall.kind == .locked
            ? "database was locked by another connection for \(seconds) s; the readings meanwhile were kept in memory and "
                + "stored in order"
            : "the disk was full for \(seconds) s; the readings received meanwhile were kept and stored in order"
        configuration.onNotice?("database writable again: \(detail)")
        try await storing {
            try store.append(
                SessionEvent(elapsedSeconds: status.elapsedSeconds, kind: .note, detail: detail),
                session: configuration.sessionID)
        }
    }

    /// After Ctrl-C with the database locked: says once how many readings wait and stops the
    /// intake; throws `StorageAbandoned` on a second interrupt or once the deadline has passed.
    private func keepTryingAfterInterrupt() throws {
        let now = ContinuousClock.now
        let interrupted = interruptedAt ?? now
        if interruptedAt == nil {
            interruptedAt = interrupted
            // What came before the interrupt waits to be stored; nothing more is taken in.
            stopIntake?()
            let limit = Int(configuration.busyRetry.afterInterruptSeconds.rounded())
            let waiting = self.waiting
            let undecodable =
                waiting.undecodable == 0
                ? ""
                : " (and \(Counted.words(waiting.undecodable, "packet")) that "
                    + (waiting.undecodable == 1 ? "does" : "do") + " not decode, kept as events)"
            configuration.onNotice?(
                "database locked: \(waiting.readings) readings wait to be stored\(undecodable); still trying for "
                    + "\(limit) s, Ctrl-C again to stop trying (what is not stored is then saved to a file)"
            )
        }
        if configuration.isStopRequested?() == true {
            throw StorageAbandoned(
                reason: "database locked by another connection; stopped trying on a second interrupt", stall: .locked)
        }
        if (now - interrupted).inSeconds >= configuration.busyRetry.afterInterruptSeconds {
            throw StorageAbandoned(
                reason:
                    "database still locked by another connection \(Int(configuration.busyRetry.afterInterruptSeconds.rounded())) s after the interrupt",
                stall: .locked)
        }
    }

    /// Readings received and not stored yet (the one in hand, the pending batch, the queue's,
    /// its packets decoded as they will be), and the queue's packets that do not decode.
    var waiting: LiveInbox.Waiting {
        var waiting = inbox?.waiting(decodedBy: packetDecoder) ?? LiveInbox.Waiting()
        if case .reading = unsavedInHand { waiting.readings += 1 }
        waiting.readings += pending.count
        return waiting
    }

    /// Sleeps even when the task is cancelled (after Ctrl-C what was received still gets stored),
    /// in short steps once cancelled, so a second Ctrl-C is heard within a tenth of a second. A
    /// full disk's wait, in such steps throughout, ends as the run does (Ctrl-C, the end of the
    /// input), for one last try.
    private func pause(seconds: Double, stall: Stall) async {
        var left = seconds
        while left > 0 {
            let step = Task.isCancelled || stall == .diskFull ? min(left, 0.1) : left
            await Task.detached { try? await Task.sleep(for: .seconds(step)) }.value
            left -= step
            let isOver =
                stall == .diskFull ? runEnd != nil : Task.isCancelled && configuration.isStopRequested?() == true
            if isOver { return }
        }
    }
}

/// The pipeline gave up on storing what waits: a database locked past Ctrl-C, or a disk still
/// full at Ctrl-C or when the input ended.
struct StorageAbandoned: Error {
    /// One line for the user, e.g. `database locked by another connection; stopped trying on a second interrupt`.
    var reason: String
    /// What the writes waited for.
    var stall: LivePipeline.Stall
}
