import CookcastCore
import Foundation
import Testing

@testable import CookcastStore

@Suite struct StoreErrorTests {
    @Test func readOnlyOnMissingFileNamesThePath() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("absent.db")
        let error = try #require(throws: StoreError.self) { try SessionStore(path: path, readOnly: true) }
        #expect(error == .databaseNotFound(path: path))
        #expect(error.description == "no database at \(path)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func uncreatableDirectoryIsAnError() throws {
        let error = try #require(throws: StoreError.self) { try SessionStore(path: "/proc/cookcast-x/y.db") }
        #expect(error.description.hasPrefix("cannot create directory /proc/cookcast-x: "))
    }

    @Test func fileInTheWayOfTheDirectoryIsAnError() throws {
        let dir = try TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir.file("plain")))
        let error = try #require(throws: StoreError.self) { try SessionStore(path: dir.file("plain/y.db")) }
        #expect(error.description == "cannot create directory \(dir.file("plain")): not a directory")
    }

    @Test func unwritableLocationIsAnError() throws {
        // /proc exists but no file can be created there, even by root.
        let error = try #require(throws: SQLiteError.self) { try SessionStore(path: "/proc/cookcast.db") }
        #expect(error.description == "cannot open database /proc/cookcast.db: unable to open database file")
    }

    @Test func textFileIsNotADatabase() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("notes.db")
        try Data(String(repeating: "this is not a database\n", count: 50).utf8).write(to: URL(fileURLWithPath: path))
        for readOnly in [false, true] {
            let error = try #require(throws: SQLiteError.self) { try SessionStore(path: path, readOnly: readOnly) }
            #expect(error.isNotADatabase)
            #expect(error.description == "cannot open database \(path): file is not a database")
        }
        let error = try #require(throws: SQLiteError.self) { try SQLiteReader(path: path) }
        #expect(error.description == "cannot open database \(path): file is not a database")
    }

    @Test func readOnlyOnUnmigratedFileIsAnError() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("empty.db")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let error = try #require(throws: StoreError.self) { try SessionStore(path: path, readOnly: true) }
        #expect(error == .schemaTooOld(path: path, found: 0, supported: SessionStore.schemaVersion))
    }

    @Test func newerSchemaIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("future.db")
        _ = try SessionStore(path: path)
        let future = SessionStore.schemaVersion + 1
        try SQLiteConnection(path: path).execute("PRAGMA user_version = \(future)")
        #expect(throws: StoreError.schemaTooNew(path: path, found: future, supported: SessionStore.schemaVersion)) {
            try SessionStore(path: path)
        }
    }

    @Test func readOnlyStoreRefusesWrites() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("ro.db")
        _ = try SessionStore(path: path)
        let store = try SessionStore(path: path, readOnly: true)
        let error = try #require(throws: SQLiteError.self) {
            try store.createSession(Fixtures.info(), channels: [])
        }
        #expect(error.description == "cannot create a session in \(path): attempt to write a readonly database")
    }

    @Test func lockedDatabaseFailsAfterTheBusyTimeout() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("locked.db")
        let store = try SessionStore(path: path, busyTimeoutSeconds: 0.2)
        let id = try store.createSession(Fixtures.info(), channels: [])
        let other = try SQLiteConnection(path: path)
        try other.execute("BEGIN EXCLUSIVE")
        let start = Date()
        let error = try #require(throws: SQLiteError.self) {
            try store.append(Reading(elapsedSeconds: 1, probeCelsius: 20, ambientCelsius: nil), session: id)
        }
        #expect(Date().timeIntervalSince(start) >= 0.15)
        #expect(error.isBusy)
        #expect(error.description == "cannot append a reading to \(path): database is locked")
        #expect(throws: SQLiteError.self) { try store.append(Fixtures.readings(count: 3), session: id) }
        // Readers are not blocked by the writer's lock in WAL mode.
        #expect(try store.readings(session: id).isEmpty)
        try other.execute("COMMIT")
        #expect(try store.append(Fixtures.readings(count: 3), session: id).stored == 3)
    }

    @Test func errorDescriptionsAreOneLine() {
        let error = SQLiteError(
            code: 14, message: "unable to open database file", context: "cannot open database",
            sql: "SELECT 1", path: "/x/y.db")
        #expect(error.description == "cannot open database /x/y.db: unable to open database file")
        #expect(error.debugDescription.contains("SELECT 1"))
        #expect(!error.description.contains("SELECT"))
    }
}
