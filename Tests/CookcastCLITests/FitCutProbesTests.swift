import CookcastCore
import CookcastEngine
import CookcastFit
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `cookcast fit --cut X` fits, stores and scores the probes of cut X (their own cut, else their
/// session's), not the other probes of their sessions.
/// The shipped cooks are left out (`Sandbox.withoutShippedCooks`): the counts are the stored cooks'.
@Suite struct FitCutProbesTests {
    /// Session 1: an iBBQ cook of chicken (probe 1, the session's cut) and brisket (probes 2 and
    /// 3, their own cut), all to 70 C, with a pit probe (channel 4): probes 1 and 2 reach 70 C in
    /// about 1.1 and 1.5 hours, probe 3 stays near 55 C. Sessions 2 and 3: real chickens; 4: a
    /// real brisket.
    static func importCooks(_ box: Sandbox) async {
        let log = box.write("ibbq.csv", FitProbesCommandTests.iBBQLog())
        let mixed = await box.run([
            "import", log, "--cut", "chicken", "--target", "70", "--cut", "2=brisket", "--target", "2=70",
            "--cut", "3=brisket", "--target", "3=70",
        ])
        #expect(mixed.status == 0, "\(mixed.err)")
        for (file, cut, target) in [
            ("heatledger_roast_chicken.csv", "chicken", "74"), ("combustion_chicken_68c.csv", "chicken", "68"),
            ("tempfit_brisket_2021_p1.csv", "brisket", "95"),
        ] {
            let r = await box.run(["import", SharedData.cook(file), "--cut", cut, "--target", target])
            #expect(r.status == 0, "\(file): \(r.err)")
        }
    }

    /// Session 1's stored `cook_summary` rows, in channel order.
    static func summaries(_ box: Sandbox) throws -> [FitRecord] {
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        return try store.fits(session: 1).filter { $0.model == PriorSet.modelName }.sorted { $0.channel < $1.channel }
    }

    /// The mean of `name` in the stored prior of `cut`.
    static func priorMean(_ box: Sandbox, cut: String, _ name: String) throws -> Double {
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let prior = try #require(try store.priors(cut: cut).first)
        let i = try #require(prior.parameterNames.firstIndex(of: name))
        return prior.mean[i]
    }

    /// QA: `fit --cut chicken --backtest` took the whole of a session with one chicken probe: it
    /// scored its briskets (a `brisket` row in the table), refitted them, and named its brisket
    /// that never reached the target. Now it refits and scores the chicken probes only.
    @Test func theBacktestOfACutScoresTheProbesOfThatCutOnly() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        await Self.importCooks(box)
        let full = await box.run(["fit"])
        #expect(full.status == 0, "\(full.err)")
        #expect(full.err.contains("skipped session 1 probe 3: never reached its target"), "\(full.err)")

        let r = await box.run(["fit", "--cut", "chicken", "--backtest"])
        #expect(r.status == 0, "\(r.err)")
        // Probe 1 of session 1 and the chickens of sessions 2 and 3, one probe each.
        #expect(r.out.hasPrefix("refit 3 sessions ("), "\(r.out)")
        #expect(r.err.isEmpty, "\(r.err)")
        let table = r.out.components(separatedBy: "\n")
        // Three chicken probes of three cooks; no brisket scored.
        let chicken = "chicken".padding(toLength: 16, withPad: " ", startingAt: 0) + "      3       3   "
        #expect(table.contains { $0.hasPrefix(chicken) }, "\(r.out)")
        #expect(!table.contains { $0.hasPrefix("brisket ") }, "\(r.out)")
        let all = "ALL".padding(toLength: 16, withPad: " ", startingAt: 0) + "      3       3   "
        #expect(table.contains { $0.hasPrefix(all) }, "\(r.out)")
    }

    /// `fit --cut chicken` stores the chicken probe's summary only: the brisket probes of the
    /// same session keep theirs as an earlier fit stored them, and the brisket prior is still
    /// learned from them.
    @Test func theOtherProbesOfASessionKeepTheirSummaries() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        await Self.importCooks(box)
        let full = await box.run(["fit"])
        #expect(full.status == 0, "\(full.err)")
        let fitted = try Self.summaries(box)
        #expect(fitted.map(\.channel) == [1, 2, 3])
        #expect(fitted.map(\.phase) == ["done", "done", "unfinished"])
        let bothBriskets = try Self.priorMean(box, cut: "brisket", "total_h")

        // The brisket probe's summary as an earlier `fit` might have left it: 10 hours longer.
        var earlier = fitted
        let total = try #require(earlier[1].parameters["total_h"])
        earlier[1].parameters["total_h"] = total + 10
        try SessionStore(path: box.databasePath).replaceFits(earlier, model: PriorSet.modelName, session: 1)
        let stored = try Self.summaries(box)

        let r = await box.run(["fit", "--cut", "chicken"])
        #expect(r.status == 0, "\(r.err)")
        let after = try Self.summaries(box)
        #expect(after.map(\.channel) == [1, 2, 3])
        #expect(after[0] == fitted[0], "the chicken probe refitted as before")
        #expect(after[1] == stored[1], "the brisket probe's summary untouched")
        #expect(after[2] == stored[2], "the unfinished brisket probe's summary untouched")
        // Learned from the stored summaries of both briskets, session 1's as stored.
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.priors(cut: "brisket").first?.cookCount == 2)
        #expect(abs(try Self.priorMean(box, cut: "brisket", "total_h") - (bothBriskets + 5)) < 1e-9)
    }

    /// On a database never fitted, `fit --cut chicken` fits the chicken probes and, for the
    /// priors, the sessions never fitted and the probes of other cuts of the sessions it
    /// refitted: the priors are those of a full `fit`.
    @Test func probesOfOtherCutsNeverFittedAreFittedForThePriors() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        await Self.importCooks(box)
        let r = await box.run(["fit", "--cut", "chicken"])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.out.contains("also fitting 1 session and 1 probe of other cuts never fitted before, for the priors"),
            "\(r.out)")
        // The brisket probe that never reached its target, named as the probes fitted for the priors.
        #expect(r.err.contains("skipped session 1 probe 3: never reached its target"), "\(r.err)")
        #expect(try Self.summaries(box).map(\.phase) == ["done", "done", "unfinished"])
        let subset = try FitPriorsTests.priorsByCut(box)

        let full = await box.run(["fit"])
        #expect(full.status == 0, "\(full.err)")
        let learned = try FitPriorsTests.priorsByCut(box)
        #expect(Set(subset.keys) == Set(learned.keys))
        #expect(learned["brisket"]?.cookCount == 2)
        for (cut, prior) in learned { FitPriorsTests.expectSame(subset[cut], prior, cut) }
    }

    /// A cut is named by its aliases as elsewhere: `fit --cut beef_steak` takes the steaks.
    @Test func aCutIsNamedByItsAliases() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let steak = await box.run([
            "import", SharedData.cook("combustion_short_46c.csv"), "--cut", "beef_steak", "--target", "46.1",
        ])
        #expect(steak.status == 0, "\(steak.err)")
        let r = await box.run(["fit", "--cut", "beef_steak"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("refit 1 session ("), "\(r.out)")
    }
}
