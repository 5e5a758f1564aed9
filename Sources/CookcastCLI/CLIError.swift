import CookcastIngest

/// Exit codes, from sysexits.h.
public enum ExitCode {
    public static let success: Int32 = 0
    /// Command line usage error.
    public static let usage: Int32 = 64
    /// Input data was incorrect.
    public static let dataError: Int32 = 65
    /// A named input file did not exist or was unreadable.
    public static let noInput: Int32 = 66
    /// A service (Bluetooth) is unavailable.
    public static let unavailable: Int32 = 69
    /// Internal software error.
    public static let software: Int32 = 70
    /// Input/output error (database, files).
    public static let ioError: Int32 = 74
    /// Interrupted (Ctrl-C, SIGTERM, SIGHUP) after a clean shutdown; `CookcastMain` reports
    /// 128 + the signal actually caught.
    public static let interrupted: Int32 = 130

    /// Stopped by `signal` after a clean shutdown: 128 + the signal number, as a shell reports a
    /// process the signal killed (SIGHUP 129, SIGINT 130, SIGTERM 143).
    public static func signalled(_ signal: Int32) -> Int32 { 128 + signal }
}

/// An error shown to the user as one line, with the exit code it maps to.
public struct CLIError: Error, CustomStringConvertible {
    /// One-line message (no trailing newline).
    public var message: String
    /// Process exit status.
    public var exitCode: Int32
    /// Whether to print the command's usage after the message.
    public var showUsage: Bool

    /// Creates an error.
    public init(_ message: String, exitCode: Int32, showUsage: Bool = false) {
        self.message = message
        self.exitCode = exitCode
        self.showUsage = showUsage
    }

    /// A usage error (exit 64, usage printed).
    public static func usage(_ message: String) -> CLIError {
        CLIError(message, exitCode: ExitCode.usage, showUsage: true)
    }

    /// Bad input data (exit 65).
    public static func data(_ message: String) -> CLIError { CLIError(message, exitCode: ExitCode.dataError) }

    /// An input file that could not be used: missing or unreadable is exit 66, anything wrong with
    /// its content (empty, not UTF-8, no valid row) exit 65.
    static func input(_ error: Error) -> CLIError {
        switch error {
        case IngestError.fileNotFound, IngestError.unreadable:
            return CLIError("\(error)", exitCode: ExitCode.noInput)
        default:
            return .data("\(error)")
        }
    }

    /// I/O failure (exit 74).
    public static func io(_ message: String) -> CLIError { CLIError(message, exitCode: ExitCode.ioError) }

    public var description: String { message }
}
