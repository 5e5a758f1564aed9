import CookcastCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cookcast database: sessions, their readings, events, fits and series, and learned priors.
///
/// One SQLite file in WAL mode, so a `cookcast live` writer and any number of readers (another
/// `cookcast` process, `sqlite3`) can use it at once; each waits up to the busy timeout for a
/// lock. All calls are serialized by an internal lock, so a store may be shared between tasks,
/// but it is meant to be used from one at a time.
///
/// ```swift
/// let store = try SessionStore(path: SessionStore.defaultPath(environment: ProcessInfo.processInfo.environment))
/// let id = try store.createSession(SessionInfo(startedAtUnixMs: now, source: "simulate:brisket"),
///                                  channels: [ChannelInfo(channel: 1)])
/// try store.append(Reading(elapsedSeconds: 0.5, probeCelsius: 4.2, ambientCelsius: 110), session: id)
/// let readings = try store.readings(session: id)
/// ```
public final class SessionStore: @unchecked Sendable {
    /// Schema version this build reads and writes (`PRAGMA user_version`).
    public static var schemaVersion: Int { Migrations.currentVersion }

    /// The database file.
    public let path: String
    /// Whether the store was opened read-only.
    public let isReadOnly: Bool

    // Guarded by `lock`; SQLiteConnection itself is not thread-safe.
    private let db: SQLiteConnection
    private let lock = NSLock()
    // Readings this store appended after their session's digests since it last folded them:
    // the session it appends to (a live recording has one) here, any other in the dictionary.
    // An estimate (another process's, or those before a restart, are not here; the summaries
    // count any tail). Guarded by `lock`.
    private var unfolded: (session: Int64, count: Int) = (0, 0)
    private var unfoldedElsewhere: [Int64: Int] = [:]
    // The live append's statement, prepared once (guarded by `lock`): looked up by its text in
    // the connection's cache, its SQL was hashed again at every reading.
    private var appendAfterDigest: SQLiteStatement?

