import CookcastCore
import Foundation
import Testing

@testable import CookcastStore

/// `reading_digests` (schema version 4): `sessions()` and `summary(session:)` read each channel's
/// digest and the readings after it, and must give exactly what the aggregate over every reading
/// gave before (`fromReadings`), whichever way the readings were stored.
@Suite struct ReadingDigestTests {
    /// The summaries as `sessions()` computed them before the digest: one aggregate over all readings
    /// (the hottest probe without devices' error codes, as since schema version 6).
    static func fromReadings(_ store: SessionStore) throws -> [SessionSummary] {
        try store.withConnection("test") { db in
            let select = try db.prepare(
                """
                SELECT \(Rows.sessionColumns), r.n, r.max_t_ms, r.max_probe_c, a.n
                FROM sessions LEFT JOIN (
                    SELECT session_id, COUNT(*) AS n, MAX(t_ms) AS max_t_ms, MAX(\(ReadingDigest.hottestProbeSQL)) AS max_probe_c
                    FROM readings GROUP BY session_id
                ) AS r ON r.session_id = sessions.id
                LEFT JOIN (SELECT session_id, COUNT(*) AS n FROM set_aside_readings GROUP BY session_id) AS a
                    ON a.session_id = sessions.id
                ORDER BY id
                """)
            var result: [SessionSummary] = []
            while try select.step() {
                let info = try Rows.session(from: select)
                result.append(
                    SessionSummary(
                        id: info.id ?? 0, info: info, readingCount: Int(select.int64(at: 14)),
                        durationSeconds: select.optionalInt64(at: 15).map(Rows.seconds),
                        maxProbeCelsius: select.optionalDouble(at: 16), setAsideCount: Int(select.int64(at: 17))))
            }
            return result
        }
    }

    /// The digest rows, and what they would be if every reading were folded in.
    static func digests(_ store: SessionStore) throws -> (stored: [[SQLiteValue]], complete: [[SQLiteValue]]) {
        try store.withConnection("test") { db in
            func rows(_ sql: String) throws -> [[SQLiteValue]] {
                let select = try db.prepare(sql)
                var result: [[SQLiteValue]] = []
                while try select.step() { result.append((0..<5).map { select.value(at: $0) }) }
                return result
            }
            return (
                try rows(
                    """
                    SELECT session_id, channel, through_t_ms, reading_count, max_probe_c FROM reading_digests
                    ORDER BY session_id, channel
                    """),
                try rows(
                    """
                    SELECT session_id, channel, MAX(t_ms), COUNT(*), MAX(\(ReadingDigest.hottestProbeSQL)) FROM readings
                    GROUP BY session_id, channel ORDER BY session_id, channel
                    """)
            )
        }
    }

    /// The list and every one-session summary equal the aggregate over the readings.
    static func expectListMatchesReadings(_ store: SessionStore, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let expected = try fromReadings(store)
        let listed = try store.sessions()
        #expect(listed == expected, sourceLocation: sourceLocation)
        for summary in expected {
            #expect(try store.summary(session: summary.id) == summary, sourceLocation: sourceLocation)
        }
    }

    static func reading(_ channel: Int, _ ms: Int, probe: Double?) -> Reading {
        Reading(channel: channel, elapsedSeconds: Double(ms) / 1000, probeCelsius: probe, ambientCelsius: 110)
    }

    // MARK: Migration

