import Foundation
import Testing

/// An empty cut name is a missing value, refused alike by every command that takes `--cut`.
@Suite struct EmptyCutTests {
    /// `predict --cut ''` (and `--cut turkey --cut 1=`) warned "unknown cut ''" and predicted with
    /// the generic prior, exit 0, where `live` and `import` refused it with 64.
    @Test func anEmptyCutIsAUsageErrorEverywhere() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", ProbeGoalsTests.twoMeatsCSV())
        let commands: [[String]] = [
            ["predict", file, "--target", "74"], ["live", "--replay", file, "--speed", "max", "--plain"],
            ["import", file, "--dry-run"],
        ]
        for command in commands {
            for (cuts, words) in [
                ([""], "option '--cut' needs a cut name, got ''"), ([" "], "option '--cut' needs a cut name, got ' '"),
                (["turkey", "1="], "option '--cut 1=' needs a cut name, got ''"),
            ] {
                let r = await box.run(command + cuts.flatMap { ["--cut", $0] })
                #expect(r.status == 64, "\(command[0]) \(cuts): \(r.err)")
                #expect(r.err.hasPrefix("cookcast \(command[0]): \(words)"), "\(command[0]) \(cuts): \(r.err)")
                #expect(!r.err.contains("warning"), "\(r.err)")
                #expect(r.out.isEmpty, "\(r.out)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
    }

    /// An unknown cut that is not empty still falls back to the generic prior in `predict`, with
    /// a warning (documented; a file from another tool names cuts cookcast does not know).
    @Test func anUnknownCutStillFallsBackInPredict() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", ProbeGoalsTests.twoMeatsCSV())
        let r = await box.run(["predict", file, "--target", "74", "--cut", "wagyu_surprise"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("warning: unknown cut 'wagyu_surprise', using a generic prior"), "\(r.err)")
    }
}