    /// Where the database lives when no `--db` is given.
    ///
    /// `COOKCAST_DB` if set, else `$XDG_DATA_HOME/cookcast/cookcast.db`, else
    /// `$HOME/.local/share/cookcast/cookcast.db`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let explicit = environment["COOKCAST_DB"], !explicit.isEmpty { return explicit }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return joined(data, "cookcast/cookcast.db")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return joined(home, ".local/share/cookcast/cookcast.db")
    }

    /// Opens (and, unless read-only, creates and migrates) the database at `path`.
    ///
    /// - Parameters:
    ///   - path: the database file; `:memory:` for a private in-memory database.
    ///   - readOnly: open without writing anything; the file must exist. A database of an older
    ///     schema version (1 or more) is upgraded first, the only write, if the file is writable.
    ///   - busyTimeoutSeconds: how long a call waits for another connection's lock before it
    ///     fails with `database is locked`.
    /// - Throws: `StoreError` (missing file, a directory at `path`, a file too short to be a
    ///   database, uncreatable directory, schema version) or `SQLiteError` (unwritable file, not a database, locked), each naming `path`.
    public init(path: String, readOnly: Bool = false, busyTimeoutSeconds: Double = 5) throws {
        self.path = path
        self.isReadOnly = readOnly
        let inMemory = path == ":memory:" || path.isEmpty
        // SQLite's own words for a directory are "disk I/O error" (read) or "unable to open
        // database file" (write), which name neither the path's kind nor what to do.
        var isDirectory: ObjCBool = false
        if !inMemory, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StoreError.databaseIsDirectory(path: path)
        }
        // SQLite reads a file shorter than its header as if zeros followed: the first 50 bytes of a
        // real database read as schema version 0 to `sessions` ("`live` or `import` sets it up") and
        // as "malformed" to `live`. An empty file is an empty database; a longer one is no database.
        if !inMemory, let bytes = Self.regularFileBytes(path), bytes > 0, bytes < Self.sqliteHeaderBytes {
            throw StoreError.tooShortForADatabase(path: path, bytes: bytes)
        }
        if readOnly {
            guard inMemory || FileManager.default.fileExists(atPath: path) else {
                throw StoreError.databaseNotFound(path: path)
            }
        } else if !inMemory {
            try Self.createParentDirectory(of: path)
        }
        do {
            // Reading the schema is the first access to the file: a non-database fails here.
            var found: Int
            if readOnly && !inMemory {
                (db, found) = try SQLiteConnection.readOnly(path: path, busyTimeoutSeconds: busyTimeoutSeconds) {
                    try Migrations.version(of: $0)
                }
            } else {
                db = try SQLiteConnection(
                    path: path, mode: readOnly ? .readOnly : .readWriteCreate, busyTimeoutSeconds: busyTimeoutSeconds)
                found = try Migrations.version(of: db)
            }
            if readOnly {
                if found >= 1 && found < Migrations.currentVersion && !inMemory {
                    try Self.upgrade(path: path, from: found, busyTimeoutSeconds: busyTimeoutSeconds)
                    found = try Migrations.version(of: db)
                }
                if found < Migrations.currentVersion {
                    throw StoreError.schemaTooOld(path: path, found: found, supported: Migrations.currentVersion)
                }
                if found > Migrations.currentVersion {
                    throw StoreError.schemaTooNew(path: path, found: found, supported: Migrations.currentVersion)
                }
            } else {
                // WAL lets readers run while a writer commits; NORMAL syncs at checkpoints only
                // (a power cut may lose the last commits, never corrupt the file).
                _ = try db.scalar("PRAGMA journal_mode = WAL")
                try db.execute("PRAGMA synchronous = NORMAL")
                try Migrations.migrate(db)
            }
            try db.execute("PRAGMA foreign_keys = ON")
        } catch let error as SQLiteError {
            throw error.with(context: "cannot open database", path: path)
        }
    }

    /// Brings an older cookcast's database (version `found`, at least 1) to the current schema
    /// through a read-write connection of its own, for a read-only open: `sessions` or `show`
    /// right after an upgrade of cookcast would otherwise refuse the file until something wrote
    /// to it. A file this process may not write stays an error (`schemaTooOld`).
    private static func upgrade(path: String, from found: Int, busyTimeoutSeconds: Double) throws {
        do {
            _ = try SessionStore(path: path, busyTimeoutSeconds: busyTimeoutSeconds)
        } catch let error as SQLiteError where error.isReadOnly {
            throw StoreError.schemaTooOld(path: path, found: found, supported: Migrations.currentVersion)
        }
    }

    // MARK: Access

    /// Runs `body` with the connection under the lock; SQLite errors get `context` and the path.
    func withConnection<T>(_ context: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(db)
        } catch let error as SQLiteError {
            throw error.with(context: context, path: path)
        }
    }

    /// Like `withConnection`, inside one write transaction.
    func write<T>(_ context: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
        try withConnection(context) { db in try db.transaction(.immediate) { try body(db) } }
    }

    /// Like `withConnection`, inside one read transaction (a consistent snapshot).
    func read<T>(_ context: String, _ body: (SQLiteConnection) throws -> T) throws -> T {
        try withConnection(context) { db in try db.transaction(.deferred) { try body(db) } }
    }

    // MARK: Digests (caller holds the lock)

    /// Whether `session` has stored enough readings after its digests that the next append
    /// should fold them in.
    func isFoldDue(session: Int64) -> Bool {
        let count = session == unfolded.session ? unfolded.count : unfoldedElsewhere[session, default: 0]
        return count >= ReadingDigest.foldThreshold
    }

    /// Notes one reading of `session` stored after its digests.
    private func noteUnfolded(session: Int64) {
        if session != unfolded.session {
            if unfolded.count > 0 { unfoldedElsewhere[unfolded.session] = unfolded.count }
            unfolded = (session, unfoldedElsewhere.removeValue(forKey: session) ?? 0)
        }
        unfolded.count += 1
    }

    /// Stores `reading` when it comes after everything its channel's digest covers, the usual
    /// live reading, in one statement and one commit (`ReadingDigest.insertAfterDigestSQL`);
    /// false, with nothing changed, for a duplicate or a time the digest covers.
    func appendAfterDigest(_ reading: Reading, session: Int64, linkEpoch: Int, db: SQLiteConnection) throws -> Bool {
        let insert = try appendAfterDigest ?? db.prepare(ReadingDigest.insertAfterDigestSQL)
        appendAfterDigest = insert
        Rows.bind(reading, session: session, linkEpoch: linkEpoch, to: insert)
        try insert.run()
        guard db.changes == 1 else { return false }
        noteUnfolded(session: session)
        return true
    }

    /// Folds `session`'s tails into its digests, inside the caller's write transaction.
    func foldDigests(session: Int64, db: SQLiteConnection) throws {
        try ReadingDigest.fold(session: session, db: db)
        if session == unfolded.session { unfolded.count = 0 }
        unfoldedElsewhere[session] = nil
    }

    // MARK: Files

    private static func joined(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// Bytes of SQLite's file header: every database but an empty file holds at least these.
    static let sqliteHeaderBytes = 100

    /// The size of the regular file at `path` (through a symbolic link), nil for none.
    private static func regularFileBytes(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// `mkdir -p` of the directory holding `path`, with a one-line error naming it.
    static func createParentDirectory(of path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let directory = String(path[..<slash])
        guard !directory.isEmpty else { return }
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 {
                let code = errno
                var info = stat()
                let isDirectory = stat(prefix, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                if !isDirectory {
                    // EEXIST for a plain file in the way reads as "File exists": say what is wrong.
                    let reason = code == EEXIST ? "not a directory" : String(cString: strerror(code))
                    throw StoreError.cannotCreateDirectory(path: prefix, reason: reason)
                }
            }
            prefix += "/"
        }
    }
}
