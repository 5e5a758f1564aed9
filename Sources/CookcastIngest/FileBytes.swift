import Foundation

/// Reading a whole input file the way every command reads one: through a handle, so a FIFO, a
/// process substitution (`<(zcat cook.csv.gz)`) or `/dev/null` reads as a file does
/// (`FileManager.contents(atPath:)` gives nil for them).
public enum FileBytes {
    /// Why a file could not be read, in the words a one-line error gives.
    public enum Failure: Error, Sendable, Equatable {
        /// Nothing at the path.
        case noSuchFile
        /// The path is not a file: `reason` says what it is or why it cannot be opened.
        case unreadable(reason: String)
    }

    /// The bytes of the file at `path`.
    ///
    /// - Throws: `Failure.noSuchFile`, or `Failure.unreadable` with "is a directory",
    ///   "permission denied" or "I/O error".
    public static func read(path: String) throws(Failure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noSuchFile }
        guard !isDirectory.boolValue else { throw .unreadable(reason: "is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(reason: "permission denied") }
        defer { try? handle.close() }
        do { return try handle.readToEnd() ?? Data() } catch { throw .unreadable(reason: "I/O error") }
    }
}
