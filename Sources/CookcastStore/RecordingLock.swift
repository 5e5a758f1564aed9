import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Proof that this process is recording a session right now: an advisory lock the kernel drops
/// when the holder exits, however it exits (a `kill -9` leaves the session `active` in the
/// database, but not its lock).
///
/// One lock file next to the database (`<database>-recording.lock`), one byte per session id,
/// taken with an open-file-description lock (`F_OFD_SETLK`): it conflicts between two opens
/// even in one process, and closing another descriptor of the file does not drop it, unlike a
/// classic POSIX record lock. Released by `release()` or when the object goes away.
///
/// ```swift
/// guard let lock = try RecordingLock.acquire(database: store.path, session: id) else {
///     // another process is recording session `id`
/// }
/// defer { lock.release() }
/// ```
public final class RecordingLock: @unchecked Sendable {
    private var descriptor: Int32
    /// The session this lock is for.
    public let session: Int64

    private init(descriptor: Int32, session: Int64) {
        self.descriptor = descriptor
        self.session = session
    }

    deinit { release() }

    /// The lock file for a database: the database path with `-recording.lock` appended.
    public static func lockFilePath(database: String) -> String { database + "-recording.lock" }

    /// Takes the lock on `session` of the database at `database`; nil when another open of the
    /// lock file (another `cookcast live`) holds it. An in-memory database gets a lock that
    /// guards nothing (no other process can open it).
    ///
    /// - Throws: `StoreError.cannotLock` when the lock file cannot be opened or locked.
    public static func acquire(database: String, session: Int64) throws -> RecordingLock? {
        guard database != ":memory:", !database.isEmpty else { return RecordingLock(descriptor: -1, session: session) }
        let path = lockFilePath(database: database)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError.cannotLock(path: path, reason: String(cString: strerror(errno))) }
        var region = Self.region(session: session)
        if fcntl(fd, Self.setLockCommand, &region) == 0 { return RecordingLock(descriptor: fd, session: session) }
        let code = errno
        close(fd)
        if code == EAGAIN || code == EACCES { return nil }
        throw StoreError.cannotLock(path: path, reason: String(cString: strerror(code)))
    }

    /// Whether a process holds the lock on `session` right now (a `cookcast live` recording it),
    /// asked without taking it: a recorder starting meanwhile is not refused. A session left
    /// `active` by a recorder that was killed is not held.
    ///
    /// - Throws: `StoreError.cannotLock` when the lock file exists and cannot be asked.
    public static func isHeld(database: String, session: Int64) throws -> Bool {
        guard database != ":memory:", !database.isEmpty else { return false }
        let path = lockFilePath(database: database)
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return false }  // no recorder ever opened it
            throw StoreError.cannotLock(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var region = Self.region(session: session)
        guard fcntl(fd, Self.getLockCommand, &region) == 0 else {
            throw StoreError.cannotLock(path: path, reason: String(cString: strerror(errno)))
        }
        return region.l_type != Int16(F_UNLCK)
    }

    /// The byte of the lock file that stands for `session`, as a write lock.
    private static func region(session: Int64) -> flock {
        var region = flock()
        region.l_type = Int16(F_WRLCK)
        region.l_whence = Int16(SEEK_SET)
        region.l_start = off_t(session)
        region.l_len = 1
        region.l_pid = 0
        return region
    }

    #if os(Linux)
        /// `F_OFD_SETLK` and `F_OFD_GETLK` (37 and 36 on every Linux architecture): `<fcntl.h>`
        /// defines them only under `_GNU_SOURCE`, which Swift's Glibc module does not set.
        private static let setLockCommand: Int32 = 37
        private static let getLockCommand: Int32 = 36
    #else
        private static let setLockCommand: Int32 = F_SETLK
        private static let getLockCommand: Int32 = F_GETLK
    #endif

    /// Lets go of the lock (closing the descriptor drops it); calling it again does nothing.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}
