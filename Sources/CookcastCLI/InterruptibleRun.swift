import Dispatch
import Foundation

/// Runs an async job that Ctrl-C (SIGINT) or SIGTERM cancels instead of killing the process,
/// so the job can close its session cleanly.
enum InterruptibleRun {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await body() }
        let queue = DispatchQueue(label: "cookcast.signals")
        var sources: [any DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { task.cancel() }
            source.resume()
            sources.append(source)
        }
        defer {
            for s in sources { s.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        return try await task.value
    }
}
