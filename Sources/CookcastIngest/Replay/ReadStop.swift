import Foundation

/// A request to stop reading input (Ctrl-C), shared by a source and its reader threads: once set,
/// a reader hands on what it has read and reads nothing more, leaving the rest in the pipe.
final class ReadStop: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    /// Asks the readers to stop; they notice within `StdinSource.stopCheckMilliseconds`.
    func stop() { lock.withLock { stopped = true } }

    /// Whether a stop was asked for.
    var isStopped: Bool { lock.withLock { stopped } }
}
