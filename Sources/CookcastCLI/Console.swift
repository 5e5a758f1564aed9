import Foundation

/// Where a command writes: standard output and standard error, or a capture in tests.
///
/// Writing never fails for the caller: when standard output breaks (a full disk, a closed pipe,
/// a closed descriptor) the console reports it once on standard error, drops further output and
/// remembers why in `outputFailure`, so `live` keeps recording and other commands exit 74.
public protocol Console: AnyObject, Sendable {
    /// Writes text to standard output (no newline added).
    func write(_ text: String)
    /// Writes text to standard error (no newline added).
    func writeError(_ text: String)
    /// Whether standard output is an interactive terminal (enables in-place redraw).
    var isInteractive: Bool { get }
    /// Width of the terminal in columns, nil when unknown (not a terminal).
    var columns: Int? { get }
    /// Height of the terminal in rows, nil when unknown (not a terminal).
    var rows: Int? { get }
    /// Why writing standard output failed (the first failure), nil while it works.
    var outputFailure: String? { get }
    /// Sets how the one-line report of a failed standard output reads (see `OutputFailureReport`).
    func describeOutputFailure(_ report: OutputFailureReport)
}

extension Console {
    /// Writes one line to standard output.
    public func line(_ text: String = "") { write(text + "\n") }
    /// Writes one line to standard error.
    public func errorLine(_ text: String) { writeError(text + "\n") }
    /// Unknown, by default.
    public var columns: Int? { nil }
    /// Unknown, by default.
    public var rows: Int? { nil }
    /// Never fails, by default.
    public var outputFailure: String? { nil }
    /// Nothing to describe, by default.
    public func describeOutputFailure(_ report: OutputFailureReport) {}
}

/// The line a console writes on standard error the first time standard output fails:
/// `cookcast sessions: cannot write to standard output: No space left on device`.
public struct OutputFailureReport: Sendable {
    /// What precedes the message, e.g. `cookcast live`.
    public var prefix: String
    /// What follows the reason, e.g. `; readings are still being stored`.
    public var note: String
    /// Whether a pipe its reader closed (`cookcast show 1 | head -3`) ends the output quietly:
    /// no line, no failure, later output dropped. The reader chose to stop, as with `git log | head`.
    public var isQuietWhenReaderLeaves: Bool

    /// Creates a report.
    public init(prefix: String = "cookcast", note: String = "", isQuietWhenReaderLeaves: Bool = false) {
        self.prefix = prefix
        self.note = note
        self.isQuietWhenReaderLeaves = isQuietWhenReaderLeaves
    }

    /// The line (with its newline) for `reason`.
    public func line(reason: String) -> String { "\(prefix): cannot write to standard output: \(reason)\(note)\n" }
}

/// The process's real standard output and error, written with `write(2)`.
///
/// `FileHandle.write(_:)` traps on any error (`try!` inside Foundation), so a full disk or a
/// closed pipe used to crash `cookcast` with a stack trace.
public final class StandardConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var failure: String?
    /// The reader of a pipe closed it (quiet, see `OutputFailureReport.isQuietWhenReaderLeaves`).
    private var readerLeft = false
    private var report = OutputFailureReport()

    /// Creates the console; a standard descriptor the parent closed is held on /dev/null first, so
    /// no file the command opens (the database) can take its number and receive its output.
    public init() { StandardDescriptors.reserveClosed() }

    public func write(_ text: String) {
        let failed: (reason: String, report: OutputFailureReport)? = lock.withLock {
            guard failure == nil, !readerLeft else { return nil }
            let result =
                StandardDescriptors.outputWasClosed
                ? (code: EBADF, reason: "standard output is closed")
                : StandardDescriptors.write(text, to: STDOUT_FILENO)
            guard let result else { return nil }
            if result.code == EPIPE, report.isQuietWhenReaderLeaves {
                readerLeft = true
                return nil
            }
            failure = result.reason
            return (result.reason, report)
        }
        if let failed { writeError(failed.report.line(reason: failed.reason)) }
    }

    public func writeError(_ text: String) {
        // Nowhere is left to report a failure of standard error itself.
        _ = StandardDescriptors.writeAll(text, to: STDERR_FILENO)
    }

    public var isInteractive: Bool { outputFailure == nil && isatty(STDOUT_FILENO) != 0 }

    public var outputFailure: String? { lock.withLock { failure } }

    /// Read at every call, so a resized terminal is followed.
    public var columns: Int? { windowSize().flatMap { $0.ws_col > 0 ? Int($0.ws_col) : nil } }

    /// Read at every call, so a resized terminal is followed.
    public var rows: Int? { windowSize().flatMap { $0.ws_row > 0 ? Int($0.ws_row) : nil } }

    private func windowSize() -> winsize? {
        var size = winsize()
        return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 ? size : nil
    }

    public func describeOutputFailure(_ report: OutputFailureReport) { lock.withLock { self.report = report } }
}

/// A console that keeps everything written, for tests; it can fail standard output on purpose.
public final class CapturingConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    private var failure: String?
    private var bytesBeforeFailure: Int?
    private var failureReason = ""
    private var report = OutputFailureReport()

    /// Creates an empty capture.
    public init() {}

    /// Makes standard output fail with `reason` once `bytes` more bytes have been written.
    public func failOutput(after bytes: Int, reason: String) {
        lock.withLock {
            bytesBeforeFailure = bytes
            failureReason = reason
        }
    }

    public func write(_ text: String) {
        lock.withLock {
            guard failure == nil else { return }
            if let budget = bytesBeforeFailure, text.utf8.count > budget {
                failure = failureReason
                err += report.line(reason: failureReason)
                return
            }
            bytesBeforeFailure = bytesBeforeFailure.map { $0 - text.utf8.count }
            out += text
        }
    }

    public func writeError(_ text: String) { lock.withLock { err += text } }
    public var isInteractive: Bool { false }
    public var outputFailure: String? { lock.withLock { failure } }
    public func describeOutputFailure(_ report: OutputFailureReport) { lock.withLock { self.report = report } }
    /// Everything written to standard output.
    public var standardOutput: String { lock.withLock { out } }
    /// Everything written to standard error.
    public var standardError: String { lock.withLock { err } }
}
