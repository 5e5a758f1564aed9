import CookcastStore
import Foundation
import Testing

/// A `live --stdin` line whose time falls before the session's start is stored at its negative
/// time; its session's exports import back whole, and predictions leave it out of the cook.
@Suite struct BeforeStartRoundTripTests {
    /// Times of session 1's readings in the sandbox's database, in seconds.
    static func storedTimes(_ box: Sandbox) throws -> [Double] {
        try SessionStore(path: box.databasePath, readOnly: true).readings(session: 1).map(\.elapsedSeconds)
    }

    /// QA: `show` printed a reading stored 1,887 s before the start as `[00:00:00]`, the same as
    /// the reading at the start: the clock was clamped at zero, so the list looked like two
    /// readings at one time and hid that the first came from before the session.
    @Test func showGivesAReadingFromBeforeTheStartItsNegativeTime() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let lines = "t_s,probe_c,ambient_c\n0,20,110\n-1887,19.5,100\n"
        let (status, err) = try CookcastBinary.live(["--cut", "brisket"], feeding: lines, database: box.databasePath)
        #expect(status == 0, "\(err)")
        let shown = await box.run(["show", "1"])
        #expect(shown.status == 0, "\(shown.err)")
        #expect(shown.out.contains("[-00:31:27] ch1  probe 19.5 C"), "\(shown.out)")
        #expect(shown.out.contains("[00:00:00] ch1  probe 20.0 C"), "\(shown.out)")
    }

    /// QA: a line 1,887 s before the first was stored at -1887 s, but `import` of the session's
    /// export left it out ("1 reading before time zero (negative time) left out"), so the CSV and
    /// the JSON each came back one reading short, and the JSON imported into its own database
    /// was no longer known as the recorded session: a second session of the same cook.
    @Test func aLineFromBeforeTheStartComesBackFromEitherExport() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let lines = "t_s,probe_c,ambient_c\n0,20,110\n30,21,111\n-1887,19.5,100\n60,22,112\n"
        let (status, err) = try CookcastBinary.live(["--cut", "brisket"], feeding: lines, database: box.databasePath)
        #expect(status == 0, "\(err)")
        let recorded = try Self.storedTimes(box)
        #expect(recorded == [-1887, 0, 30, 60])
        for format in ["csv", "json"] {
            let file = box.directory + "/cook." + format
            let exported = await box.run(["export", "1", "--format", format, "-o", file])
            #expect(exported.status == 0, "\(exported.err)")
            let elsewhere = Sandbox()
            defer { elsewhere.cleanup() }
            let imported = await elsewhere.run(["import", file])
            #expect(imported.status == 0, "\(imported.err)")
            #expect(imported.err.contains("1 reading before time zero kept at its negative time"), "\(imported.err)")
            #expect(try Self.storedTimes(elsewhere) == recorded, "\(format)")
        }
        let back = await box.run(["import", box.directory + "/cook.json"])
        #expect(back.out.contains("already recorded as session 1, skipped"), "\(back.out)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).sessionIDs() == [1])
    }

    /// The roast chicken with a line 1,887 s before its first, first in the file (an export
    /// writes it so, in time order): `predict` at 300 s gave 2,100 s, counting the half hour
    /// before the start as cooking; it is the cook's without the line.
    @Test func predictLeavesOutAReadingBeforeTheStart() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let sample = try String(
            contentsOfFile: SharedData.models + "/samples/heatledger_roast_chicken.csv", encoding: .utf8)
        var rows = sample.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        rows.insert("-1887,15.0,22.0", at: 1)
        let withLine = box.write("chicken-before.csv", rows.joined(separator: "\n"))
        let plain = box.write("chicken.csv", sample)
        for at in ["300", "2000"] {
            let args = ["--cut", "chicken", "--at", at, "--format", "seconds"]
            let without = await box.run(["predict", plain] + args)
            let with = await box.run(["predict", withLine] + args)
            #expect(with.status == 0, "\(with.err)")
            let a = try #require(Double(without.out.trimmingCharacters(in: .whitespacesAndNewlines)))
            let b = try #require(Double(with.out.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(abs(a - b) < 0.01, "at \(at) s: \(a) without the line, \(b) with it")
        }
    }
}
