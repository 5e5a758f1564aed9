import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `cookcast import DIR`: every usable file is imported, each other one named with its reason.
@Suite struct ImportBatchTests {
    static func directory(_ box: Sandbox, _ name: String) -> String {
        let path = box.directory + "/" + name
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// QA: a manifest.json or an empty CSV in a folder of CSVs aborted the whole batch (exit 65,
    /// nothing imported).
    @Test func oneBadFileDoesNotStopTheOthers() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let dir = Self.directory(box, "exports")
        _ = box.write("exports/a.csv", "t_s,probe_c,ambient_c\n0,20,100\n60,22,100\n")
        _ = box.write("exports/b.csv", "t_s,probe_c,ambient_c\n0,30,110\n60,33,110\n")
        _ = box.write("exports/empty.csv", "")
        _ = box.write("exports/manifest.json", "{\"cooks\": []}\n")
        let r = await box.run(["import", dir])
        #expect(r.status == 65, "\(r.out)\(r.err)")
        #expect(r.out.contains("imported as session 1"), "\(r.out)")
        #expect(r.out.contains("imported as session 2"), "\(r.out)")
        #expect(r.err.contains("skipped \(dir)/empty.csv: "), "\(r.err)")
        #expect(r.err.contains("skipped \(dir)/manifest.json: "), "\(r.err)")
        #expect(r.err.contains("2 inputs could not be imported"), "\(r.err)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).sessionIDs() == [1, 2])
    }

    /// QA: an empty directory, or one with only subdirectories, exited 0 and said nothing.
    @Test func aDirectoryWithNothingToImportSaysSo() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let empty = Self.directory(box, "empty")
        let r = await box.run(["import", empty])
        #expect(r.status == 66)
        #expect(r.err.contains("no importable files in \(empty)"), "\(r.err)")
        let nested = Self.directory(box, "nested")
        _ = Self.directory(box, "nested/inner")
        _ = box.write("nested/inner/a.csv", "t_s,probe_c,ambient_c\n0,20,100\n")
        let n = await box.run(["import", nested])
        #expect(n.status == 66)
        #expect(n.err.contains("no importable files in \(nested)"), "\(n.err)")
    }
}

/// Rows an import cannot store as they are (a second reading at the same time), and one before time zero.
@Suite struct ImportRowTimeTests {
    /// Session 1 imported from canonical CSV `rows` (under the header), exported back as JSON and
    /// parsed, for a test to edit by hand.
    static func exportedJSON(_ box: Sandbox, rows: String) async throws -> [String: Any] {
        let csv = box.write("cook.csv", "t_s,probe_c,ambient_c\n" + rows)
        #expect(await box.run(["import", csv]).status == 0)
        let json = box.directory + "/cook.json"
        #expect(await box.run(["export", "1", "--format", "json", "-o", json]).status == 0)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    }

    /// Writes `object` as JSON to `name` in the box; returns its path.
    static func write(_ box: Sandbox, _ name: String, _ object: [String: Any]) throws -> String {
        let path = box.directory + "/" + name
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// QA: a row repeating a time was dropped by the store silently (the summary said `meat 4`,
    /// three were stored): the summary counts what is on the curve, and a note what is not. A
    /// row with other values at a time another holds is set aside (it was dropped: never lose
    /// data), the same values again dropped as a duplicate. A negative `t_s` was left out too,
    /// but `live --stdin` stores one (a line from before the session's start) and its exports
    /// write it: it is kept, with a note.
    @Test func duplicateTimesAreCountedAndNegativeOnesKept() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.write(
            "rows.csv",
            "t_s,probe_c,ambient_c\n-30,19,100\n0,20,100\n60,21,100\n60,21.5,100\n120,23,100\n120,23,100\n")
        let r = await box.run(["import", path])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.err.contains(
                "1 reading at a time another reading of the file holds, with other values, set aside (the one with "
                    + "more temperatures is the curve's, else the first; `cookcast export SESSION --set-aside` writes them)"
            ),
            "\(r.err)")
        #expect(r.err.contains("1 duplicate reading dropped (the same values at the same time)"), "\(r.err)")
        #expect(r.err.contains("1 reading before time zero kept at its negative time"), "\(r.err)")
        #expect(r.out.contains("[1 meat 4]"), "\(r.out)")
        #expect(r.out.contains("; 1 reading set aside (cookcast export 1 --set-aside)"), "\(r.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let readings = try store.readings(session: 1)
        #expect(readings.map(\.elapsedSeconds) == [-30, 0, 60, 120])
        #expect(readings.map(\.probeCelsius) == [19, 20, 21, 23])
        #expect(try store.setAsideReadings(session: 1).map(\.probeCelsius) == [21.5])
        let apart = await box.run(["export", "1", "--set-aside"])
        #expect(apart.status == 0, "\(apart.err)")
        #expect(apart.out == "t_s,probe_c,ambient_c\n60.0,21.5,100.0\n")
    }

