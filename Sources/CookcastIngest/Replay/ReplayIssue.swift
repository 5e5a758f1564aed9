/// A line of a replay file (or stdin) that was skipped, and why.
public struct ReplayIssue: Sendable, Hashable, CustomStringConvertible {
    /// File the line came from (`stdin` for standard input).
    public var path: String
    /// 1-based line number.
    public var line: Int
    /// What was wrong, one line.
    public var message: String

    /// Creates an issue.
    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `file:line: message`, as compilers print it.
    public var description: String { "\(path):\(line): \(message)" }
}
