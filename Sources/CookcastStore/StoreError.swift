/// Domain errors of the session store (SQLite failures are `SQLiteError`).
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A read-only open of a file that does not exist.
    case databaseNotFound(path: String)
    /// The path names a directory: no database can be opened or created there.
    case databaseIsDirectory(path: String)
    /// The file holds `bytes` bytes, more than none and fewer than an SQLite file's 100-byte
    /// header: no database (cut short, or another kind of file), and none may be set up over it.
    case tooShortForADatabase(path: String, bytes: Int)
    /// The directory for a new database could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The file was written by a newer cookcast, with a schema this build does not know.
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// A read-only open of a file whose schema is older than this build's and that cannot be
    /// written to upgrade it (or holds no cookcast schema at all).
    case schemaTooOld(path: String, found: Int, supported: Int)
    /// A read-only open of a database in WAL mode whose write-ahead log (`-wal`) holds changes,
    /// where SQLite cannot create the index it reads that log through (`-shm`: a directory the
    /// user cannot write); `reason` is SQLite's message.
    case walNeedsRecovery(path: String, reason: String)
    /// No session has this id.
    case sessionNotFound(id: Int64)
    /// An update needs `SessionInfo.id`, and it was nil.
    case missingSessionID
    /// A stored value this build cannot interpret (e.g. an unknown session status).
    case unexpectedValue(table: String, column: String)
    /// The lock file that marks a session as being recorded could not be opened or locked.
    case cannotLock(path: String, reason: String)

    public var description: String {
        switch self {
        case .databaseNotFound(let path):
            return "no database at \(path)"
        case .databaseIsDirectory(let path):
            return "cannot open database \(path): it is a directory, not a database file"
        case .tooShortForADatabase(let path, let bytes):
            return
                "cannot open database \(path): not a cookcast database: \(bytes) bytes, fewer than the 100 of an SQLite "
                + "file's header (cut short, or another kind of file)"
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create directory \(path): \(reason)"
        case .schemaTooNew(let path, let found, let supported):
            return "database \(path) has schema version \(found), newer than this cookcast supports (\(supported))"
        case .schemaTooOld(let path, let found, let supported):
            guard found > 0 else {
                return
                    "database \(path) holds no cookcast data yet (schema version 0); `cookcast live` or `import` "
                    + "sets it up"
            }
            return
                "database \(path) has schema version \(found), older than \(supported), and cannot be written to upgrade "
                + "it: make it writable (or work on a writable copy) and run any cookcast command on it once"
        case .walNeedsRecovery(let path, let reason):
            return
                "cannot read database \(path): its write-ahead log \(path)-wal holds changes, and SQLite cannot create "
                + "\(path)-shm to read it (\(reason)): make the directory writable, or copy the database with its "
                + "-wal file to one that is"
        case .sessionNotFound(let id):
            return "no session with id \(id)"
        case .missingSessionID:
            return "session has no id; store it first"
        case .unexpectedValue(let table, let column):
            return "unexpected value in \(table).\(column); was the database written by a newer cookcast?"
        case .cannotLock(let path, let reason):
            return "cannot lock \(path): \(reason)"
        }
    }
}