    /// A database written by the version 1 schema (every cookcast before the digest) is upgraded
    /// on open, read-only opens included, with the digests filled from its readings and nothing
    /// else changed. On the old code the file stays at version 1 with no digest table.
    @Test func aVersionOneDatabaseIsUpgradedWithItsDigestsFilled() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("old.db")
        do {
            let old = try SQLiteConnection(path: path)
            _ = try old.scalar("PRAGMA journal_mode = WAL")
            try old.execute(Migrations.schemaV1)
            try old.execute("PRAGMA user_version = 1")
            try old.execute(
                """
                INSERT INTO sessions (id, started_at_ms, source, status) VALUES
                    (1, 1700000000000, 'live:AA', 'finished'), (2, 1700000100000, 'live:BB', 'active'),
                    (3, 1700000200000, 'import:csv', 'imported'), (5, 1700000300000, 'simulate:x', 'finished');
                INSERT INTO channels (session_id, channel, name, role) VALUES
                    (1, 1, 'probe 1', 'meat'), (1, 2, 'pit', 'ambient'), (3, 1, NULL, 'meat');
                INSERT INTO events (session_id, t_ms, kind, detail) VALUES (1, 0, 'started', 'x'), (3, 5, 'note', 'y');
                INSERT INTO fits (session_id, channel, t_ms, model, parameters, phase)
                    VALUES (1, 1, 1000, 'cook_summary', '{}', 'done');
                INSERT INTO series (session_id, channel, name, t_ms, value) VALUES (3, 1, 'v_s', 10, 3.5);
                """)
            // Session 1: two channels, the pit without probe values; 3: no probe value at all;
            // 2: no readings; 5: one reading.
            let insert = try old.prepare(
                "INSERT INTO readings (session_id, channel, t_ms, probe_c, ambient_c) VALUES (?, ?, ?, ?, ?)")
            func add(_ session: Int64, _ channel: Int, _ ms: Int64, _ probe: Double?, _ ambient: Double?) throws {
                insert.bind(session, at: 1)
                insert.bind(channel, at: 2)
                insert.bind(ms, at: 3)
                insert.bind(probe, at: 4)
                insert.bind(ambient, at: 5)
                try insert.run()
            }
            try old.transaction {
                for i in 0..<3000 {
                    try add(1, 1, Int64(i * 500 + i % 3), i % 9 == 4 ? nil : 4 + Double(i % 1700) * 0.05, 120)
                    if i % 2 == 0 { try add(1, 2, Int64(i * 500), nil, 110 + Double(i % 5)) }
                }
                for i in 0..<40 { try add(3, 1, Int64(i * 1000), nil, 100) }
                try add(5, 1, 7, -3.25, nil)
            }
        }
        let tables = ["sessions", "channels", "readings", "events", "fits", "series", "priors"]
        func dump(_ path: String) throws -> [String: [[SQLiteValue]]] {
            let reader = try SQLiteReader(path: path)
            var result: [String: [[SQLiteValue]]] = [:]
            for table in tables {
                // The columns of version 1 (later versions add a probe's own cut and target, and a
                // session's same_cook_hash).
                let sessionColumns = Rows.sessionColumns.replacingOccurrences(of: ", same_cook_hash", with: "")
                let columns =
                    table == "channels" ? "session_id, channel, name, role" : table == "sessions" ? sessionColumns : "*"
                result[table] = try reader.rows("SELECT \(columns) FROM \(table) ORDER BY 1, 2, 3")
            }
            return result
        }
        let before = try dump(path)

        let reader = try SessionStore(path: path, readOnly: true)
        #expect(try Migrations.version(of: SQLiteConnection(path: path, mode: .readOnly)) == SessionStore.schemaVersion)
        #expect(try dump(path) == before)
        let digests = try Self.digests(reader)
        #expect(digests.stored == digests.complete)
        #expect(digests.stored.count == 4)
        try Self.expectListMatchesReadings(reader)
        let listed = try reader.sessions()
        #expect(listed.map(\.readingCount) == [4500, 0, 40, 1])
        #expect(listed.map(\.maxProbeCelsius) == [4 + 1699 * 0.05, nil, nil, -3.25])
        #expect(listed.map(\.durationSeconds) == [1499.502, nil, 39, 0.007])

