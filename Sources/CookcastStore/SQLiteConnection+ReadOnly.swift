import Foundation

extension SQLiteConnection {
    /// Opens `path` read-only and makes its first read, `firstRead`; a database in WAL mode whose
    /// WAL index (`-shm`) cannot be created beside it (a directory the user cannot write: SQLite
    /// says `attempt to write a readonly database` or `unable to open database file`) is opened
    /// again as an unchanging file (`readOnlyImmutable`), SQLite's documented way to read one
    /// whose `-shm` and `-wal` cannot be created. That open reads no `-wal` file, so one that holds
    /// changes is refused instead (`StoreError.walNeedsRecovery`): its committed content would be
    /// missing, or read half-checkpointed.
    ///
    /// - Returns: the connection and what `firstRead` returned.
    static func readOnly<T>(
        path: String, busyTimeoutSeconds: Double, firstRead: (SQLiteConnection) throws -> T
    ) throws -> (SQLiteConnection, T) {
        let connection = try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutSeconds: busyTimeoutSeconds)
        do {
            return (connection, try firstRead(connection))
        } catch let error as SQLiteError where error.isReadOnly || error.isCannotOpen {
            let walBytes = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber
            if let walBytes, walBytes.int64Value > 0 {
                throw StoreError.walNeedsRecovery(path: path, reason: error.message)
            }
            let immutable = try SQLiteConnection(
                path: path, mode: .readOnlyImmutable, busyTimeoutSeconds: busyTimeoutSeconds)
            return (immutable, try firstRead(immutable))
        }
    }
}
