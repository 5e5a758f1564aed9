/// Why a source could not be opened or read. Descriptions are one line, fit for the terminal.
public enum IngestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing at `path`.
    case fileNotFound(path: String)
    /// The file exists but could not be read or is not text; `reason` says which.
    case unreadable(path: String, reason: String)
    /// Every line of the file was blank, a comment, a header or broken.
    case noValidRows(path: String)
    /// The content matches none of CSV, JSON lines or a hex packet log.
    case unknownFormat(path: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "\(path): no such file"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(Self.oneLine(reason))"
        case .noValidRows(let path):
            return "\(path): no valid rows (expected CSV t_s,probe_c,ambient_c, JSON lines or t_s HEX)"
        case .unknownFormat(let path): return "\(path): unknown format (expected CSV, JSON lines or a hex packet log)"
        }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
