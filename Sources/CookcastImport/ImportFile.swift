import CookcastIngest
import Foundation

/// One input file: its path (for messages and for readers that need the file itself, like SQLite)
/// and its bytes.
public struct ImportFile: Sendable, Hashable {
    /// Path as given by the user.
    public var path: String
    /// The file's bytes.
    public var bytes: [UInt8]
    /// Last modification time in milliseconds since the Unix epoch, if known; the fallback start
    /// time for formats that carry no wall clock.
    public var modifiedAtUnixMs: Int64?

    /// A file from bytes already in memory (tests, stdin).
    public init(path: String, bytes: [UInt8], modifiedAtUnixMs: Int64? = nil) {
        self.path = path
        self.bytes = bytes
        self.modifiedAtUnixMs = modifiedAtUnixMs
    }

    /// Whether the file can be read again for the same bytes: false for a FIFO, a process
    /// substitution (`<(zcat cook.csv.gz)`) or a device, whose bytes are read once.
    public var isRegular = true

    /// Reads the file at `path` as `live --replay` reads one (`FileBytes`): a FIFO or a
    /// process substitution too (`FileManager.contents(atPath:)` gives nil for them, which was
    /// "cannot read file", exit 66, for a file `predict` and `live --replay` read).
    public init(path: String) throws(ImportError) {
        let data: Data
        do { data = try FileBytes.read(path: path) } catch {
            switch error {
            case .noSuchFile: throw ImportError.unreadable(file: path, reason: "no such file")
            case .unreadable(let reason): throw ImportError.unreadable(file: path, reason: reason)
            }
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let modified = (attributes?[.modificationDate] as? Date).map {
            Int64(($0.timeIntervalSince1970 * 1000).rounded())
        }
        self.init(path: path, bytes: [UInt8](data), modifiedAtUnixMs: modified)
        isRegular = (attributes?[.type] as? FileAttributeType) == .typeRegular
    }

    /// The last path component, e.g. `history_probe_1_20211113180049.csv`.
    public var fileName: String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// The file name without its last extension.
    public var stem: String {
        let name = fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