    /// QA: a damaged row before a whole one at the same time ("600,-500,20": a probe below
    /// absolute zero is left out, its 20 C air kept) pushed the whole row out, so the chicken read
    /// 20 C air at 10 minutes, and "620,55,2000" a 55 C probe: the fuller row stays.
    @Test func aDamagedRowGivesWayToAWholeOneAtItsTime() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.write(
            "rows.csv",
            "t_s,probe_c,ambient_c\n0,5,120\n600,-500,20\n620,55,2000\n600,18.1,121.5\n620,18.3,123.3\n900,25,122\n")
        let r = await box.run(["import", path, "--cut", "chicken"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("2 readings at a time another reading of the file holds"), "\(r.err)")
        let readings = try SessionStore(path: box.databasePath, readOnly: true).readings(session: 1)
        #expect(readings.map(\.elapsedSeconds) == [0, 600, 620, 900])
        #expect(readings.map(\.probeCelsius) == [5, 18.1, 18.3, 25])
        #expect(readings.map(\.ambientCelsius) == [120, 121.5, 123.3, 122])
        let apart = try SessionStore(path: box.databasePath, readOnly: true).setAsideReadings(session: 1)
        #expect(
            apart == [
                Reading(elapsedSeconds: 600, probeCelsius: nil, ambientCelsius: 20),
                Reading(elapsedSeconds: 620, probeCelsius: 55, ambientCelsius: nil),
            ], "the damaged rows' plausible values, kept apart")
    }

    /// QA: a hand-edited JSON export was stored as it was: `"channels": []` stored its readings
    /// on no channel ("0 channels []"), and a start of `-9e18` ms showed "started
    /// -285196677-06-10". The channels are added from the readings, with a note; a start that
    /// is no date is a malformed file, 65.
    @Test func aHandEditedJSONExportIsPutRightOrRefused() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let exported = try await Self.exportedJSON(box, rows: "0,20,100\n60,22,100\n120,24,101\n")
        var noChannels = exported
        noChannels["channels"] = [Any]()
        let bare = try Self.write(box, "bare.json", noChannels)
        let r = await box.run(["import", bare, "--db", box.directory + "/other.db"])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.err.contains("channel 1 has readings but is not listed in the file: added as a meat probe"), "\(r.err)")
        let other = try SessionStore(path: box.directory + "/other.db", readOnly: true)
        #expect(try other.channels(session: 1).map(\.channel) == [1])
        #expect(try other.readings(session: 1).count == 3)
        var info = try #require(exported["info"] as? [String: Any])
        info["startedAtUnixMs"] = -9e18
        var farBack = exported
        farBack["info"] = info
        let bad = try Self.write(box, "bad.json", farBack)
        let refused = await box.run(["import", bad, "--db", box.directory + "/third.db"])
        #expect(refused.status == 65, "\(refused.out)\(refused.err)")
        #expect(refused.err.contains("is not a date between 1970 and 2200"), "\(refused.err)")
    }

    /// QA: a JSON export whose readings were emptied imported nothing and exited 0 ("no plausible
    /// reading, nothing imported"), where a CSV of only its header is bad data, 65.
    @Test func aJSONExportWithoutReadingsIsBadData() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        var emptied = try await Self.exportedJSON(box, rows: "0,20,100\n60,22,100\n")
        emptied["readings"] = [Any]()
        let json = try Self.write(box, "emptied.json", emptied)
        let r = await box.run(["import", json])
        #expect(r.status == 65, "\(r.out)\(r.err)")
        #expect(r.err.contains("no readings found (format json)"), "\(r.err)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).sessionIDs() == [1])
    }
}
