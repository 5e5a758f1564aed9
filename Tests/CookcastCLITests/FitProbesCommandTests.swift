import CookcastCore
import CookcastFit
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `cookcast fit` fits every probe of a session and names a probe where it matters.
/// The shipped cooks are left out (`Sandbox.withoutShippedCooks`): the counts are the stored cooks'.
@Suite struct FitProbesCommandTests {
    /// A 4-channel iBBQ log: probes 1-3 in the meat (no air sensor of their own), channel 4 the
    /// pit probe; probes 1 and 2 reach 70 C in about 1.1 and 1.5 hours, probe 3 stays near 55 C.
    static func iBBQLog() -> String {
        var csv = "t_s,probe_c,ambient_c,channel\n"
        var t = 0
        while t <= 4 * 3600 {
            let pit = 120 + 4 * sin(Double(t) / 382)
            for (channel, tau) in [(1, 4_700.0), (2, 6_500), (3, 25_000)] {
                let meat = pit - (pit - 5) * exp(-Double(t) / tau)
                csv += "\(t),\(String(format: "%.2f", meat)),,\(channel)\n"
            }
            csv += "\(t),,\(String(format: "%.2f", pit)),4\n"
            t += 15
        }
        return csv
    }

    /// QA: `fit` learned from probe 1 of a 4-channel iBBQ only; it now fits probes 1 and 2, each
    /// with the pit's air, names probe 3, which never reached the target, and backtests both.
    @Test func theProbesOfASessionOfSeveralAreFittedAndNamed() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let log = box.write("ibbq.csv", Self.iBBQLog())
        let imported = await box.run(["import", log, "--cut", "chicken", "--target", "70"])
        #expect(imported.status == 0, "\(imported.err)")
        let r = await box.run(["fit", "--backtest"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("skipped session 1 probe 3: never reached its target 70.0 C (peak "), "\(r.err)")
        #expect(r.out.hasPrefix("refit 1 session, 2 probes ("), "\(r.out)")
        #expect(r.out.contains("learned from all 2 probes of 1 stored cook"), "\(r.out)")
        // One cook of two probes (four checkpoints each: the old table's `n`, 8, read as cooks).
        #expect(r.out.contains("\nchicken               1       2   "), "\(r.out)")

        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let rows = try store.fits(session: 1).filter { $0.model == PriorSet.modelName }.sorted {
            $0.channel < $1.channel
        }
        #expect(rows.map(\.channel) == [1, 2, 3])
        #expect(rows.map(\.phase) == ["done", "done", "unfinished"])
        // Each fitted with the pit's air (the chicken profile's typical oven is not 120 C).
        for row in rows where row.phase == "done" {
            let air = try #require(row.parameters["ambient_c"])
            #expect(abs(air - 120) < 1.5, "probe \(row.channel): \(air)")
        }
        // Two probes of one cook: both learned from, one cook in the prior's count.
        #expect(try store.priors(cut: "chicken").first?.cookCount == 1)
    }

    /// QA: one probe of three fitted read "refit 1 session (961 readings)" of a cook that stores
    /// 3844 (three probes and the pit, 961 each): the line says the readings fitted of those stored.
    @Test func theSummaryCountsTheProbeReadingsFittedOfThoseStored() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let log = box.write("ibbq.csv", Self.iBBQLog())
        // At 110 C only probe 1 reaches its target.
        let imported = await box.run(["import", log, "--cut", "chicken", "--target", "110"])
        #expect(imported.status == 0, "\(imported.err)")
        let r = await box.run(["fit"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("refit 1 session (961 probe readings of the 3844 stored) in "), "\(r.out)")
    }

    /// A Combustion's thermistors and virtual surface are sensors of its one probe: the cook is
    /// learned from through its virtual core, as before (the probe's T7 read 95 C 4.5 hours
    /// before its core in the real pork shoulder).
    @Test func aCombustionIsLearnedFromThroughItsVirtualCore() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let raw =
            SharedData.root
            + "/raw/mschinis+combustion-inc-analyser/ProbeData_10002351_2023-10-29_19_03_12 - Chicken.csv"
        let imported = await box.run(["import", raw, "--cut", "chicken", "--target", "68"])
        #expect(imported.status == 0, "\(imported.err)")
        let r = await box.run(["fit"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("refit 1 session ("), "\(r.out)")
        #expect(!r.err.contains("probe"), "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.fits(session: 1).filter { $0.model == PriorSet.modelName }.map(\.channel) == [1])
    }

    /// QA: a subset refit counted the probes of the sessions it also fitted as sessions ("also
    /// fitting 2 sessions never fitted before" for one iBBQ cook of two probes that reached it).
    @Test func aSubsetRefitCountsTheSessionsItAlsoFitsNotTheirProbes() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let log = box.write("ibbq.csv", Self.iBBQLog())
        let imported = await box.run(["import", log, "--cut", "chicken", "--target", "70"])
        #expect(imported.status == 0, "\(imported.err)")
        let single = await box.run([
            "import", SharedData.cook("heatledger_roast_chicken.csv"), "--cut", "chicken", "--target", "74",
        ])
        #expect(single.status == 0, "\(single.err)")
        let r = await box.run(["fit", "2"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("also fitting 1 session never fitted before, for the priors"), "\(r.out)")
        #expect(r.out.contains("learned from all 3 probes of 2 stored cooks"), "\(r.out)")
    }

    /// QA: `--export-priors` said "learned by cookcast fit from 2 cooks" of one cook of two probes
    /// (the probes' count); it says what the printed line says.
    @Test func exportedPriorsNameProbesAndCooksAsThePrintedLineDoes() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let log = box.write("ibbq.csv", Self.iBBQLog())
        let imported = await box.run(["import", log, "--cut", "chicken", "--target", "70"])
        #expect(imported.status == 0, "\(imported.err)")
        let exported = box.directory + "/priors.json"
        let r = await box.run(["fit", "--export-priors", exported])
        #expect(r.status == 0, "\(r.err)")
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.contains("\"learned by cookcast fit from 2 probes of 1 cook\""), "\(text.prefix(200))")
    }
}
