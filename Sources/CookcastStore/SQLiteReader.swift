import Foundation

/// Read-only access to any SQLite file, e.g. another app's export that the importer reads.
///
/// ```swift
/// let reader = try SQLiteReader(path: "BlueTherm.sqlite")
/// if try reader.tableNames().contains("ZREADING") {
///     for row in try reader.rows("SELECT ZTIME, ZTEMP FROM ZREADING WHERE ZCOOK = ?", [.integer(3)]) { ... }
/// }
/// ```
public final class SQLiteReader {
    private let db: SQLiteConnection

    /// The file being read.
    public var path: String { db.path }

    /// Opens `path` read-only and checks that it is a database.
    ///
    /// - Throws: `StoreError.databaseNotFound` for a missing file, `StoreError.walNeedsRecovery`
    ///   for one in WAL mode whose `-wal` cannot be read where it lies; `SQLiteError` naming the
    ///   path for a file that cannot be opened or is not a database.
    public init(path: String, busyTimeoutSeconds: Double = 5) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.databaseNotFound(path: path) }
        do {
            // The header is read on first access: a non-database fails here, not in the caller's
            // query. Another app's database in WAL mode in a read-only directory is read as it is.
            (db, _) = try SQLiteConnection.readOnly(path: path, busyTimeoutSeconds: busyTimeoutSeconds) {
                try $0.scalar("SELECT count(*) FROM sqlite_master")
            }
        } catch let error as SQLiteError {
            throw error.with(context: "cannot open database", path: path)
        }
    }

    /// Every row of `sql`, each as its column values; `arguments` bind to `?` in order.
    public func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        do {
            let statement = try db.prepare(sql)
            for (i, argument) in arguments.enumerated() {
                statement.bind(argument, at: Int32(i + 1))
            }
            let width = statement.columnCount
            var result: [[SQLiteValue]] = []
            while try statement.step() {
                result.append((0..<width).map { statement.value(at: $0) })
            }
            return result
        } catch {
            throw error.with(context: "cannot read", path: path)
        }
    }

    /// The column names `sql` returns, without running it.
    public func columnNames(_ sql: String) throws -> [String] {
        do {
            let statement = try db.prepare(sql)
            return (0..<statement.columnCount).map { statement.columnName(at: $0) }
        } catch {
            throw error.with(context: "cannot read", path: path)
        }
    }

    /// Names of the tables, sorted (SQLite's own `sqlite_` tables excluded).
    public func tableNames() throws -> [String] {
        try rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { $0.first?.stringValue }
    }

    /// Names of `table`'s columns in declaration order (empty for an unknown table).
    public func columnNames(table: String) throws -> [String] {
        try rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).compactMap {
            $0.first?.stringValue
        }
    }
}
