import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// Small things QA found in what the commands print.
@Suite struct DisplayUnitTests {
    /// QA: `--unit f` was ignored in the import summary (`target 51.7 C`) and the fit table
    /// (`air C`).
    @Test func importAndFitSpeakTheDisplayUnit() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let r = await box.run([
            "import", SharedData.cook("sousvide_tbone.csv"), "--cut", "sous_vide", "--target", "125", "--unit", "f",
        ])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("target 125.0 F"), "\(r.out)")
        let fit = await box.run(["fit", "--unit", "f"])
        #expect(fit.status == 0, "\(fit.err)")
        #expect(fit.out.contains("air F (mean)"), "\(fit.out)")
        // The bath's mean, about 51.4 C, is 124.6 F.
        let row = try #require(fit.out.split(separator: "\n").first { $0.hasPrefix("sous_vide") })
        #expect(row.hasSuffix("124.6"), "\(row)")
    }

    /// QA: `show` printed `1=sensor_2 (meat) (meat)`; `export --channel 7` of a one-channel
    /// session printed only the header and exited 0.
    @Test func showDoesNotRepeatTheRoleAndExportRefusesAMissingChannel() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let raw = SharedData.root + "/raw/edwardspeyer+heat-ledger/roast-chicken.sqlite"
        #expect(await box.run(["import", raw]).status == 0)
        let show = await box.run(["show", "1"])
        #expect(show.out.contains("1=sensor_2 (meat), 2="), "\(show.out)")
        #expect(!show.out.contains("(meat) (meat)"), "\(show.out)")
        let missing = await box.run(["export", "1", "--channel", "7"])
        #expect(missing.status == 65)
        #expect(missing.err.contains("session 1 has no channel 7 (channels: 1, 2)"), "\(missing.err)")
        #expect(await box.run(["export", "1", "--channel", "2"]).status == 0)
    }
}

/// The live view's range of two clock times says a shared day suffix once.
@Suite struct ClockRangeTests {
    @Test func aSharedDaySuffixIsSaidOnce() {
        #expect(TerminalDashboard.range("01:30+1d", "02:25+1d") == "01:30-02:25+1d")
        #expect(TerminalDashboard.range("22:25", "00:39+1d") == "22:25-00:39+1d")
        #expect(TerminalDashboard.range("23:30+1d", "00:10+2d") == "23:30+1d-00:10+2d")
        #expect(TerminalDashboard.range("12:00", "13:00") == "12:00-13:00")
    }
}
