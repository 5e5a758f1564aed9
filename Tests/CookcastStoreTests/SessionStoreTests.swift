import CookcastCore
import Foundation
import Testing

@testable import CookcastStore

@Suite struct SessionStoreTests {
    @Test func migrationCreatesTheCurrentSchema() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("nested/deeper/cookcast.db")
        _ = try SessionStore(path: path)
        let reader = try SQLiteReader(path: path)
        #expect(
            try reader.tableNames() == [
                "channels", "events", "fits", "priors", "reading_digests", "readings", "series", "sessions",
                "set_aside_readings",
            ])
        #expect(try reader.rows("PRAGMA user_version") == [[.integer(Int64(SessionStore.schemaVersion))]])
        #expect(try reader.rows("PRAGMA journal_mode") == [[.text("wal")]])
        #expect(
            try reader.columnNames(table: "readings")
                == ["session_id", "channel", "t_ms", "probe_c", "ambient_c", "battery_pct", "link_epoch"])
        #expect(
            try reader.columnNames(table: "sessions")
                == [
                    "id", "started_at_ms", "ended_at_ms", "cut", "name", "target_c", "weight_kg", "probe_id", "source",
                    "notes", "status", "utc_offset_s", "content_hash", "same_cook_hash",
                ])
        #expect(
            try reader.columnNames(table: "channels") == ["session_id", "channel", "name", "role", "cut", "target_c"])
        #expect(
            try reader.columnNames(table: "reading_digests")
                == ["session_id", "channel", "through_t_ms", "reading_count", "max_probe_c"])
        #expect(
            try reader.columnNames(table: "set_aside_readings")
                == [
                    "id", "session_id", "channel", "t_ms", "probe_c", "ambient_c", "battery_pct", "link_epoch",
                    "reason",
                ])
        #expect(SessionStore.schemaVersion == 7)
    }

    /// A database of the first schema, with one cook: what an earlier cookcast left.
    private func versionOneDatabase(at path: String) throws {
        let db = try SQLiteConnection(path: path)
        try db.execute(Migrations.schemaV1)
        try db.execute(
            """
            INSERT INTO sessions (id, started_at_ms, cut, target_c, source, status) VALUES (1, 0, 'chicken', 74, 'replay:x', 'finished');
            INSERT INTO channels (session_id, channel, name, role) VALUES (1, 1, 'probe 1', 'meat');
            INSERT INTO readings (session_id, channel, t_ms, probe_c) VALUES (1, 1, 0, 5.5), (1, 1, 1000, 5.75);
            PRAGMA user_version = 1;
            """)
    }

    @Test func anEarlierSchemaIsUpgradedKeepingItsCooks() throws {
        let dir = try TemporaryDirectory()
        for readOnly in [false, true] {
            let path = dir.file("v1-\(readOnly).db")
            try versionOneDatabase(at: path)
            // Read-only commands (`sessions`, `show`, `export`) upgrade it too: they used to refuse
            // every database of an earlier schema until a command that writes had run.
            let store = try SessionStore(path: path, readOnly: readOnly)
            #expect(try store.channels(session: 1) == [ChannelInfo(channel: 1, name: "probe 1", role: .meat)])
            #expect(try store.readings(session: 1).map(\.probeCelsius) == [5.5, 5.75])
            #expect(try store.session(1)?.cut == "chicken")
            #expect(
                try SQLiteReader(path: path).rows("PRAGMA user_version")
                    == [[.integer(Int64(SessionStore.schemaVersion))]])
        }
    }

    /// A Combustion import's thermistors and virtual surface were stored as meat probes of their
    /// own; they are sensors along the one probe whose reading is the virtual core.
    @Test func aCombustionImportsSensorsAreSensorsOnceUpgraded() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("v1.db")
        try versionOneDatabase(at: path)
        try SQLiteConnection(path: path).execute(
            """
            INSERT INTO sessions (id, started_at_ms, source, status) VALUES (2, 0, 'import:combustion', 'imported');
            INSERT INTO channels (session_id, channel, name, role) VALUES
                (2, 1, 'virtual core', 'meat'), (2, 2, 'T1', 'meat'), (2, 9, 'T8 (virtual ambient)', 'ambient'),
                (2, 10, 'virtual surface', 'meat');
            INSERT INTO sessions (id, started_at_ms, source, status) VALUES (3, 0, 'import:igrill', 'imported');
            INSERT INTO channels (session_id, channel, name, role) VALUES (3, 1, 'T1', 'meat'), (3, 2, 'T2', 'meat');
            """)
        let store = try SessionStore(path: path)
        #expect(try store.channels(session: 2).map(\.role) == [.meat, .sensor, .ambient, .sensor])
        #expect(try store.channels(session: 3).map(\.role) == [.meat, .meat])
        #expect(try store.channels(session: 1).map(\.role) == [.meat])
    }

    @Test func aProbesOwnCutAndTargetAreKept() throws {
        let dir = try TemporaryDirectory()
        let store = try SessionStore(path: dir.file("cookcast.db"))
        let shoulder = ChannelInfo(channel: 3, name: "probe 3", role: .meat, cut: "pork_shoulder", targetCelsius: 95)
        let id = try store.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1), shoulder])
        // Registered again as heard, by the live pipeline: what was stored stays.
        try store.addChannel(ChannelInfo(channel: 3, name: "probe 3", role: .meat), session: id)
        #expect(try store.channels(session: id) == [ChannelInfo(channel: 1), shoulder])
    }

    @Test func reopeningKeepsData() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("cookcast.db")
        let id: Int64
        do {
            let store = try SessionStore(path: path)
            id = try store.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1, name: "p1")])
            #expect(try store.append(Fixtures.readings(count: 10), session: id).stored == 10)
        }
        let again = try SessionStore(path: path)
        #expect(try again.readings(session: id) == Fixtures.readings(count: 10))
        var expected = Fixtures.info()
        expected.id = id
        #expect(try again.session(id) == expected)
        #expect(try again.channels(session: id) == [ChannelInfo(channel: 1, name: "p1", role: .meat)])
        let readOnly = try SessionStore(path: path, readOnly: true)
        #expect(try readOnly.readings(session: id).count == 10)
    }

    /// The same values again are a duplicate; other values at a stored channel and millisecond
    /// (a feeder's clock that restarted) are set aside, the stored reading staying the curve. On
    /// the old code the changed reading was counted and dropped.
    @Test func singleAppendsReportDuplicatesAndSetOtherValuesAside() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let readings = Fixtures.readings(count: 5)
        for reading in readings {
            #expect(try store.append(reading, session: id, linkEpoch: 2) == .stored)
        }
        #expect(try store.append(readings[3], session: id) == .duplicate)
        var changed = readings[1]
        changed.probeCelsius = 99
        #expect(try store.append(changed, session: id, linkEpoch: 3) == .setAside)
        #expect(try store.append(changed, session: id) == .duplicate, "the one set aside, again")
        var battery = readings[1]
        battery.batteryPercent = (battery.batteryPercent ?? 50) + 1
        #expect(try store.append(battery, session: id) == .setAside, "any value, bit for bit")
        #expect(try store.readings(session: id) == readings)
        #expect(try store.setAsideReadings(session: id) == [changed, battery])
        #expect(try store.setAsideCount(session: id) == 2)
        #expect(try store.summary(session: id)?.readingCount == 5)
        #expect(try store.summary(session: id)?.setAsideCount == 2)
        let rows = try store.withConnection("test") { db in
            let select = try db.prepare("SELECT t_ms, link_epoch, reason FROM set_aside_readings ORDER BY id")
            var rows: [[SQLiteValue]] = []
            while try select.step() { rows.append((0..<3).map { select.value(at: $0) }) }
            return rows
        }
        let ms = Int64((readings[1].elapsedSeconds * 1000).rounded())
        #expect(
            rows == [
                [.integer(ms), .integer(3), .text("other_values")], [.integer(ms), .integer(0), .text("other_values")],
            ])
    }

    /// A batch (a replay at full speed, an import) sets aside as single appends do, a second
    /// reading at one time within the batch included.
    @Test func batchAppendsSetOtherValuesAside() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let first = Fixtures.readings(count: 10)
        #expect(try store.append(first, session: id) == AppendTally(stored: 10))
        let restarted = first.prefix(4).map {
            Reading(elapsedSeconds: $0.elapsedSeconds, probeCelsius: ($0.probeCelsius ?? 0) + 30, ambientCelsius: nil)
        }
        let later = Reading(elapsedSeconds: 100, probeCelsius: 40, ambientCelsius: nil)
        var again = later
        again.probeCelsius = 41
        let tally = try store.append(restarted + [first[5], later, again, again], session: id)
        #expect(tally == AppendTally(stored: 1, setAside: 5, duplicates: 2))
        #expect(try store.readings(session: id) == first + [later])
        #expect(try store.setAsideReadings(session: id) == restarted + [again])
        #expect(try store.setAsideReadings(session: id, channel: 2).isEmpty)
    }

    /// A session that holds only readings set aside (its curve's deleted by hand) is not an empty
    /// one: `live`'s clean-up of a run that stored nothing leaves it.
    @Test func aSessionWithReadingsSetAsideIsNotEmpty() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let reading = Reading(elapsedSeconds: 1, probeCelsius: 20, ambientCelsius: nil)
        try store.append(reading, session: id)
        var other = reading
        other.probeCelsius = 35
        #expect(try store.append(other, session: id) == .setAside)
        try store.withConnection("test") { db in try db.execute("DELETE FROM readings") }
        #expect(try store.deleteSessionIfEmpty(id) == false)
        #expect(try store.session(id) != nil)
        let empty = try store.createSession(Fixtures.info(), channels: [])
        #expect(try store.deleteSessionIfEmpty(empty))
    }

    @Test func batchAppendCountsInsertedRows() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let first = Fixtures.readings(count: 1000, channel: 1)
        let second = Fixtures.readings(count: 1000, channel: 2)
        #expect(try store.append(first, session: id).stored == 1000)
        #expect(
            try store.append(Array(first[500...]) + second, session: id) == AppendTally(stored: 1000, duplicates: 500))
        #expect(try store.append([Reading](), session: id) == AppendTally())
        let all = try store.readings(session: id)
        #expect(all == first + second)  // ordered by channel, then time
        #expect(try store.readings(session: id, channel: 2) == second)
        #expect(try store.readings(session: id, channel: 3).isEmpty)
        #expect(try store.readings(session: id + 1).isEmpty)
    }

    /// What `fit` reads of a probe: its readings' times and temperatures, in time order, the
    /// battery left out, no other channel's.
    @Test func temperatureReadingsAreAChannelsReadingsWithoutTheBattery() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let probe = [
            Reading(channel: 2, elapsedSeconds: 30.5, probeCelsius: nil, ambientCelsius: 110.25, batteryPercent: 80),
            Reading(channel: 2, elapsedSeconds: 0.001, probeCelsius: 4.5, ambientCelsius: nil, batteryPercent: 81),
            Reading(channel: 2, elapsedSeconds: 60, probeCelsius: 6.75, ambientCelsius: 111, batteryPercent: nil),
        ]
        let other = [Reading(channel: 1, elapsedSeconds: 10, probeCelsius: 50, ambientCelsius: 120)]
        #expect(try store.append(probe + other, session: id).stored == 4)
        let read = try store.temperatureReadings(session: id, channel: 2)
        var expected = probe.sorted { $0.elapsedSeconds < $1.elapsedSeconds }
        for i in expected.indices { expected[i].batteryPercent = nil }
        #expect(read == expected)
        #expect(try store.temperatureReadings(session: id, channel: 3).isEmpty)
        #expect(try store.temperatureReadings(session: id + 1, channel: 2).isEmpty)
    }

    @Test func readingsRoundTripExactly() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let tricky = [
            Reading(channel: 1, elapsedSeconds: 0, probeCelsius: 0.1 + 0.2, ambientCelsius: -40, batteryPercent: 100),
            Reading(channel: 1, elapsedSeconds: 0.001, probeCelsius: 1e-300, ambientCelsius: nil, batteryPercent: nil),
            Reading(
                channel: 1, elapsedSeconds: 86_399.999, probeCelsius: .pi, ambientCelsius: 399.9, batteryPercent: 0),
            Reading(
                channel: 6, elapsedSeconds: 123_456.789, probeCelsius: nil, ambientCelsius: nil, batteryPercent: 50),
        ]
        #expect(try store.append(tricky, session: id).stored == 4)
        #expect(try store.readings(session: id) == tricky)
    }

    @Test func timesRoundToTheMillisecond() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let a = Reading(elapsedSeconds: 1.0004, probeCelsius: 20, ambientCelsius: nil)
        let b = Reading(elapsedSeconds: 1.0001, probeCelsius: 21, ambientCelsius: nil)
        #expect(try store.append(a, session: id) == .stored)
        #expect(try store.append(b, session: id) == .setAside)  // both are t_ms = 1000
        let back = try store.readings(session: id)
        #expect(back.count == 1)
        #expect(back[0].elapsedSeconds == 1.0)
        #expect(try store.setAsideReadings(session: id).map(\.elapsedSeconds) == [1.0])
    }

    @Test func lastReadingsAreNewestInTimeOrder() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let one = Fixtures.readings(count: 100, channel: 1)
        let two = Fixtures.readings(count: 100, channel: 2, startMs: 250)
        try store.append(one + two, session: id)
        let all = (one + two).sorted { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        #expect(try store.lastReadings(session: id, limit: 7) == Array(all.suffix(7)))
        #expect(try store.lastReadings(session: id, limit: 1000) == all)
        #expect(try store.lastReadings(session: id, limit: 0).isEmpty)
        #expect(try store.lastReadings(session: id + 1, limit: 5).isEmpty)
    }

    @Test func insertCookRoundTripsAndIsAtomic() throws {
        let store = try SessionStore(path: ":memory:")
        let cook = Fixtures.cook()
        let id = try store.insertCook(cook)
        var expected = cook
        expected.info.id = id
        #expect(try store.cook(id) == expected)
        #expect(try store.sessionID(contentHash: "sha256:abc") == id)
        #expect(try store.sessionID(contentHash: "sha256:other") == nil)

        // Same file again: the content_hash UNIQUE constraint rejects the session row.
        #expect(throws: SQLiteError.self) { try store.insertCook(cook) }
        var broken = Fixtures.cook(hash: "sha256:new")
        broken.events.append(SessionEvent(elapsedSeconds: 1, kind: .note, detail: "x"))
        broken.series.append(NamedSeries(name: "a", channel: 1, points: [.init(elapsedSeconds: 1, value: 1)]))
        // Inject a failure after session, channels and readings are in: a trigger rejects the series row.
        try store.withConnection("test") { db in
            try db.execute(
                "CREATE TEMP TRIGGER reject_series BEFORE INSERT ON series WHEN NEW.name = 'a' BEGIN SELECT RAISE(ABORT, 'injected'); END"
            )
        }
        #expect(throws: SQLiteError.self) { try store.insertCook(broken) }
        let sessions = try store.sessions()
        #expect(sessions.map(\.id) == [id])
        #expect(try store.sessionID(contentHash: "sha256:new") == nil)
        let orphans = try store.withConnection("test") { db in
            try db.scalar(
                "SELECT (SELECT count(*) FROM readings WHERE session_id <> \(id)) + (SELECT count(*) FROM events WHERE session_id <> \(id)) + (SELECT count(*) FROM channels WHERE session_id <> \(id))"
            )
        }
        #expect(orphans == .integer(0))
    }

    @Test func sessionsSummarizeReadings() throws {
        let store = try SessionStore(path: ":memory:")
        let a = try store.insertCook(Fixtures.cook(hash: "h1", readingCount: 20))
        let b = try store.createSession(Fixtures.info(), channels: [])
        let summaries = try store.sessions()
        #expect(summaries.map(\.id) == [a, b])
        #expect(summaries[0].readingCount == 40)
        let readings = Fixtures.readings(count: 20)
        #expect(summaries[0].durationSeconds == readings.last?.elapsedSeconds)
        #expect(summaries[0].maxProbeCelsius == readings.compactMap(\.probeCelsius).max())
        #expect(summaries[1].readingCount == 0)
        #expect(summaries[1].durationSeconds == nil)
        #expect(summaries[1].maxProbeCelsius == nil)
        #expect(summaries[1].info.id == b)
    }

    /// QA (scale): `show ID` took its summary from `sessions()`, which scans every reading of
    /// every session: 2.4 s to show a 4 h cook in a season's database of 20 M readings. One
    /// session's summary is the same line.
    @Test func oneSessionsSummaryIsItsLineOfTheList() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("cookcast.db")
        let store = try SessionStore(path: path)
        let a = try store.insertCook(Fixtures.cook(hash: "h1", readingCount: 20))
        let b = try store.createSession(Fixtures.info(), channels: [])
        let c = try store.insertCook(Fixtures.cook(hash: "h2", readingCount: 7))
        let all = try store.sessions()
        for id in [a, b, c] { #expect(try store.summary(session: id) == all.first { $0.id == id }) }
        #expect(try store.summary(session: c + 1) == nil)
    }

    @Test func updateFinishResumeAndDelete() throws {
        let store = try SessionStore(path: ":memory:")
        let older = try store.createSession(Fixtures.info(source: "live:AA"), channels: [])
        var newerInfo = Fixtures.info(source: "live:AA")
        newerInfo.startedAtUnixMs += 1000
        let newer = try store.createSession(newerInfo, channels: [ChannelInfo(channel: 1)])
        _ = try store.createSession(Fixtures.info(source: "live:BB"), channels: [])
        #expect(try store.latestActiveSession(source: "live:AA")?.id == newer)

        try store.finishSession(newer, endedAtUnixMs: 1_700_000_100_000)
        let finished = try #require(try store.session(newer))
        #expect(finished.status == .finished)
        #expect(finished.endedAtUnixMs == 1_700_000_100_000)
        #expect(try store.latestActiveSession(source: "live:AA")?.id == older)
        #expect(try store.latestActiveSession(source: "nothing") == nil)

        var edited = try #require(try store.session(older))
        edited.cut = "brisket"
        edited.targetCelsius = 96.5
        edited.name = nil
        try store.updateSession(edited)
        #expect(try store.session(older) == edited)
        var missing = edited
        missing.id = 999
        #expect(throws: StoreError.sessionNotFound(id: 999)) { try store.updateSession(missing) }
        missing.id = nil
        #expect(throws: StoreError.missingSessionID) { try store.updateSession(missing) }
        #expect(throws: StoreError.sessionNotFound(id: 999)) { try store.finishSession(999, endedAtUnixMs: 0) }

        try store.append(Fixtures.readings(count: 10), session: newer)
        try store.append(SessionEvent(elapsedSeconds: 1, kind: .alarm, detail: "target"), session: newer)
        try store.append(
            FitRecord(
                elapsedSeconds: 1, model: "m", parameters: [:], etaSeconds: nil, etaLowSeconds: nil,
                etaHighSeconds: nil, phase: "warming"), session: newer)
        try store.append(NamedSeries(name: "s", points: [.init(elapsedSeconds: 1, value: 2)]), session: newer)
        try store.deleteSession(newer)
        #expect(try store.session(newer) == nil)
        #expect(try store.cook(newer) == nil)
        #expect(try store.readings(session: newer).isEmpty)
        #expect(try store.events(session: newer).isEmpty)
        #expect(try store.fits(session: newer).isEmpty)
        #expect(try store.series(session: newer).isEmpty)
        #expect(try store.channels(session: newer).isEmpty)
        #expect(throws: StoreError.sessionNotFound(id: newer)) { try store.deleteSession(newer) }
    }

    /// What `live` removes when a run stored no reading: only a session without any, events and
    /// channels and all; one with a reading stays, whatever else it holds.
    @Test func onlyASessionWithoutReadingsIsDeletedIfEmpty() throws {
        let store = try SessionStore(path: ":memory:")
        let channels = [ChannelInfo(channel: 1, name: "probe", role: .meat)]
        let empty = try store.createSession(Fixtures.info(), channels: channels)
        try store.append(SessionEvent(elapsedSeconds: 0, kind: .started, detail: "stdin"), session: empty)
        let cooked = try store.createSession(Fixtures.info(), channels: channels)
        try store.append(Reading(elapsedSeconds: 0, probeCelsius: 20, ambientCelsius: nil), session: cooked)

        #expect(try !store.deleteSessionIfEmpty(cooked))
        #expect(try store.session(cooked) != nil)
        #expect(try store.readings(session: cooked).count == 1)
        #expect(try store.deleteSessionIfEmpty(empty))
        #expect(try store.session(empty) == nil)
        #expect(try store.events(session: empty).isEmpty)
        #expect(try store.channels(session: empty).isEmpty)
        #expect(try !store.deleteSessionIfEmpty(empty), "gone already")
    }

    @Test func appendingToAMissingSessionFails() throws {
        let store = try SessionStore(path: ":memory:")
        let error = try #require(throws: SQLiteError.self) {
            try store.append(Reading(elapsedSeconds: 1, probeCelsius: 1, ambientCelsius: nil), session: 42)
        }
        #expect(error.isConstraintViolation)
        #expect(error.description == "cannot append a reading to :memory:: FOREIGN KEY constraint failed")
    }

    @Test func fitsUpsertAndRoundTrip() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let first = FitRecord(
            elapsedSeconds: 600.5, channel: 1, model: "conduction2",
            parameters: ["k_per_s": 1.25e-4, "t_inf_c": 107.3, "t0_c": 4.1, "odd": .nan, "inf": -.infinity],
            etaSeconds: 36_000, etaLowSeconds: 33_000.25, etaHighSeconds: 40_000, phase: "predicting")
        var replaced = first
        replaced.parameters = ["k_per_s": 2e-4]
        replaced.etaSeconds = nil
        replaced.phase = "stalled"
        let other = FitRecord(
            elapsedSeconds: 600.5, channel: 1, model: "newton", parameters: ["k_per_s": 0.1], etaSeconds: 1,
            etaLowSeconds: nil, etaHighSeconds: nil, phase: "predicting")
        let earlier = FitRecord(
            elapsedSeconds: 30, channel: 2, model: "newton", parameters: [:], etaSeconds: nil, etaLowSeconds: nil,
            etaHighSeconds: nil, phase: "warming")
        try store.append(first, session: id)
        let back = try store.fits(session: id)
        #expect(back.count == 1)
        #expect(back[0].parameters["odd"]?.isNaN == true)
        #expect(back[0].parameters["inf"] == -.infinity)
        #expect(back[0].parameters["k_per_s"] == 1.25e-4)
        try store.append(replaced, session: id)
        try store.append(other, session: id)
        try store.append(earlier, session: id)
        #expect(try store.fits(session: id) == [earlier, replaced, other])
        // QA (scale): `show` and `plot` loaded every fit of the session, each decoding its JSON,
        // to use the last one: 0.73 s for `show` of a 72 h, 4-probe cook (25,917 fits). Each
        // channel's last fit alone is read now.
        #expect(try store.lastFitOfEachChannel(session: id) == [other, earlier])
        #expect(try store.lastFitOfEachChannel(session: id + 1) == [])
    }

    @Test func eventsAndSeriesRoundTrip() throws {
        let store = try SessionStore(path: ":memory:")
        let id = try store.createSession(Fixtures.info(), channels: [])
        let events = [
            SessionEvent(elapsedSeconds: 5, kind: .disconnected, channel: 1, detail: "timeout"),
            SessionEvent(elapsedSeconds: 1.5, kind: .connected, detail: "link up"),
            SessionEvent(elapsedSeconds: 5, kind: .connected, channel: 1, detail: "again"),
        ]
        for event in events { try store.append(event, session: id) }
        #expect(try store.events(session: id) == [events[1], events[0], events[2]])

        let vendor = NamedSeries(
            name: NamedSeries.vendorPredictedRemainingSeconds, channel: 2,
            points: [.init(elapsedSeconds: 0.5, value: 100), .init(elapsedSeconds: 1, value: 99.5)])
        let other = NamedSeries(name: "a_series", channel: 2, points: [.init(elapsedSeconds: 3, value: -1)])
        try store.append(vendor, session: id)
        try store.append(other, session: id)
        // A point at an existing millisecond replaces it.
        try store.append(
            NamedSeries(name: "a_series", channel: 2, points: [.init(elapsedSeconds: 3, value: 7)]),
            session: id)
        let expectedOther = NamedSeries(name: "a_series", channel: 2, points: [.init(elapsedSeconds: 3, value: 7)])
        #expect(try store.series(session: id) == [expectedOther, vendor])
    }

    @Test func priorsRoundTrip() throws {
        let store = try SessionStore(path: ":memory:")
        let brisket = PriorRecord(
            cut: "brisket", model: "conduction2", parameterNames: ["k_per_s", "t_inf_c"], mean: [1.5e-4, 110.25],
            covariance: [1e-10, 2e-6, 2e-6, 16.5], cookCount: 12, updatedAtUnixMs: 1_700_000_000_000)
        let generic = PriorRecord(
            cut: "generic", model: "conduction2", parameterNames: ["k_per_s"], mean: [1e-4], covariance: [4e-10],
            cookCount: 40, updatedAtUnixMs: 1_700_000_000_001)
        try store.save(generic)
        try store.save(brisket)
        #expect(try store.priors() == [brisket, generic])
        var updated = brisket
        updated.cookCount = 13
        updated.mean = [1.6e-4, 109]
        try store.save(updated)
        #expect(try store.priors(cut: "brisket") == [updated])
        #expect(try store.priors(cut: "lamb").isEmpty)
    }

    @Test func defaultPathFollowsEnvironment() {
        #expect(SessionStore.defaultPath(environment: ["COOKCAST_DB": "/a/b.db", "HOME": "/h"]) == "/a/b.db")
        #expect(
            SessionStore.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"])
                == "/x/data/cookcast/cookcast.db")
        #expect(
            SessionStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h/"])
                == "/h/.local/share/cookcast/cookcast.db")
        #expect(
            SessionStore.defaultPath(environment: ["COOKCAST_DB": "", "HOME": "/h"])
                == "/h/.local/share/cookcast/cookcast.db")
    }
}