        // Opening it again, read-write this time, changes nothing more.
        let writer = try SessionStore(path: path)
        #expect(try Self.digests(writer).stored == digests.stored)
        try Self.expectListMatchesReadings(writer)
    }

    /// A database of schema version 5 whose digests took a device's error code for the hottest
    /// probe ("max temp 327.6 C" for a cook that peaked at 70 C) is upgraded with those digests
    /// recomputed from the readings they cover, and the others left alone. On the old code the
    /// list says 327.6, 999.9 and -40.
    @Test func aVersionFiveDatabaseForgetsErrorCodesAsTheHottestProbe() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("v5.db")
        do {
            let old = try SQLiteConnection(path: path)
            for step in Migrations.steps.prefix(5) { try old.execute(step) }
            try old.execute("PRAGMA user_version = 5")
            try old.execute(
                """
                INSERT INTO sessions (id, started_at_ms, source, status) VALUES
                    (1, 0, 'import:csv', 'imported'), (2, 0, 'import:csv', 'imported'),
                    (3, 0, 'import:csv', 'imported'), (4, 0, 'live:AA', 'active');
                INSERT INTO channels (session_id, channel, role) VALUES (1, 1, 'meat'), (2, 1, 'meat'), (3, 1, 'meat'), (4, 1, 'meat');
                -- 1: one 327.6 among readings up to 70 C; 2: a -40 below a peak of 80 C; 3: only an
                -- error code; 4: a 999.9 in its digest, hotter readings after the digest.
                INSERT INTO readings (session_id, channel, t_ms, probe_c, ambient_c) VALUES
                    (1, 1, 0, 20, 110), (1, 1, 1000, 327.6, 110), (1, 1, 2000, 70, 110), (1, 1, 3000, 65, 110),
                    (2, 1, 0, -40, 110), (2, 1, 1000, 80, 110),
                    (3, 1, 0, 327.6, 110), (3, 1, 1000, NULL, 110),
                    (4, 1, 0, 30, 110), (4, 1, 1000, 999.9, 110), (4, 1, 2000, 31, 110), (4, 1, 3000, 45, 110);
                -- As version 5 folded them: MAX(probe_c); session 4's last reading after its digest.
                INSERT INTO reading_digests (session_id, channel, through_t_ms, reading_count, max_probe_c)
                SELECT session_id, channel, MAX(t_ms), COUNT(*), MAX(probe_c) FROM readings
                WHERE session_id < 4 OR t_ms <= 2000 GROUP BY session_id, channel;
                """)
        }
        let store = try SessionStore(path: path, readOnly: true)
        #expect(try Migrations.version(of: SQLiteConnection(path: path, mode: .readOnly)) == SessionStore.schemaVersion)
        #expect(try store.sessions().map(\.maxProbeCelsius) == [70, 80, nil, 45])
        #expect(try store.sessions().map(\.readingCount) == [4, 2, 2, 4], "the error codes stay stored")
        try Self.expectListMatchesReadings(store)
        let digests = try Self.digests(store).stored
        #expect(digests.map { $0[4] } == [.real(70), .real(80), .null, .real(31)])
    }

    /// However a reading is stored (live one by one, past folds; a batch; the tail after the
    /// digest), a device's error code is stored but is not the session's hottest probe.
    @Test func anErrorCodeIsStoredButIsNotTheHottestProbe() throws {
        let store = try SessionStore(path: ":memory:")
        let live = try store.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1)])
        for i in 0..<(ReadingDigest.foldThreshold + 300) {
            let probe = i % 400 == 17 ? 327.6 : i % 400 == 99 ? 999.9 : 20 + Double(i % 500) * 0.1
            #expect(try store.append(Self.reading(1, i * 500, probe: probe), session: live) == .stored)
        }
        let batch = try store.createSession(Fixtures.info(source: "batch"), channels: [ChannelInfo(channel: 1)])
        let readings = (0..<600).map { Self.reading(1, $0 * 500, probe: $0 == 300 ? 6553.5 : 30 + Double($0) * 0.01) }
        #expect(try store.append(readings, session: batch).stored == 600)
        try Self.expectListMatchesReadings(store)
        let listed = try store.sessions()
        let liveHottest: Double = 20 + 499 * 0.1, batchHottest: Double = 30 + 599 * 0.01
        #expect(listed.map(\.maxProbeCelsius) == [liveHottest, batchHottest])
        #expect(listed.map(\.readingCount) == [ReadingDigest.foldThreshold + 300, 600])
        #expect(try store.readings(session: batch).contains { $0.probeCelsius == 6553.5 }, "stored as received")
        try store.finishSession(live, endedAtUnixMs: 1_700_000_500_000)
        #expect(try store.summary(session: live)?.maxProbeCelsius == liveHottest)
    }

    // MARK: Every way readings are stored

    /// Live: one commit per reading, two channels interleaved, re-delivered duplicates, a few
    /// readings older than what is stored, probes without a value, past several folds.
    @Test func liveAppendsKeepTheListRight() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1), ChannelInfo(channel: 2)])
        let other = try store.createSession(Fixtures.info(source: "other"), channels: [ChannelInfo(channel: 1)])
        // Two channels: a fold every half as many steps, three in all.
        let steps = ReadingDigest.foldThreshold * 3 / 2
        var older = 0
        var hottest = 0.0
        for i in 0..<steps {
            let ms = i * 500
            #expect(try store.append(Self.reading(1, ms, probe: 20 + Double(i % 900) * 0.08), session: id) == .stored)
            #expect(try store.append(Self.reading(2, ms + 3, probe: i % 4 == 0 ? nil : 50), session: id) == .stored)
            if i % 97 == 0 {
                #expect(
                    try store.append(Self.reading(1, ms, probe: 999), session: id) == .setAside,
                    "other values at a stored time: set aside, not counted")
            }
            if i % 250 == 249 {
                // An older time, now inside the digest of channel 1 after the first fold: hotter than all.
                hottest = 150 + Double(i) / 1000
                #expect(try store.append(Self.reading(1, ms - 1, probe: hottest), session: id) == .stored)
                older += 1
            }
            if i % 10 == 0 { try store.append(Self.reading(1, i * 50, probe: 30), session: other) }
            if i % 700 == 0 { try Self.expectListMatchesReadings(store) }
        }
        try Self.expectListMatchesReadings(store)
        let stored = try Self.digests(store).stored
        #expect(!stored.isEmpty, "the digests were folded along the way")
        let summary = try #require(try store.summary(session: id))
        #expect(older > 4 && summary.readingCount == 2 * steps + older)
        #expect(summary.maxProbeCelsius == hottest)

        try store.finishSession(id, endedAtUnixMs: 1_700_000_500_000)
        let finished = try Self.digests(store)
        #expect(
            finished.stored.filter { $0[0] == .integer(id) } == finished.complete.filter { $0[0] == .integer(id) },
            "finishing folds the whole tail in")
        try Self.expectListMatchesReadings(store)
    }

    /// A replay at full speed stores batches of 500; some batches hold readings the digest covers.
    @Test func batchAppendsKeepTheListRight() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let readings = Fixtures.readings(count: 5000) + Fixtures.readings(count: 800, channel: 3)
        for start in stride(from: 0, to: readings.count, by: 500) {
            try store.append(Array(readings[start..<min(start + 500, readings.count)]), session: id)
        }
        try Self.expectListMatchesReadings(store)
        // The same readings again (nothing new), then older times on channel 1, between the stored ones.
        #expect(try store.append(readings, session: id).stored == 0)
        let between = Fixtures.readings(count: 600).map {
            Reading(
                channel: 1, elapsedSeconds: $0.elapsedSeconds + 0.2, probeCelsius: $0.probeCelsius.map { $0 + 90 },
                ambientCelsius: nil)
        }
        #expect(try store.append(between, session: id).stored == 600)
        try Self.expectListMatchesReadings(store)
        #expect(try store.summary(session: id)?.readingCount == 6400)
    }

    /// An import stores a whole cook in one transaction and leaves its digests complete.
    @Test func importedCooksAreDigestedWhole() throws {
        let store = try SessionStore(path: ":memory:")
        _ = try store.insertCook(Fixtures.cook(hash: "a", readingCount: 3000))
        _ = try store.insertCook(Fixtures.cook(hash: "b", readingCount: 3))
        _ = try store.createSession(Fixtures.info(), channels: [])
        let digests = try Self.digests(store)
        #expect(digests.stored == digests.complete)
        try Self.expectListMatchesReadings(store)
    }

    /// QA: `import --into` a finished session left its end where it was when the added readings
    /// or events ran past it (`show`: "ended 00:15:14" beside "duration 29m 30s"). It now ends
    /// with the last of them; earlier ones leave it, and a session still open keeps no end.
    @Test func addingPastTheEndMovesTheEnd() throws {
        let store = try SessionStore(path: ":memory:")
        let started: Int64 = 1_700_000_000_123
        let id = try store.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1)])
        try store.append(Fixtures.readings(count: 1200), session: id)
        try store.finishSession(id, endedAtUnixMs: started + 600_000)
        let later = Fixtures.readings(count: 100, startMs: 1_800_000)
        _ = try store.addReadings(later, channels: [], session: id)
        let lastMs = Int64((later.last!.elapsedSeconds * 1000).rounded())
        #expect(try store.session(id)?.endedAtUnixMs == started + lastMs)
        let event = SessionEvent(elapsedSeconds: 2000, kind: .disconnected, detail: "link lost")
        _ = try store.add(readings: [], channels: [], events: [event], session: id)
        #expect(try store.session(id)?.endedAtUnixMs == started + 2_000_000)
        _ = try store.addReadings(Fixtures.readings(count: 10, startMs: 100), channels: [], session: id)
        #expect(try store.session(id)?.endedAtUnixMs == started + 2_000_000)
        let open = try store.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1)])
        _ = try store.addReadings(later, channels: [], session: open)
        #expect(try store.session(open)?.endedAtUnixMs == nil)
    }

    /// `import --into` (`addReadings`): readings before the session's last one (counted into the
    /// digest at once), after it, on a new channel, and ones already stored.
    @Test func addedReadingsAreCountedWhereverTheyFall() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1)])
        for r in Fixtures.readings(count: 2000) { try store.append(r, session: id) }
        try store.finishSession(id, endedAtUnixMs: 1_700_000_500_000)
        let saved =
            Fixtures.readings(count: 2000).enumerated().filter { $0.offset % 3 == 0 }.map {
                Reading(
                    channel: 1, elapsedSeconds: $0.element.elapsedSeconds + 0.25,
                    probeCelsius: $0.offset == 999 ? 120 : 40, ambientCelsius: nil)
            } + Fixtures.readings(count: 50, channel: 1, startMs: 2_000_000) + Fixtures.readings(count: 30, channel: 2)
            + Fixtures.readings(count: 10)
        let added = try store.addReadings(saved, channels: [ChannelInfo(channel: 2)], session: id)
        #expect(added == 667 + 50 + 30)
        try Self.expectListMatchesReadings(store)
        #expect(try store.summary(session: id)?.maxProbeCelsius == 120)
        let digests = try Self.digests(store)
        #expect(digests.stored == digests.complete)
        #expect(try store.addReadings(saved, channels: [], session: id) == 0)
        try Self.expectListMatchesReadings(store)
    }

    /// Deleting a session takes its digests with it; the others stay as they were.
    @Test func deletingASessionDeletesItsDigests() throws {
        let store = try SessionStore(path: ":memory:")
        let a = try store.insertCook(Fixtures.cook(hash: "a", readingCount: 200))
        let b = try store.insertCook(Fixtures.cook(hash: "b", readingCount: 300))
        try store.deleteSession(a)
        let digests = try Self.digests(store)
        #expect(digests.stored == digests.complete)
        #expect(digests.stored.allSatisfy { $0[0] == .integer(b) })
        try Self.expectListMatchesReadings(store)
    }

    // MARK: What the list reads

    /// The list is read from the digests (a count changed in one shows), and they are a cache:
    /// without them the readings are counted. On the old code there is no digest to change.
    @Test func theListIsReadFromTheDigests() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.insertCook(Fixtures.cook(hash: "a", readingCount: 100))
        try store.withConnection("test") { db in
            try db.execute("UPDATE reading_digests SET reading_count = reading_count + 1000")
        }
        #expect(try store.summary(session: id)?.readingCount == 2200)
        try store.withConnection("test") { db in try db.execute("DELETE FROM reading_digests") }
        try Self.expectListMatchesReadings(store)
        #expect(try store.summary(session: id)?.readingCount == 200)
    }

    // MARK: Interruptions

    /// A recorder killed at any point leaves the digests and the readings after them adding up to
    /// every stored reading: a live reading later than the digest needs no digest write, and one
    /// the digest covers is stored with its digest update in one transaction or not at all.
    @Test func aKilledRecorderLeavesTheListRight() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("cookcast.db")
        let id: Int64
        // Past one fold, and as many readings again after it.
        let recorded = ReadingDigest.foldThreshold + 476
        do {
            let recorder = try SessionStore(path: path)
            id = try recorder.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1)])
            for i in 0..<recorded {
                try recorder.append(Self.reading(1, i * 500, probe: 20 + Double(i) * 0.001), session: id)
            }
            // Released without finishing, as a SIGKILL leaves it: the last readings are not folded.
        }
        let reader = try SessionStore(path: path, readOnly: true)
        try Self.expectListMatchesReadings(reader)
        let digests = try Self.digests(reader)
        #expect(digests.stored != digests.complete, "the tail after the last fold is read from the readings")

        let resumed = try SessionStore(path: path)
        // The digest update of an older reading fails: the reading is not stored either.
        try resumed.withConnection("test") { db in
            try db.execute(
                "CREATE TEMP TRIGGER fail_digest BEFORE UPDATE ON reading_digests BEGIN SELECT RAISE(ABORT, 'killed'); END"
            )
        }
        let older = Self.reading(1, 250, probe: 99)
        #expect(throws: SQLiteError.self) { try resumed.append(older, session: id) }
        #expect(try resumed.probeCelsius(session: id, channel: 1, atMilliseconds: 250) == nil)
        try resumed.withConnection("test") { db in try db.execute("DROP TRIGGER temp.fail_digest") }
        #expect(try resumed.append(older, session: id) == .stored)
        for i in recorded..<recorded + 100 { try resumed.append(Self.reading(1, i * 500, probe: 21), session: id) }
        try Self.expectListMatchesReadings(reader)
        #expect(try reader.summary(session: id)?.readingCount == recorded + 101)
        #expect(try reader.summary(session: id)?.maxProbeCelsius == 99)
    }
}
