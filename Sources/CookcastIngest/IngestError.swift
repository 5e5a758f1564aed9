/// Why a source could not be opened or read. Descriptions are one line, fit for the terminal.
public enum IngestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing at `path`.
    case fileNotFound(path: String)
    /// The file exists but could not be read (a directory, no permission, an I/O error); `reason` says which.
    case unreadable(path: String, reason: String)
    /// The file was read and holds nothing at all (bad data, not a missing file).
    case emptyFile(path: String)
    /// The file was read but is not UTF-8 text, nor UTF-16 with a byte-order mark (a binary file,
    /// another encoding).
    case notText(path: String)
    /// Every line of the file was blank, a comment, a header or broken.
    case noValidRows(path: String)
    /// The content matches none of CSV, JSON lines or a hex packet log.
    case unknownFormat(path: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "\(path): no such file"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(Self.oneLine(reason))"
        case .emptyFile(let path): return "\(path): empty file"
        case .notText(let path): return "\(path): not UTF-8 text"
        case .noValidRows(let path):
            return "\(path): no valid rows (expected CSV t_s,probe_c,ambient_c, JSON lines or t_s HEX)"
        case .unknownFormat(let path): return "\(path): unknown format (expected CSV, JSON lines or a hex packet log)"
        }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
