import CookcastCore
import CookcastStore
import Foundation
import Testing

/// Never lose data: a reading received at a channel and millisecond the session stores with other
/// values (a feeder whose clock restarted) is kept apart from the curve, not counted and dropped
/// (`set_aside_readings`, schema version 7). On the old code `live` said "3 readings not stored:
/// another reading with other values is stored at their times (kept)" and stored 6 of the 9
/// distinct readings it received.
@Suite struct SetAsideReadingsTests {
    /// A feeder's clock restarts at 0 with another curve (a second probe, a new cook on the same
    /// pipe); one line repeats a stored reading, one a reading set aside.
    static let feed = [
        "0,5,120", "30,5.5,120", "60,6,120", "90,6.5,120", "120,7,120",
        "0,20,150", "30,20.5,150", "60,6,120", "90,21.5,150", "150,22,150", "30,20.5,150",
    ]

    /// The readings a line gives: channel 1, seconds, probe, air.
    static func reading(_ line: String) -> Reading {
        let f = line.split(separator: ",").compactMap { Double($0) }
        return Reading(elapsedSeconds: f[0], probeCelsius: f[1], ambientCelsius: f[2])
    }

    /// `cookcast live --stdin` with `arguments` run to its end on `text`: status, standard output
    /// and standard error (written to a file, so neither pipe can fill and block it).
    static func live(feeding text: String, _ box: Sandbox, _ arguments: [String] = ["--plain"]) throws -> (
        status: Int32, out: String, err: String
    ) {
        let errorPath = box.directory + "/live-\(UUID().uuidString).err"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CookcastBinary.path)
        process.arguments = ["live", "--stdin", "--db", box.databasePath] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, out, try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    @Test func everyReadingAFeederSendsIsStoredCurveOrSetAside() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let run = try Self.live(feeding: Self.feed.joined(separator: "\n") + "\n", box)
        #expect(run.status == 0, "\(run.err)")
        #expect(
            run.err.contains(
                "the feeder's clock went backwards: 5 lines timed before a line read earlier (the first timed 0 s, "
                    + "after one at 120 s); stored at their times among the earlier readings, as late readings are; "
                    + "one at a time stored already with other values is set aside"), "\(run.err)")
        #expect(
            run.out.contains(
                ": 6 readings stored, 2 duplicates skipped, 3 readings at a stored time with other values set aside "
                    + "(cookcast export 1 --set-aside)"), "\(run.out)")

        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let curve = try store.readings(session: 1)
        let apart = try store.setAsideReadings(session: 1)
        #expect(curve.map(\.elapsedSeconds) == [0, 30, 60, 90, 120, 150])
        #expect(curve.map(\.probeCelsius) == [5, 5.5, 6, 6.5, 7, 22], "the first reading at a time is the curve")
        #expect(apart.map(\.probeCelsius) == [20, 20.5, 21.5], "in the order received")
        // Received minus exact duplicates: every distinct reading is stored, on the curve or apart.
        let received = Self.feed.map(Self.reading)
        var distinct: [Reading] = []
        for reading in received where !distinct.contains(reading) { distinct.append(reading) }
        #expect(distinct.count == 9)
        #expect((curve + apart).count == distinct.count)
        #expect(Set(curve + apart) == Set(distinct))

        let show = await box.run(["show", "1"])
        #expect(show.status == 0)
        #expect(show.out.contains("\n  readings   6\n"), "\(show.out)")
        #expect(
            show.out.contains(
                "\n  set aside  3 readings at a stored time with other values (cookcast export 1 --set-aside)\n"),
            "\(show.out)")
        let sessions = await box.run(["sessions"])
        #expect(
            sessions.out.hasSuffix(
                "session 1 also keeps apart 3 readings at a stored time with other values (cookcast export 1 --set-aside)\n"
            ), "\(sessions.out)")
        let listed = await box.run(["sessions", "--json"])
        #expect(listed.out.contains("\"set_aside\":3"), "\(listed.out)")

        let exported = await box.run(["export", "1", "--set-aside"])
        #expect(exported.status == 0, "\(exported.err)")
        #expect(exported.out == "t_s,probe_c,ambient_c\n0.0,20.0,150.0\n30.0,20.5,150.0\n90.0,21.5,150.0\n")
        let curveCSV = await box.run(["export", "1"])
        #expect(curveCSV.out.split(separator: "\n").count == 7, "the header and the curve: \(curveCSV.out)")
        #expect(
            curveCSV.err.contains(
                "note: session 1 also keeps 3 readings apart from its curve (received at a stored time with other "
                    + "values), not in this file: cookcast export 1 --set-aside writes them"), "\(curveCSV.err)")
    }

    /// `--json` keeps `conflicts`, the readings set aside; `--speed max` batches a replay's
    /// readings and sets aside as one commit a reading does (it counted them as duplicates).
    @Test func aReplayAtFullSpeedSetsAsideToo() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("restart.csv", "t_s,probe_c,ambient_c\n" + Self.feed.joined(separator: "\n") + "\n")
        let run = await box.run(["live", "--replay", file, "--speed", "max", "--json"])
        #expect(run.status == 0, "\(run.err)")
        let summary = try #require(run.out.split(separator: "\n").last.map(String.init))
        #expect(summary.contains("\"conflicts\":3"), "\(summary)")
        #expect(summary.contains("\"duplicates\":2"), "\(summary)")
        #expect(summary.contains("\"readings\":6"), "\(summary)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.setAsideReadings(session: 1).map(\.probeCelsius) == [20, 20.5, 21.5])
    }

    /// What `live` saved from this session while its database was locked is added back with its
    /// readings at stored times set aside, not refused as another cook's (they were received by
    /// this very recording); the same file under another name is still refused.
    @Test func aFileSavedFromTheSessionSetsAsideItsReadingsAtStoredTimes() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let first = try Self.live(feeding: Self.feed.prefix(5).joined(separator: "\n") + "\n", box)
        #expect(first.status == 0, "\(first.err)")
        let rows = "t_s,probe_c,ambient_c\n0.0,20.0,150.0\n30.0,20.5,150.0\n150.0,22.0,150.0\n"
        let other = box.write("other.csv", rows)
        let refused = await box.run(["import", other, "--into", "1"])
        #expect(refused.status == 65, "\(refused.out) \(refused.err)")
        let saved = box.write("cookcast.db-unsaved-1-20261130T231500Z.csv", rows)
        let added = await box.run(["import", saved, "--into", "1"])
        #expect(added.status == 0, "\(added.err)")
        #expect(
            added.out.hasPrefix(
                "added 1 reading to session 1 (unnamed, cut -, target -); 2 readings at a stored time with other values "
                    + "set aside (cookcast export 1 --set-aside)"), "\(added.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).map(\.probeCelsius) == [5, 5.5, 6, 6.5, 7, 22])
        #expect(try store.setAsideReadings(session: 1).map(\.probeCelsius) == [20, 20.5])
        let again = await box.run(["import", saved, "--into", "1"])
        #expect(again.out.hasPrefix("added 0 readings to session 1 (unnamed, cut -, target -); 3 already stored"))
        #expect(try store.setAsideCount(session: 1) == 2)
    }

    /// The JSON export carries the readings set aside (`setAside`), and its import keeps them
    /// apart in the new session; a session with none exports as before, without the key.
    @Test func theJSONExportCarriesThemToAnotherDatabase() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        _ = try Self.live(feeding: Self.feed.joined(separator: "\n") + "\n", box)
        let json = box.directory + "/cook.json"
        #expect(await box.run(["export", "1", "--format", "json", "-o", json]).status == 0)
        let text = try String(contentsOfFile: json, encoding: .utf8)
        #expect(text.contains("\"setAside\" : ["), "\(text.suffix(400))")
        let elsewhere = box.directory + "/other.db"
        let imported = await box.run(["import", json, "--db", elsewhere])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.contains("; 3 readings set aside (cookcast export 1 --set-aside)"), "\(imported.out)")
        let store = try SessionStore(path: elsewhere, readOnly: true)
        #expect(try store.readings(session: 1).count == 6)
        #expect(try store.setAsideReadings(session: 1).map(\.probeCelsius) == [20, 20.5, 21.5])

        _ = try Self.live(feeding: Self.feed.prefix(5).joined(separator: "\n") + "\n", box)
        let plain = await box.run(["export", "2", "--format", "json"])
        #expect(!plain.out.contains("setAside"))
    }
}
