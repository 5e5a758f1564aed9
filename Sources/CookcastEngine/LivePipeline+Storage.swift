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
                    configuration.onNotice?(
                        "database is locked by another connection (\(error.path ?? "?")): keeping readings in "
                            + "memory and retrying; nothing is lost while this process runs")
                }
                if Task.isCancelled {
                    let interrupted = interruptedAt ?? now
                    interruptedAt = interrupted
                    if (now - interrupted).inSeconds >= configuration.busyRetry.afterInterruptSeconds { throw error }
                }
                await Self.pause(seconds: delay)
                delay = min(delay * 2, configuration.busyRetry.maxDelaySeconds)
            }
        }
    }

    /// Sleeps even when the task is cancelled: after Ctrl-C what was received still gets stored.
    private static func pause(seconds: Double) async {
        await Task.detached { try? await Task.sleep(for: .seconds(seconds)) }.value
    }
}
