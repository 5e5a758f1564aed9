import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed SQLite call, with what was being done and on which file.
///
/// `description` is one line for the user, e.g.
/// `cannot open database /x/y.db: unable to open database file`. It never contains bound values;
/// the SQL text is kept in `sql` for debugging and shown only by `debugDescription`.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The (extended) SQLite result code, e.g. 5 for `SQLITE_BUSY`, 26 for `SQLITE_NOTADB`.
    public var code: Int32
    /// SQLite's message, e.g. `database is locked` (an I/O failure's with the system's reason).
    public var message: String
    /// What was being done, e.g. `cannot open database`, `cannot write to database`.
    public var context: String
    /// The statement being prepared or run, if any (placeholders only, never bound values).
    public var sql: String?
    /// The database file, if known.
    public var path: String?
    /// The system's error number behind a failed read or write (`SQLITE_IOERR`: `errno`, e.g.
    /// `ENOSPC`); 0 for any other failure, or when SQLite reported none.
    public var systemCode: Int32

    /// Creates an error.
    public init(
        code: Int32, message: String, context: String, sql: String? = nil, path: String? = nil, systemCode: Int32 = 0
    ) {
        self.code = code
        self.message = message
        self.context = context
        self.sql = sql
        self.path = path
        self.systemCode = systemCode
    }

    /// The last error of connection `db`. For a failed read or write (`SQLITE_IOERR`) the
    /// system's reason follows SQLite's words: "disk I/O error (No space left on device)". A full
    /// disk where the WAL index (`-shm`) had to grow said only "disk I/O error", to every command.
    /// A database whose directory cannot be written (`SQLITE_READONLY_DIRECTORY`) says so.
    init(db: OpaquePointer, context: String, sql: String? = nil, path: String?) {
        let code = sqlite3_extended_errcode(db)
        var message = String(cString: sqlite3_errmsg(db))
        // The connection's last system error, which only an I/O failure is about.
        let systemCode = code & 0xFF == SQLITE_IOERR ? sqlite3_system_errno(db) : 0
        if systemCode != 0 {
            message += " (\(String(cString: strerror(systemCode))))"
        }
        if code == cookcast_sqlite_readonly_directory() {
            // SQLite's words, "attempt to write a readonly database", for a file that may well be writable.
            message = "its directory cannot be written, and SQLite keeps the database's -wal and -shm files there"
        }
        self.init(code: code, message: message, context: context, sql: sql, path: path, systemCode: systemCode)
    }

    /// The primary result code (the low 8 bits of `code`), e.g. `SQLITE_BUSY` for `SQLITE_BUSY_SNAPSHOT`.
    public var primaryCode: Int32 { code & 0xFF }

    /// True when another connection held a lock for longer than the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// True when the disk has no room for the write: `SQLITE_FULL` ("database or disk is full"),
    /// or a failed write whose reason is `ENOSPC` or `EDQUOT` (a full disk or quota where the WAL
    /// index had to grow). Space can be freed while the writer waits, so the write may go through later.
    public var isFull: Bool {
        primaryCode == SQLITE_FULL || (primaryCode == SQLITE_IOERR && (systemCode == ENOSPC || systemCode == EDQUOT))
    }

    /// True when a UNIQUE, PRIMARY KEY, FOREIGN KEY, NOT NULL or CHECK constraint failed.
    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// True when a write was refused because the database is read-only (a write-protected
    /// file, or a read-only connection).
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }

    /// True when SQLite could not open a file it needs (`SQLITE_CANTOPEN`: the database, or its
    /// `-wal` or `-shm` beside it).
    public var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }

    /// True when the file exists but is not an SQLite database.
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }

    /// True when the file's content is damaged (`SQLITE_CORRUPT`: "database disk image is
    /// malformed", a truncated or overwritten file) or is no database at all.
    public var isDamaged: Bool { primaryCode == SQLITE_CORRUPT || isNotADatabase }

    public var description: String {
        let target = path.map { $0.isEmpty ? "" : " \($0)" } ?? ""
        return "\(context)\(target): \(message)"
    }

    public var debugDescription: String {
        sql.map { "\(description) [code \(code), sql: \($0)]" } ?? "\(description) [code \(code)]"
    }

    /// Returns a copy whose context and path describe the caller's operation.
    func with(context: String, path: String?) -> SQLiteError {
        var copy = self
        copy.context = context
        copy.path = path ?? self.path
        return copy
    }
}
