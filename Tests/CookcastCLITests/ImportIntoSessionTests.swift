import CookcastCore
import CookcastImport
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `cookcast import FILE --into SESSION`: readings added to a stored cook, not a new session.
@Suite struct ImportIntoSessionTests {
    /// A sandbox with session 1: readings at 0, 10 and 20 s of a brisket.
    func sandboxWithSession() async throws -> Sandbox {
        let box = Sandbox()
        let first = box.write("first.csv", "t_s,probe_c,ambient_c\n0,20,110\n10,21,110\n20,22,110\n")
        let r = await box.run(["import", first, "--cut", "brisket", "--target", "95"])
        #expect(r.status == 0, "\(r.err)")
        return box
    }

    @Test func addsTheMissingReadingsOnceAndKeepsOneSession() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let rest = box.write(
            "rest.csv", "t_s,probe_c,ambient_c,channel\n20,22,110,1\n30,23,110,1\n40,24,110,1\n30,40,,2\n")
        let r = await box.run(["import", rest, "--into", "1"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("added 3 readings to session 1 ("), "\(r.out)")
        #expect(r.out.contains("cut brisket, target 95.0 C); 1 already stored"), "\(r.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.sessionIDs() == [1])
        #expect(try store.readings(session: 1, channel: 1).map(\.elapsedSeconds) == [0, 10, 20, 30, 40])
        #expect(try store.channels(session: 1).map(\.channel) == [1, 2])
        #expect(try store.session(1)?.cut == "brisket")
        let again = await box.run(["import", rest, "--into", "1"])
        #expect(again.status == 0, "\(again.err)")
        #expect(
            again.out.contains("added 0 readings to session 1") && again.out.contains("4 already stored"),
            "\(again.out)")
    }

    /// The list counts the readings added, the one before the session's last reading (already
    /// inside its channel's digest) and its hotter probe included, as it counts them from scratch.
    /// Readings at times the session stores with values a rounding apart (within
    /// `MergeOverlap.contradictionCelsius`) are kept as stored, and said: they were "already
    /// stored" without a word, the file's values dropped.
    @Test func readingsThatDifferFromTheStoredOnesAreSaid() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let other = box.write("other.csv", "t_s,probe_c,ambient_c\n10,21.4,110.6\n20,22,110\n7000,50,50\n")
        let r = await box.run(["import", other, "--into", "1"])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.out.contains(
                "; 2 already stored; 1 of them with other values than stored, kept as stored (first 00:00:10 channel 1: "
                    + "probe 21.4 C, ambient 110.6 C in the file, probe 21.0 C, ambient 110.0 C stored)"), "\(r.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1, channel: 1).map(\.probeCelsius) == [20, 21, 22, 50])
    }

    /// QA: one chicken's CSV export merged into another chicken's session said "added 231
    /// readings ...; 286 already stored; 286 of them with other values than stored", exit 0, and
    /// the session interleaved two cooks. A file with a reading more than 1 C from the stored one
    /// at its channel and millisecond is not the session's cook: refused in one line, exit 65,
    /// nothing stored, and `--dry-run` says the same; one such reading among agreeing ones is
    /// enough (merged, it still puts a second curve between the stored readings).
    @Test func anotherCookIsRefusedAndNothingIsStored() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let other = box.write("other.csv", "t_s,probe_c,ambient_c\n10,99,110\n20,22,110\n7000,50,50\n")
        for dryRun in [true, false] {
            let r = await box.run(["import", other, "--into", "1"] + (dryRun ? ["--dry-run"] : []))
            #expect(r.status == 65 && r.out.isEmpty, "\(r.out)")
            #expect(
                r.err
                    == "cookcast import: not added: the file is not session 1's cook: 1 of its 2 readings at times the "
                    + "session stores differ from them by more than 1.0 C (first 00:00:10 channel 1: probe 99.0 C, "
                    + "ambient 110.0 C in the file, probe 21.0 C, ambient 110.0 C stored); import it without --into "
                    + "for a session of its own\n", "\(r.err)")
        }
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).map(\.elapsedSeconds) == [0, 10, 20])
    }

    /// The QA sweep's own steps, with two real chickens; the rest of a cook (its whole file
    /// into a session holding its first part) is still added.
    @Test func aRealChickenIsNotMergedIntoAnother() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let roast = SharedData.cook("heatledger_roast_chicken.csv")
        let combustion = SharedData.cook("combustion_chicken_68c.csv")
        #expect(await box.run(["import", roast]).status == 0)
        #expect(await box.run(["import", combustion]).status == 0)
        let export = box.directory + "/e1.csv"
        #expect(await box.run(["export", "1", "-o", export]).status == 0)
        let merged = await box.run(["import", export, "--into", "2"])
        #expect(
            merged.status == 65 && merged.err.contains("not session 2's cook: 286 of its 286 readings"), "\(merged.err)"
        )
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 2).count == 920)
        let lines = try String(contentsOfFile: export, encoding: .utf8).split(separator: "\n")
        let part = box.write("part.csv", lines.prefix(200).joined(separator: "\n") + "\n")
        #expect(await box.run(["import", part, "--name", "part"]).status == 0)
        let rest = await box.run(["import", export, "--into", "3"])
        #expect(rest.status == 0 && rest.out.contains("added 318 readings to session 3 (part"), "\(rest.out)")
        #expect(rest.out.contains("; 199 already stored") && !rest.out.contains("other values"), "\(rest.out)")
    }

    /// A session with a cut and no target of its own shows its cut's usual one, which fit and live
    /// take (`show` said "target --" beside a fit done at 95 C); one with its own shows that.
    @Test func showGivesTheTargetTheCookIsPredictedTo() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let plain = box.write("plain.csv", "t_s,probe_c,ambient_c\n0,20,110\n10,21,110\n")
        #expect(await box.run(["import", plain, "--cut", "brisket"]).status == 0)
        #expect(await box.run(["show", "1"]).out.contains("\n  target     95.0 C\n"))
        let usual = await box.run(["show", "2", "--unit", "f"])
        #expect(usual.out.contains("\n  target     203.0 F (the usual for brisket)\n"), "\(usual.out)")
    }

    @Test func theListCountsTheAddedReadingsWhereverTheyFall() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let rest = box.write("rest.csv", "t_s,probe_c,ambient_c,channel\n5,90,110,1\n30,23,110,1\n15,40,,2\n")
        let r = await box.run(["import", rest, "--into", "1"])
        #expect(r.status == 0, "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let readings = try store.readings(session: 1)
        let summary = try #require(try store.sessions().first)
        #expect(summary.readingCount == readings.count && readings.count == 6)
        #expect(summary.durationSeconds == readings.map(\.elapsedSeconds).max() && summary.durationSeconds == 30)
        #expect(summary.maxProbeCelsius == readings.compactMap(\.probeCelsius).max() && summary.maxProbeCelsius == 90)
        let list = await box.run(["sessions", "--json"])
        #expect(list.status == 0, "\(list.err)")
        #expect(
            list.out.contains(#""duration_s":30,"#) && list.out.contains(#""max_probe_c":90,"#)
                && list.out.contains(#""readings":6,"#), "\(list.out)")
    }

    @Test func refusesWhatWouldNotBeOneCookInOneSession() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let rest = box.write("rest.csv", "t_s,probe_c,ambient_c\n30,23,110\n")
        let missing = await box.run(["import", rest, "--into", "9"])
        #expect(missing.status == 65 && missing.err.contains("no session 9"), "\(missing.err)")
        let recut = await box.run(["import", rest, "--into", "1", "--cut", "steak"])
        #expect(recut.status == 64 && recut.err.contains("leave out --cut"), "\(recut.err)")
        let other = box.write("other.csv", "t_s,probe_c,ambient_c\n0,5,180\n")
        let two = await box.run(["import", rest, other, "--into", "1"])
        #expect(two.status == 64 && two.err.contains("one cook"), "\(two.err)")
        let lock = try #require(try RecordingLock.acquire(database: box.databasePath, session: 1))
        let recording = await box.run(["import", rest, "--into", "1"])
        lock.release()
        #expect(recording.status == 64 && recording.err.contains("recording it right now"), "\(recording.err)")
        let dry = await box.run(["import", rest, "--into", "1", "--dry-run"])
        #expect(dry.status == 0 && dry.out.contains("would add up to 1 reading to session 1"), "\(dry.out)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).readings(session: 1).count == 3)
    }

    /// What `live` saves when it gives up on a locked database: readings, and their events file
    /// next to them (a disconnect, a reconnect, an alarm whose detail has a comma and quotes, and
    /// one decode error twice in the same millisecond).
    func writeRecoveryFiles(_ box: Sandbox, events: String? = nil) -> (readings: String, events: String) {
        let readings = box.write(
            "cookcast.db-unsaved-1-20261130T231500Z.csv", "t_s,probe_c,ambient_c\n30,23,110\n40,24,110\n")
        let eventsFile = box.write(
            "cookcast.db-unsaved-1-20261130T231500Z-events.csv",
            events
                ?? #"""
                t_s,kind,channel,detail
                25.5,disconnected,,"link lost"
                31.25,connected,,""
                35,alarm,1,"probe_lost: probe 1 lost, ""check it"""
                36,decode_error,,"unexpected packet length 2: 0102"
                36,decode_error,,"unexpected packet length 2: 0102"

                """#)
        return (readings, eventsFile)
    }

    /// The events file was "for the record: not imported", so the session's history lacked the
    /// disconnects and alarms of the stretch the database was locked.
    @Test func theReadingsFileBringsItsEventsBackOnce() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let files = writeRecoveryFiles(box)
        let r = await box.run(["import", files.readings, "--into", "1"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("added 2 readings and 5 events to session 1 ("), "\(r.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let decodeError = SessionEvent(
            elapsedSeconds: 36, kind: .decodeError, detail: "unexpected packet length 2: 0102")
        #expect(
            try store.events(session: 1) == [
                SessionEvent(elapsedSeconds: 25.5, kind: .disconnected, detail: "link lost"),
                SessionEvent(elapsedSeconds: 31.25, kind: .connected),
                SessionEvent(
                    elapsedSeconds: 35, kind: .alarm, channel: 1, detail: #"probe_lost: probe 1 lost, "check it""#),
                decodeError, decodeError,
            ])
        #expect(try store.readings(session: 1).map(\.elapsedSeconds) == [0, 10, 20, 30, 40])
        let shown = await box.run(["show", "1"])
        let listed = shown.out.split(separator: "\n").filter {
            $0.hasPrefix("  [00:00:") && !$0.contains(" ch1  probe")
        }
        #expect(
            listed == [
                "  [00:00:26] disconnected link lost", "  [00:00:31] connected ",
                #"  [00:00:35] alarm ch1 probe_lost: probe 1 lost, "check it""#,
                "  [00:00:36] decode_error unexpected packet length 2: 0102",
                "  [00:00:36] decode_error unexpected packet length 2: 0102",
            ], "\(shown.out)")
        // Again, both files named (a shell's `*`), then the events file alone: nothing added.
        let again = await box.run(["import", files.events, files.readings, "--into", "1"])
        #expect(again.status == 0, "\(again.err)")
        #expect(
            again.out.contains("added 0 readings and 0 events to session 1")
                && again.out.contains("; 2 readings and 5 events already stored"), "\(again.out)")
        let alone = await box.run(["import", files.events, "--into", "1"])
        #expect(alone.status == 0, "\(alone.err)")
        #expect(alone.out.contains("added 0 events to session 1") && alone.out.contains("5 events already stored"))
        #expect(try store.events(session: 1).count == 5 && store.readings(session: 1).count == 5)
        // Without --into it is no cook: the line says where it goes.
        let plain = await box.run(["import", files.events])
        #expect(
            plain.status == 65 && plain.err.contains("add them to their session with --into SESSION"), "\(plain.err)")
        #expect(try store.sessionIDs() == [1])
    }

    /// QA: an events file named twice (itself, and a shell's `*` naming it and its readings
    /// file) had its events added twice; a cook CSV that happened to be named like the events of
    /// the file given (party.csv, party-events.csv) made the import of party.csv fail.
    @Test func eachEventsFileIsReadOnceAndOnlyAnEventsFileIsOne() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let files = writeRecoveryFiles(box)
        let r = await box.run(["import", files.events, files.readings, files.events, "--into", "1"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("added 2 readings and 5 events to session 1"), "\(r.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.events(session: 1).count == 5)
        let party = box.write("party.csv", "t_s,probe_c,ambient_c\n50,25,110\n")
        _ = box.write("party-events.csv", "t_s,probe_c,ambient_c\n50,99,110\n")
        let cook = await box.run(["import", party, "--into", "1"])
        #expect(cook.status == 0, "\(cook.err)")
        #expect(cook.out.contains("added 1 reading to session 1"), "\(cook.out)")
        #expect(try store.readings(session: 1).map(\.probeCelsius) == [20, 21, 22, 23, 24, 25])
        #expect(try store.events(session: 1).count == 5)
    }

    /// QA: what session 1 could not store, imported `--into 2`, was merged into that other cook
    /// without a word; imported without `--into`, it became a cook of its own, its events left out.
    @Test func aRecoveryFileGoesBackToItsOwnSession() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let other = box.write("other.csv", "t_s,probe_c,ambient_c\n0,5,180\n")
        #expect(await box.run(["import", other]).status == 0)
        let files = writeRecoveryFiles(box)
        for file in [files.readings, files.events] {
            let wrong = await box.run(["import", file, "--into", "2"])
            #expect(wrong.status == 64, "\(wrong.out)")
            #expect(
                wrong.err.hasPrefix(
                    "cookcast import: \(file) holds what session 1 could not store (its name says so), not session 2: "
                        + "add it with --into 1"), "\(wrong.err)")
        }
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 2).count == 1 && store.events(session: 2).isEmpty)
        let alone = await box.run(["import", files.readings, "--dry-run"])
        #expect(alone.status == 0, "\(alone.err)")
        #expect(
            alone.err.contains(
                "note: \(files.readings) holds what session 1 could not store; `cookcast import "
                    + "\(files.readings) --into 1` adds it back"), "\(alone.err)")
        #expect(
            RecoveryFile.savedSession(path: "/x/cookcast.db-unsaved-12-20261130T231500Z.csv", database: "cookcast.db")
                == 12)
        #expect(
            RecoveryFile.savedSession(path: "a/other.db-unsaved-1-20261130T231500Z.csv", database: "/d/cookcast.db")
                == nil)
        #expect(RecoveryFile.savedSession(path: "cookcast.db-unsaved-1-notes.csv", database: "cookcast.db") == nil)
    }

    /// A damaged events file is refused with one line naming it and its line, and nothing of the
    /// import is stored: not its events, nor the readings that came with it.
    @Test func aBrokenEventsFileIsRefusedAndNothingIsStored() async throws {
        let box = try await sandboxWithSession()
        defer { box.cleanup() }
        let cases = [
            ("t_s,kind,channel,detail\n25,disconnected,,\"\"\n26,Link Lost,,\"\"\n", "line 3: kind 'Link Lost'"),
            ("t_s,kind,channel,detail\n2x5,disconnected,,\"\"\n", "line 2: t_s '2x5' is not a number"),
            ("time,kind,channel,detail\n25,disconnected,,\"\"\n", "line 1: header 'time,kind,channel,detail'"),
            ("t_s,kind,channel,detail\n25,disconnected,probe,\"\"\n", "line 2: channel 'probe'"),
        ]
        for (text, reason) in cases {
            let files = writeRecoveryFiles(box, events: text)
            let r = await box.run(["import", files.readings, "--into", "1"])
            #expect(r.status == 65, "\(r.out)")
            #expect(r.err.hasPrefix("cookcast import: \(files.events): not a valid events file: \(reason)"), "\(r.err)")
            #expect(r.err.split(separator: "\n").count == 1 && r.out.isEmpty, "\(r.err)")
        }
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).count == 3 && store.events(session: 1).isEmpty)
    }

    /// QA: a recorded cook exported to JSON and imported back into the same database became a
    /// second session, and `fit --backtest` then predicted it with itself among the other cooks
    /// (0.001 of the time left at 25 %).
    @Test func aRecordedCookExportedAndImportedBackIsRecognised() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let live = await box.run(["live", "--simulate", "steak", "--seed", "3", "--speed", "max", "--json"])
        #expect(live.status == 0, "\(live.err)")
        let path = box.directory + "/steak.json"
        let exported = await box.run(["export", "1", "--format", "json", "-o", path])
        #expect(exported.status == 0, "\(exported.err)")
        let back = await box.run(["import", path])
        #expect(back.status == 0, "\(back.err)")
        #expect(back.out.contains("already recorded as session 1, skipped"), "\(back.out)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).sessionIDs() == [1])
    }

    /// QA: `export --format json` of a cook `live` recorded, then `import THAT.json --into M` where
    /// M holds the same cook imported from its CSV, stored all 517 readings twice: the JSON was
    /// placed by its start, and a CSV import starts at the file's modification time (5 min 15 s
    /// off here). The same cook now merges onto itself and says how many were already there.
    @Test func theSameCookInItsJSONExportIsNeverStoredTwice() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let recorded = Sandbox()
        defer { recorded.cleanup() }
        let chicken = SharedData.cook("heatledger_roast_chicken.csv")
        let live = await recorded.run(["live", "--replay", chicken, "--speed", "max", "--plain", "--cut", "chicken"])
        #expect(live.status == 0, "\(live.err)")
        let json = box.directory + "/chicken.json"
        #expect(await recorded.run(["export", "1", "--format", "json", "-o", json]).status == 0)
        // The CSV's modification time, the import's start, is an hour before the recording's.
        let copy = box.write("chicken.csv", try String(contentsOfFile: chicken, encoding: .utf8))
        let recordedStart = try #require(try SessionStore(path: recorded.databasePath).session(1)?.startedAtUnixMs)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: Double(recordedStart) / 1000 - 3600)], ofItemAtPath: copy)
        #expect(await box.run(["import", copy, "--cut", "chicken"]).status == 0)

        let r = await box.run(["import", json, "--into", "1"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("added 0 readings to session 1 (") && r.out.contains("517 already stored"), "\(r.out)")
        #expect(r.out.contains("the file is this session's cook"), "\(r.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).count == 517)
    }

    /// A session whose one channel is not channel 1 (an iBBQ's probe 3) exported as CSV kept no
    /// channel column, so its import put the readings on channel 1 and the JSON export merged
    /// into it stored each again on channel 3. The CSV keeps the channel now.
    @Test func aLoneChannelKeepsItsNumberThroughTheCSV() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let probe3 = box.write("probe3.csv", "t_s,probe_c,ambient_c,channel\n0,20,,3\n10,21,,3\n20,22,,3\n")
        #expect(await box.run(["import", probe3]).status == 0)
        let csv = await box.run(["export", "1", "--format", "csv"])
        #expect(csv.out == "t_s,probe_c,ambient_c,channel\n0.0,20.0,,3\n10.0,21.0,,3\n20.0,22.0,,3\n", "\(csv.out)")
        let exported = box.write("exported.csv", csv.out)
        let json = box.directory + "/probe3.json"
        #expect(await box.run(["export", "1", "--format", "json", "-o", json]).status == 0)
        let other = Sandbox()
        defer { other.cleanup() }
        #expect(await other.run(["import", exported]).status == 0)
        let r = await other.run(["import", json, "--into", "1"])
        #expect(r.status == 0 && r.out.contains("added 0 readings") && r.out.contains("3 already stored"), "\(r.out)")
        let store = try SessionStore(path: other.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).map(\.channel) == [3, 3, 3])
    }
}
