import Foundation
import Testing

@testable import CookcastCLI

/// `live`, `import` and `predict` read `--target` with one parser: one range, one error.
@Suite struct ProbeTargetsTests {
    /// The commands that take `--target`, each with what it needs besides.
    static func commands(file: String) -> [(name: String, arguments: [String])] {
        [
            ("live", ["live", "--replay", file, "--speed", "max", "--plain"]),
            ("import", ["import", file, "--dry-run"]),
            ("predict", ["predict", file]),
        ]
    }

    /// QA: `--target 2=250` was taken by every command (predict: -50 to 500 C, live and import:
    /// -20 to 300 C), which refused 900 in words of their own ("must be between -50 and 500 C",
    /// "not a plausible food temperature"): 250 C is a target no meat reaches.
    @Test func anOutOfRangeTargetIsRefusedInTheSameWordsByEveryCommand() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", ProbeGoalsTests.twoMeatsCSV())
        let range = "must be a meat temperature between -20 and 120 C"
        for (extra, words) in [
            (["--target", "2=250"], "option '--target 2=' \(range), got '250'"),
            (["--target", "2=-25"], "option '--target 2=' \(range), got '-25'"),
            (["--target", "250"], "option '--target' \(range), got '250'"),
            (["--target", "2=203"], "option '--target 2=' \(range), got '203' (Fahrenheit? give --unit f)"),
        ] {
            for (name, arguments) in Self.commands(file: file) {
                let r = await box.run(arguments + ["--cut", "chicken"] + extra)
                #expect(r.status == 64, "\(name) \(extra): \(r.err)")
                let first = r.err.split(separator: "\n").first.map(String.init) ?? ""
                #expect(first == "cookcast \(name): \(words)", "\(name) \(extra): \(r.err)")
            }
        }
    }

    /// A Fahrenheit target is converted before the check: 203 F (95 C) is taken by all three,
    /// 250 F (121 C) refused, the range said in Fahrenheit.
    @Test func fahrenheitTargetsAreCheckedInCelsius() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", ProbeGoalsTests.twoMeatsCSV())
        for (name, arguments) in Self.commands(file: file) {
            let taken = await box.run(arguments + ["--unit", "f", "--cut", "chicken", "--target", "2=203"])
            #expect(taken.status == 0, "\(name): \(taken.err)")
            let refused = await box.run(arguments + ["--unit", "f", "--cut", "chicken", "--target", "2=250"])
            #expect(refused.status == 64, "\(name): \(refused.err)")
            let first = refused.err.split(separator: "\n").first.map(String.init) ?? ""
            let words = "option '--target 2=' must be a meat temperature between -4 and 248 F, got '250'"
            #expect(first == "cookcast \(name): \(words)", "\(name): \(refused.err)")
        }
    }

    /// QA: `live` and `import` took `--target 1=74 --target 2=93` alone; `predict` refused it,
    /// "missing --target C", for a plain target no probe would have used. One probe without a
    /// target of its own is named.
    @Test func everyProbesOwnTargetIsEnough() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", ProbeGoalsTests.twoMeatsCSV())
        for (name, arguments) in Self.commands(file: file) {
            let r = await box.run(arguments + ["--target", "1=74", "--target", "2=93"])
            #expect(r.status == 0, "\(name): \(r.err)")
        }
        let alone = await box.run(["predict", file, "--target", "2=93", "--channel", "2", "--format", "json"])
        #expect(alone.status == 0, "\(alone.err)")
        #expect(alone.out.contains(#""target_c":93}"#), "\(alone.out)")
        let missing = await box.run(["predict", file, "--target", "2=93"])
        #expect(missing.status == 64, "\(missing.out)")
        #expect(
            missing.err.hasPrefix(
                "cookcast predict: missing --target C (or a --cut, whose usual target is taken): probe 1 has no "
                    + "target of its own\n"), "\(missing.err)")
    }

    /// QA: `predict --target 3=74` on a file of probes 1 and 2 was silently ignored (`import` says
    /// so); the prediction goes on, and the goal it did not apply is named.
    @Test func aGoalForAProbeTheFileLacksIsNamed() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", ProbeGoalsTests.twoMeatsCSV())
        let r = await box.run(["predict", file, "--cut", "chicken", "--target", "3=80", "--cut", "4=brisket"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("has no probe 3: its own cut and target are not applied"), "\(r.err)")
        #expect(r.err.contains("has no probe 4: its own cut and target are not applied"), "\(r.err)")
    }

    @Test func theRangeIsAMeatsAndItsEndsAreTaken() throws {
        #expect(ProbeTargets.rangeCelsius == -20...120)
        let targets = try ProbeTargets(["248", "3=-4"], unit: .fahrenheit)
        #expect(abs((targets.plainCelsius ?? 0) - 120) < 1e-9)
        #expect(abs((targets.channelCelsius[3] ?? 0) + 20) < 1e-9)
    }
}
