import CookcastCore
import CookcastStore
import Foundation
import Testing

/// What `live --resume` refuses and what it continues.
@Suite(.serialized) struct ResumeCommandTests {
    @Test func aSimulationOrAReplayIsNotResumed() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,110\n1,20.1,110\n")
        let simulated = await box.run(["live", "--simulate", "turkey", "--speed", "max", "--json", "--resume", "1"])
        let replayed = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--resume", "1"])
        for run in [simulated, replayed] {
            #expect(run.status == 64)
            let lines = run.err.split(separator: "\n")
            #expect(lines.count == 1, "one line, no usage: \(run.err)")
            #expect(run.err.contains("cannot resume session 1") && run.err.contains("without --resume"))
        }
        // Nothing was opened or written.
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
    }
}
