import Foundation

/// Where a command writes: standard output and standard error, or a capture in tests.
public protocol Console: AnyObject, Sendable {
    /// Writes text to standard output (no newline added).
    func write(_ text: String)
    /// Writes text to standard error (no newline added).
    func writeError(_ text: String)
    /// Whether standard output is an interactive terminal (enables in-place redraw).
    var isInteractive: Bool { get }
}

extension Console {
    /// Writes one line to standard output.
    public func line(_ text: String = "") { write(text + "\n") }
    /// Writes one line to standard error.
    public func errorLine(_ text: String) { writeError(text + "\n") }
}

/// The process's real standard output and error.
public final class StandardConsole: Console {
    /// Creates the console.
    public init() {}

    public func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    public func writeError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
    public var isInteractive: Bool { isatty(STDOUT_FILENO) != 0 }
}

/// A console that keeps everything written, for tests.
public final class CapturingConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    /// Creates an empty capture.
    public init() {}

    public func write(_ text: String) { lock.withLock { out += text } }
    public func writeError(_ text: String) { lock.withLock { err += text } }
    public var isInteractive: Bool { false }
    /// Everything written to standard output.
    public var standardOutput: String { lock.withLock { out } }
    /// Everything written to standard error.
    public var standardError: String { lock.withLock { err } }
}
