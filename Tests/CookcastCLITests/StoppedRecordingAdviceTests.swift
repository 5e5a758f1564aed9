import CookcastStore
import Foundation
import Testing

/// QA (a full disk under `live --replay`): the run stopped with "continue it with --resume 1 once
/// the database can be written", and `--resume 1` then refused the replay file. A played cook
/// starts again from its beginning, so it is played again; a recording is still told to resume.
@Suite struct StoppedRecordingAdviceTests {
    /// A sandbox whose database refuses every reading from `seconds` on, as a full disk would.
    func refusingSandbox(fromSeconds seconds: Int) throws -> Sandbox {
        let box = Sandbox()
        try box.refuseReadings(fromSeconds: seconds, saying: "database or disk is full")
        return box
    }

    let cook = "t_s,probe_c,ambient_c\n" + (0..<20).map { "\($0),\(20 + $0),150\n" }.joined()

    @Test func aStoppedReplayIsToBePlayedAgain() async throws {
        let box = try refusingSandbox(fromSeconds: 5)
        defer { box.cleanup() }
        let file = box.write("cook.csv", cook)
        let played = await box.run(["live", "--replay", file, "--speed", "max", "--plain"])
        #expect(played.status == 74)
        let line = played.err.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.contains("session 1 stopped: ") && line.contains("database or disk is full"), "\(line)")
        #expect(
            line.hasSuffix(
                "it cannot be resumed (a replay file, which starts again from its first line): run it again once "
                    + "the database can be written"),
            "\(line)")
        #expect(!played.err.contains("--resume"), "\(played.err)")
    }

    /// (It also said "1 reading of this run are stored".)
    @Test func aStoppedRecordingIsToBeResumed() async throws {
        let box = try refusingSandbox(fromSeconds: 1)
        defer { box.cleanup() }
        let fed = try CookcastBinary.live([], feeding: cook, database: box.databasePath)
        #expect(fed.status == 74)
        let line = fed.err.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            line.contains("session 1 stopped: ") && line.contains("; 1 reading of this run is stored; ")
                && line.hasSuffix("continue it with --resume 1 once the database can be written"),
            "\(line)")
    }
}
