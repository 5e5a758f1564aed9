import CookcastCore
import Foundation
import Testing

@testable import CookcastStore

/// Schema version 7 adds `set_aside_readings` (the readings received at a stored time with other
/// values, which were counted and dropped). A database of version 6, the last before it, is
/// upgraded in place when it is opened, read-only opens included, with every stored row as it
/// was; readings at its stored times are set aside from then on. On the old code the file stays
/// at version 6 with no such table.
@Suite struct SetAsideMigrationTests {
    /// A version 6 database in WAL mode, as the last cookcast before the table left it: a finished
    /// live session of two channels (its digests folded), an imported one, an empty one.
    static func versionSixDatabase(at path: String) throws {
        let old = try SQLiteConnection(path: path)
        _ = try old.scalar("PRAGMA journal_mode = WAL")
        for step in Migrations.steps.prefix(6) { try old.execute(step) }
        try old.execute("PRAGMA user_version = 6")
        try old.execute(
            """
            INSERT INTO sessions (id, started_at_ms, ended_at_ms, source, status, cut, target_c) VALUES
                (1, 1700000000000, 1700000600000, 'stdin', 'finished', 'chicken', 74),
                (2, 1700001000000, NULL, 'import:csv', 'imported', NULL, NULL),
                (3, 1700002000000, NULL, 'stdin', 'active', NULL, NULL);
            INSERT INTO channels (session_id, channel, name, role) VALUES
                (1, 1, 'probe 1', 'meat'), (1, 2, 'probe 2 (pit)', 'ambient'), (2, 1, 'probe 1', 'meat');
            INSERT INTO readings (session_id, channel, t_ms, probe_c, ambient_c, battery_pct, link_epoch) VALUES
                (1, 1, 0, 5, 120, 90, 0), (1, 1, 30000, 5.5, 120, 90, 0), (1, 1, 60000, 6, 121, NULL, 1),
                (1, 2, 0, NULL, 118, NULL, 0), (2, 1, 0, 4, NULL, NULL, 0), (2, 1, 1000, 4.25, NULL, NULL, 0);
            INSERT INTO reading_digests (session_id, channel, through_t_ms, reading_count, max_probe_c)
                SELECT session_id, channel, MAX(t_ms), COUNT(*), MAX(probe_c) FROM readings GROUP BY session_id, channel;
            INSERT INTO events (session_id, t_ms, kind, detail) VALUES (1, 0, 'started', 'stdin');
            """)
    }

    /// Every row of the tables version 6 had, to compare before and after the upgrade.
    static func dump(_ path: String) throws -> [[SQLiteValue]] {
        let reader = try SQLiteReader(path: path)
        var rows: [[SQLiteValue]] = []
        for table in ["sessions", "channels", "readings", "reading_digests", "events", "fits", "series", "priors"] {
            rows += try reader.rows("SELECT '\(table)', * FROM \(table) ORDER BY 2, 3, 4")
        }
        return rows
    }

    @Test func aVersionSixDatabaseIsUpgradedInPlace() throws {
        let dir = try TemporaryDirectory()
        for readOnly in [true, false] {
            let path = dir.file("v6-\(readOnly).db")
            try Self.versionSixDatabase(at: path)
            let before = try Self.dump(path)
            #expect(try !SQLiteReader(path: path).tableNames().contains("set_aside_readings"))

            let store = try SessionStore(path: path, readOnly: readOnly)
            #expect(try Migrations.version(of: SQLiteConnection(path: path, mode: .readOnly)) == 7)
            #expect(try Self.dump(path) == before, "nothing stored changes")
            let reader = try SQLiteReader(path: path)
            #expect(try reader.tableNames().contains("set_aside_readings"))
            #expect(try reader.rows("SELECT COUNT(*) FROM set_aside_readings") == [[.integer(0)]])
            #expect(
                try reader.rows(
                    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'set_aside_readings'")
                    == [[.text("set_aside_readings_key")]])
            #expect(try store.sessions().map(\.readingCount) == [4, 2, 0])
            #expect(try store.sessions().map(\.setAsideCount) == [0, 0, 0])
            #expect(try store.setAsideReadings(session: 1).isEmpty)
        }

        // Written to after the upgrade, the old session's stored times keep their readings.
        let path = dir.file("v6-false.db")
        let store = try SessionStore(path: path)
        let restarted = Reading(elapsedSeconds: 30, probeCelsius: 20, ambientCelsius: 150)
        #expect(try store.append(restarted, session: 1, linkEpoch: 2) == .setAside)
        #expect(
            try store.append(
                Reading(elapsedSeconds: 30, probeCelsius: 5.5, ambientCelsius: 120, batteryPercent: 90), session: 1)
                == .duplicate)
        #expect(try store.readings(session: 1, channel: 1).map(\.probeCelsius) == [5, 5.5, 6])
        #expect(try store.setAsideReadings(session: 1) == [restarted])
        #expect(try store.summary(session: 1)?.setAsideCount == 1)
        // Deleting a session takes its readings set aside with it (ON DELETE CASCADE).
        try store.deleteSession(1)
        #expect(try SQLiteReader(path: path).rows("SELECT COUNT(*) FROM set_aside_readings") == [[.integer(0)]])
    }

    /// A database already at version 7 is opened as it is: the step runs once.
    @Test func theUpgradeRunsOnce() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("v6.db")
        try Self.versionSixDatabase(at: path)
        _ = try SessionStore(path: path)
        let store = try SessionStore(path: path)
        #expect(
            try store.append(Reading(elapsedSeconds: 0, probeCelsius: 9, ambientCelsius: 120), session: 1) == .setAside)
        _ = try SessionStore(path: path, readOnly: true)
        #expect(try store.setAsideCount(session: 1) == 1)
    }
}
