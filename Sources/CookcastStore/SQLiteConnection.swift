import CSQLite

/// One open SQLite database connection; closes it when released.
///
/// Not thread-safe: confine it to one thread or guard it with a lock (as `SessionStore` does).
/// Errors name the file and what was being done.
///
/// ```swift
/// let db = try SQLiteConnection(path: "/tmp/x.db")
/// try db.transaction {
///     let insert = try db.cachedStatement("INSERT INTO t(v) VALUES (?)")
///     insert.bind(Int64(1), at: 1)
///     try insert.run()
/// }
/// ```
public final class SQLiteConnection {
    /// How to open the file.
    public enum Mode: Sendable {
        /// Read and write; create the file if missing.
        case readWriteCreate
        /// Read and write an existing file.
        case readWrite
        /// Read only; the file must exist.
        case readOnly
        /// Read only, the file taken as one nothing changes (SQLite's `immutable=1` URI
        /// parameter): no locks and no `-shm` file, so a database in WAL mode can be read where
        /// that file cannot be created (a read-only directory). A `-wal` file is not read: only
        /// for a database without one to recover, that no one writes meanwhile.
        case readOnlyImmutable
    }

    private let handle: OpaquePointer
    /// The database file as given (`:memory:` for an in-memory database).
    public let path: String
    /// Whether the connection was opened read-only.
    public let isReadOnly: Bool
    private var cache: [String: SQLiteStatement] = [:]

    /// Opens `path`.
    ///
    /// - Parameters:
    ///   - mode: read-write (creating the file by default) or read-only.
    ///   - busyTimeoutSeconds: how long a statement waits for another connection's lock before
    ///     failing with `database is locked` (`SQLITE_BUSY`).
    public init(path: String, mode: Mode = .readWriteCreate, busyTimeoutSeconds: Double = 5) throws(SQLiteError) {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readOnlyImmutable: flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        }
        let filename = mode == .readOnlyImmutable ? Self.immutableURI(path: path) : path
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(filename, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let error =
                db.map { SQLiteError(db: $0, context: "cannot open database", path: path) }
                ?? SQLiteError(
                    code: rc, message: String(cString: sqlite3_errstr(rc)), context: "cannot open database", path: path)
            sqlite3_close_v2(db)
            throw error
        }
        self.handle = db
        self.path = path
        self.isReadOnly = mode != .readWriteCreate && mode != .readWrite
        let milliseconds = Int32(clamping: Int((max(0, busyTimeoutSeconds) * 1000).rounded()))
        sqlite3_busy_timeout(db, milliseconds)
    }

    /// `path` as a URI filename with `mode=ro&immutable=1`: every byte but unreserved ones and
    /// `/` percent-encoded (a `?`, `#` or `%` in a name would end or change the path), an absolute
    /// path after an empty authority (`file:///tmp/x.db`, so `//x` is not taken for a host).
    static func immutableURI(path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return (path.hasPrefix("/") ? "file://" : "file:") + encoded + "?mode=ro&immutable=1"
    }

    deinit {
        cache.removeAll()
        // close_v2 defers the close until statements still held elsewhere are finalized.
        sqlite3_close_v2(handle)
    }

    /// Prepares a statement the caller owns.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(db: handle, sql: sql, path: path)
    }

    /// A statement prepared once per connection and reused; it comes back reset, with old bindings.
    ///
    /// Bind every parameter before running it, and do not hold on to it across other calls that
    /// may use the same SQL.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    /// Runs one or more `;`-separated statements without parameters, ignoring result rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError(db: handle, context: "cannot run statement on", sql: sql, path: path)
        }
    }

    /// The first column of the first row of `sql`, or `.null` when there is no row.
    public func scalar(_ sql: String) throws(SQLiteError) -> SQLiteValue {
        let statement = try prepare(sql)
        return try statement.step() ? statement.value(at: 0) : .null
    }

    /// How a transaction takes its locks.
    public enum TransactionKind: Sendable {
        /// Takes the write lock at `BEGIN` (or reports `SQLITE_BUSY` there, not halfway through).
        case immediate
        /// Takes locks when first needed; use it for a consistent snapshot of several reads.
        case deferred
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Not reentrant: `body` must not start another transaction.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try cachedStatement(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED").run()
        do {
            let result = try body()
            try cachedStatement("COMMIT").run()
            return result
        } catch {
            // Rollback can only fail if there is no transaction left, which is the state we want.
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rowid of the last successful INSERT into a rowid table.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// False while a transaction is open.
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Version of the SQLite library, e.g. `3.40.1`.
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
