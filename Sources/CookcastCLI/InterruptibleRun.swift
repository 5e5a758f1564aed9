import Dispatch
import Foundation

/// Runs an async job that Ctrl-C (SIGINT), SIGTERM or SIGHUP (a dropped SSH session) cancels
/// instead of killing the process, so the job can close its session cleanly.
enum InterruptibleRun {
    /// The signals that cancel the job.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The signal that cancelled the last job run under this record, for the exit status (128 + signal).
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var caught: Int32?
        private var caughtCount = 0

        /// The first signal caught, nil if none.
        var signal: Int32? { lock.withLock { caught } }

        /// How many signals were caught (a second Ctrl-C: stop waiting for a locked database).
        var count: Int { lock.withLock { caughtCount } }

        func catchSignal(_ number: Int32) {
            lock.withLock {
                caught = caught ?? number
                caughtCount += 1
            }
        }
    }

    /// Where `run` notes the signal it caught; `CookcastMain` sets one per command.
    @TaskLocal static var record: Record?

    /// Runs `body` with the signals caught: the handlers are in place before the job starts, so
    /// a signal at its very start cancels it too. With the job started first, a Ctrl-C in the
    /// moment before the handlers were installed killed the process with its session left
    /// recording (seen once under load: exit status 2 instead of 130).
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let job = PendingJob<T>()
        let record = Self.record
        let queue = DispatchQueue(label: "cookcast.signals")
        var sources: [any DispatchSourceSignal] = []
        for sig in signals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                record?.catchSignal(sig)
                job.cancel()
            }
            source.resume()
            sources.append(source)
        }
        defer {
            for s in sources { s.cancel() }
            for sig in signals { signal(sig, SIG_DFL) }
        }
        return try await job.start(body).value
    }

    /// The job's task, once started; a cancel that comes first cancels it as it starts.
    private final class PendingJob<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var task: Task<T, any Error>?
        private var cancelled = false

        func start(_ body: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
            let task = Task { try await body() }
            let cancelNow = lock.withLock {
                self.task = task
                return cancelled
            }
            if cancelNow { task.cancel() }
            return task
        }

        func cancel() {
            let task = lock.withLock {
                cancelled = true
                return self.task
            }
            task?.cancel()
        }
    }
}
