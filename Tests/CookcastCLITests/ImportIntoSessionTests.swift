import CookcastCore
import CookcastImport
import CookcastStore
import Foundation
import Testing

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
        #expect(dry.status == 0 && dry.out.contains("would add up to 1 readings to session 1"), "\(dry.out)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).readings(session: 1).count == 3)
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
}
