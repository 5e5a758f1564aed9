import CookcastCore
import Foundation
import Testing

@testable import CookcastStore

/// QA: a database in WAL mode in a directory the user cannot write (a read-only copy) could not
/// be read at all: SQLite reads it through a `-shm` file it must create beside it, and every
/// read-only command failed with "attempt to write a readonly database". A `-shm` that cannot be
/// created is made here with a dangling symlink into /proc, which root cannot create either (the
/// tests run as root in CI, which writes any directory); `ReadOnlyDirectoryTests` in the CLI tests
/// uses real permissions.
@Suite struct ReadOnlyWALTests {
    /// A database of one session with 10 readings, closed (its `-wal` checkpointed and removed),
    /// whose `-shm` cannot be created.
    func storeWithoutSharedMemory(in dir: TemporaryDirectory) throws -> String {
        let path = dir.file("cookcast.db")
        do {
            let store = try SessionStore(path: path)
            let id = try store.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1)])
            try store.append(Fixtures.readings(count: 10), session: id)
        }
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try blockSharedMemory(of: path)
        return path
    }

    func blockSharedMemory(of path: String) throws {
        try? FileManager.default.removeItem(atPath: path + "-shm")
        try FileManager.default.createSymbolicLink(
            atPath: path + "-shm", withDestinationPath: "/proc/cookcast-none/shm")
    }

    @Test func aWALDatabaseIsReadWhereItsIndexCannotBeCreated() throws {
        let dir = try TemporaryDirectory()
        let path = try storeWithoutSharedMemory(in: dir)
        // What SQLite does on its own: the failure the read-only commands showed.
        let plain = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(throws: SQLiteError.self) { try plain.scalar("SELECT count(*) FROM sessions") }

        let store = try SessionStore(path: path, readOnly: true)
        #expect(try store.sessions().map(\.readingCount) == [10])
        #expect(try store.readings(session: 1).count == 10)
        #expect(throws: SQLiteError.self) { try store.createSession(Fixtures.info(), channels: []) }

        let reader = try SQLiteReader(path: path)
        #expect(try reader.rows("SELECT count(*) FROM readings") == [[.integer(10)]])
    }

    /// A `-wal` that holds commits is not read by an immutable open: refused in one line, not
    /// read without them.
    @Test func aWALWithChangesIsRefusedInOneLine() throws {
        let dir = try TemporaryDirectory()
        let source = dir.file("live.db")
        let store = try SessionStore(path: source)
        let id = try store.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1)])
        let writer = try SQLiteConnection(path: source)
        try writer.execute("PRAGMA wal_autocheckpoint = 0")
        try store.append(Fixtures.readings(count: 10), session: id)
        // A copy taken while the writer has the commits in its -wal, without the -shm.
        let path = dir.file("copy.db")
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.copyItem(atPath: source + "-wal", toPath: path + "-wal")
        let walBytes = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber
        #expect((walBytes?.intValue ?? 0) > 0)
        try blockSharedMemory(of: path)

        let error = try #require(throws: StoreError.self) { try SessionStore(path: path, readOnly: true) }
        guard case .walNeedsRecovery(path, _) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(error.description.hasPrefix("cannot read database \(path): its write-ahead log \(path)-wal holds"))
        #expect(!error.description.contains("\n"))
        #expect(throws: StoreError.self) { try SQLiteReader(path: path) }
    }

    @Test func theImmutableURIEncodesThePath() {
        #expect(SQLiteConnection.immutableURI(path: "/tmp/a b/c.db") == "file:///tmp/a%20b/c.db?mode=ro&immutable=1")
        #expect(SQLiteConnection.immutableURI(path: "x?y#z%.db") == "file:x%3Fy%23z%25.db?mode=ro&immutable=1")
        #expect(SQLiteConnection.immutableURI(path: "//host/é.db") == "file:////host/%C3%A9.db?mode=ro&immutable=1")
    }

    /// The URI opens names that would end or change it.
    @Test func aPathWithURICharactersIsOpened() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("a ?#%é.db")
        do {
            let store = try SessionStore(path: path)
            _ = try store.createSession(Fixtures.info(), channels: [])
        }
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try blockSharedMemory(of: path)
        #expect(try SessionStore(path: path, readOnly: true).sessionIDs() == [1])
    }
}
