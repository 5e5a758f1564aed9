import CSQLite

/// A prepared SQLite statement: bind parameters (1-based), step, read columns (0-based), reset.
///
/// Not thread-safe; use it on the thread that owns its `SQLiteConnection`. It may outlive the
/// connection: SQLite keeps the database handle alive until the statement is finalized.
///
/// ```swift
/// let statement = try db.prepare("SELECT t_ms, probe_c FROM readings WHERE session_id = ?")
/// statement.bind(Int64(7), at: 1)
/// while try statement.step() {
///     print(statement.int64(at: 0), statement.optionalDouble(at: 1) as Any)
/// }
/// ```
public final class SQLiteStatement {
    private let handle: OpaquePointer
    private let db: OpaquePointer
    /// The SQL the statement was prepared from.
    public let sql: String
    /// The database file (for error messages).
    public let path: String

    init(db: OpaquePointer, sql: String, path: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(db: db, context: "cannot prepare statement on", sql: sql, path: path)
        }
        self.handle = statement
        self.db = db
        self.sql = sql
        self.path = path
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding (parameter indexes are 1-based)

    /// Binds an integer, or NULL for nil, to parameter `index` (1-based).
    @inline(__always)
    public func bind(_ value: Int64?, at index: Int32) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds an integer, or NULL for nil, to parameter `index` (1-based).
    @inline(__always)
    public func bind(_ value: Int?, at index: Int32) {
        bind(value.map { Int64($0) }, at: index)
    }

    /// Binds a float, or NULL for nil, to parameter `index` (1-based).
    @inline(__always)
    public func bind(_ value: Double?, at index: Int32) {
        if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds UTF-8 text (copied), or NULL for nil, to parameter `index` (1-based).
    public func bind(_ value: String?, at index: Int32) {
        guard var value else {
            sqlite3_bind_null(handle, index)
            return
        }
        value.withUTF8 { bytes in
            if let base = bytes.baseAddress {
                let chars = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                sqlite3_bind_text(handle, index, chars, Int32(bytes.count), cookcast_sqlite_transient())
            } else {
                // An empty buffer has no address; a nil pointer would bind NULL instead of ''.
                sqlite3_bind_text(handle, index, "", 0, cookcast_sqlite_transient())
            }
        }
    }

    /// Binds bytes (copied) as a blob, or NULL for nil, to parameter `index` (1-based).
    public func bind(_ value: [UInt8]?, at index: Int32) {
        guard let value else {
            sqlite3_bind_null(handle, index)
            return
        }
        _ = value.withUnsafeBytes { raw in
            // A zero-length blob needs a non-nil pointer, or SQLite stores NULL.
            sqlite3_bind_blob(
                handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                Int32(raw.count), cookcast_sqlite_transient())
        }
    }

    /// Binds any value to parameter `index` (1-based).
    public func bind(_ value: SQLiteValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let v): bind(v, at: index)
        case .real(let v): bind(v, at: index)
        case .text(let v): bind(v, at: index)
        case .blob(let v): bind(v, at: index)
        }
    }

    /// Binds NULL to parameter `index` (1-based).
    public func bindNull(at index: Int32) { sqlite3_bind_null(handle, index) }

    /// Sets every parameter back to NULL.
    public func clearBindings() { sqlite3_clear_bindings(handle) }

    /// Number of `?` parameters.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    // MARK: Running

    /// Advances to the next row: true when a row is available, false when done.
    ///
    /// On an error the statement is reset, so it can be bound and run again.
    @inline(__always)
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        let error = currentError(context: "cannot run statement on")
        sqlite3_reset(handle)
        throw error
    }

    /// Runs a statement that returns no rows (or ignores them) and resets it.
    public func run() throws(SQLiteError) {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Makes the statement ready to run again; bindings are kept.
    @inline(__always)
    public func reset() { sqlite3_reset(handle) }

    // MARK: Columns (indexes are 0-based)

    /// Number of columns in the result.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Name of column `index`.
    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    /// True when column `index` of the current row is NULL.
    @inline(__always)
    public func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` as an integer (NULL reads as 0).
    @inline(__always)
    public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` as an integer, nil for NULL.
    @inline(__always)
    public func optionalInt64(at index: Int32) -> Int64? { isNull(at: index) ? nil : int64(at: index) }

    /// Column `index` as a float (NULL reads as 0).
    @inline(__always)
    public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` as a float, nil for NULL.
    @inline(__always)
    public func optionalDouble(at index: Int32) -> Double? { isNull(at: index) ? nil : double(at: index) }

    /// Column `index` as text (NULL reads as "").
    public func text(at index: Int32) -> String {
        guard let chars = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: chars, count: count), as: UTF8.self)
    }

    /// Column `index` as text, nil for NULL.
    public func optionalText(at index: Int32) -> String? { isNull(at: index) ? nil : text(at: index) }

    /// Column `index` as bytes (NULL reads as empty).
    public func blob(at index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let base = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Column `index` with its storage class.
    public func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(int64(at: index))
        case SQLITE_FLOAT: return .real(double(at: index))
        case SQLITE_TEXT: return .text(text(at: index))
        case SQLITE_BLOB: return .blob(blob(at: index))
        default: return .null
        }
    }

    private func currentError(context: String) -> SQLiteError {
        SQLiteError(db: db, context: context, sql: sql, path: path)
    }
}
