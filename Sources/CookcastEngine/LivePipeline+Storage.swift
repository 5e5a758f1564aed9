import CookcastCore
import CookcastStore

extension LivePipeline {
    /// Runs one write to the store, waiting out a database that another connection keeps locked.
    ///
    /// A `database is locked` failure wrote nothing, so the same write is tried again after a
    /// pause (`BusyRetryPolicy`) until it goes through; the reading in hand waits here and later
    /// events wait, in order, in the source. The first lock is announced once through
    /// `Configuration.onNotice`, and so is the recovery, which is also stored as a note. Any other
    /// error is thrown at once.
    func storing<T>(_ write: () throws -> T) async throws -> T {
        var delay = configuration.busyRetry.initialDelaySeconds
        // The first failure comes after SQLite's own busy wait: the lock began before it.
        let began = ContinuousClock.now
        while true {
            do {
                let result = try write()
                if let since = busySince {
                    busySince = nil
                    inbox?.liftLimit(false)
                    let seconds = Int((ContinuousClock.now - since).inSeconds.rounded())
                    let detail =
                        "database was locked by another connection for \(seconds) s; "
                        + "the readings meanwhile were kept in memory and stored in order"
                    configuration.onNotice?("database writable again: \(detail)")
                    try await storing {
                        try store.append(
                            SessionEvent(elapsedSeconds: status.elapsedSeconds, kind: .note, detail: detail),
                            session: configuration.sessionID)
                    }
                }
                return result
            } catch let error as SQLiteError where error.isBusy {
                let now = ContinuousClock.now
                if busySince == nil {
                    busySince = began
                    // Locked: what a source that can wait sends is kept in memory, as for any source.
                    inbox?.liftLimit(true)
                    configuration.onNotice?(
                        "database is locked by another connection (\(error.path ?? "?")): keeping readings in "
                            + "memory and retrying; nothing is lost while this process runs")
                }
                if Task.isCancelled {
                    let interrupted = interruptedAt ?? now
                    if interruptedAt == nil {
                        interruptedAt = interrupted
                        // What came before the interrupt waits to be stored; nothing more is taken in.
                        inbox?.close()
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
                        throw LockAbandoned(
                            reason: "database locked by another connection; stopped trying on a second interrupt")
                    }
                    if (now - interrupted).inSeconds >= configuration.busyRetry.afterInterruptSeconds {
                        throw LockAbandoned(
                            reason:
                                "database still locked by another connection \(Int(configuration.busyRetry.afterInterruptSeconds.rounded())) s after the interrupt"
                        )
                    }
                }
                await pause(seconds: delay)
                delay = min(delay * 2, configuration.busyRetry.maxDelaySeconds)
            }
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
    /// in short steps once cancelled, so a second Ctrl-C is heard within a tenth of a second.
    private func pause(seconds: Double) async {
        var left = seconds
        while left > 0 {
            let step = Task.isCancelled ? min(left, 0.1) : left
            await Task.detached { try? await Task.sleep(for: .seconds(step)) }.value
            left -= step
            if Task.isCancelled, configuration.isStopRequested?() == true { return }
        }
    }
}

/// The pipeline gave up waiting for a locked database after Ctrl-C.
struct LockAbandoned: Error {
    /// One line for the user, e.g. `database locked by another connection; stopped trying on a second interrupt`.
    var reason: String
}
