import CookcastCore
import CookcastFit
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `cookcast fit` learns priors from every stored session's summary, whatever subset it refits.
/// The shipped cooks are left out (`Sandbox.withoutShippedCooks`): the counts are the stored cooks'.
@Suite struct FitPriorsTests {
    /// Real cooks of `Tests/Data/cooks` with their manifest cut and target.
    static let cooks: [(file: String, cut: String, target: String)] = [
        ("heatledger_roast_chicken.csv", "chicken", "74"),
        ("combustion_chicken_68c.csv", "chicken", "68"),
        ("sousvide_tbone.csv", "sous_vide", "51.7"),
        ("probeability_roast_50c.csv", "beef_roast", "50"),
    ]

    static func importCooks(_ box: Sandbox) async {
        for cook in cooks {
            let r = await box.run(["import", SharedData.cook(cook.file), "--cut", cook.cut, "--target", cook.target])
            #expect(r.status == 0, "\(cook.file): \(r.err)")
        }
    }

    static func priorsByCut(_ box: Sandbox) throws -> [String: PriorRecord] {
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        return Dictionary(uniqueKeysWithValues: try store.priors().map { ($0.cut, $0) })
    }

    static func expectSame(_ a: PriorRecord?, _ b: PriorRecord?, _ what: String) {
        guard let a, let b else {
            Issue.record("\(what): missing prior")
            return
        }
        #expect(a.cookCount == b.cookCount, "\(what): \(a.cookCount) cooks, expected \(b.cookCount)")
        let values = zip(a.mean + a.covariance, b.mean + b.covariance)
        #expect(values.allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) }, "\(what): values differ")
    }

    /// QA: after `fit --cut brisket` the generic prior held the three briskets only, and
    /// `predict` without a cut said 11 h 58 min instead of 4 h 22 min. A subset refit now leaves
    /// every prior as the full fit learned it (the cooks did not change).
    @Test func subsetRefitKeepsThePriorsOfEveryStoredCook() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        await Self.importCooks(box)
        let full = await box.run(["fit"])
        #expect(full.status == 0, "\(full.err)")
        let learned = try Self.priorsByCut(box)
        #expect(learned["generic"]?.cookCount == 4)
        #expect(learned["chicken"]?.cookCount == 2)

        for (subset, count) in [(["--cut", "chicken"], 2), (["1"], 1), (["3", "4"], 2)] {
            let r = await box.run(["fit"] + subset)
            #expect(r.status == 0, "\(subset): \(r.err)")
            #expect(r.out.hasPrefix("refit \(Counted.words(count, "session"))"), "\(subset): \(r.out)")
            #expect(r.out.contains("learned from all 4 stored cooks"), "\(subset): \(r.out)")
            let after = try Self.priorsByCut(box)
            #expect(Set(after.keys) == Set(learned.keys), "\(subset)")
            for (cut, prior) in learned { Self.expectSame(after[cut], prior, "\(subset) \(cut)") }
        }
    }

    /// A subset refit in a database where the other sessions were never fitted fits them too:
    /// the generic prior is never learned from the subset alone.
    @Test func subsetRefitFitsSessionsNeverFittedBefore() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        await Self.importCooks(box)
        let r = await box.run(["fit", "--cut", "sous_vide"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("also fitting 3 sessions never fitted before"), "\(r.out)")
        let priors = try Self.priorsByCut(box)
        #expect(priors["generic"]?.cookCount == 4)
        #expect(priors["sous_vide"]?.cookCount == 1)
    }

    /// QA: a session with a target but no cut was summarised as `generic` and learned twice:
    /// once as its own "cut" and once in the generic record (two `generic` entries exported).
    @Test func aCookWithoutACutCountsOnceInTheOneGenericPrior() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let text = try String(contentsOfFile: SharedData.cook("sousvide_swordfish.csv"), encoding: .utf8)
        let plain = box.write("plain_cook.csv", text)
        let noCut = await box.run(["import", plain, "--target", "50.1"])
        #expect(noCut.status == 0, "\(noCut.err)")
        _ = await box.run(["import", SharedData.cook("sousvide_tbone.csv"), "--cut", "sous_vide", "--target", "51.7"])
        let exported = box.directory + "/priors.json"
        let r = await box.run(["fit", "--export-priors", exported])
        #expect(r.status == 0, "\(r.err)")
        let priors = try PriorSet.decode(jsonData: Data(contentsOf: URL(fileURLWithPath: exported)))
        #expect(priors.map(\.cut) == ["sous_vide", "generic"])
        #expect(priors.last?.cookCount == 2)
        #expect(try Self.priorsByCut(box)["generic"]?.cookCount == 2)
    }
}

extension FitPriorsTests {
    /// QA: `fit --export-priors ''` and an export into a missing directory refitted and stored
    /// every cook before they failed; they fail first now, with nothing stored.
    @Test func anExportThatCannotBeWrittenFailsBeforeAnyFit() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        _ = await box.run(["import", SharedData.cook("sousvide_tbone.csv"), "--cut", "sous_vide", "--target", "51.7"])
        let empty = await box.run(["fit", "--export-priors", ""])
        #expect(empty.status == 64 && empty.err.contains("an output file name is empty"), "\(empty.err)")
        let missing = await box.run(["fit", "--export-priors", box.directory + "/no/such/dir/priors.json"])
        #expect(missing.status == 74 && missing.err.contains("cannot write"), "\(missing.err)")
        #expect(missing.out.isEmpty, "\(missing.out)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).fits(session: 1).isEmpty)
        // QA sweep of `fit`: a directory given as the file (`--export-priors ~/priors`, meaning
        // into it) refitted and stored every cook, printed the table, then failed.
        let directory = await box.run(["fit", "--export-priors", box.directory])
        #expect(directory.status == 74, "\(directory.err)")
        #expect(directory.err == "cookcast fit: cannot write \(box.directory): Is a directory\n", "\(directory.err)")
        #expect(directory.out.isEmpty, "\(directory.out)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).fits(session: 1).isEmpty)
    }

    /// QA: `fit 1 1` fitted and counted session 1 twice.
    @Test func aSessionGivenTwiceIsFittedOnce() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        _ = await box.run(["import", SharedData.cook("sousvide_tbone.csv"), "--cut", "sous_vide", "--target", "51.7"])
        let r = await box.run(["fit", "1", "1"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("refit 1 session"), "\(r.out)")
        #expect(try Self.priorsByCut(box)["generic"]?.cookCount == 1)
    }
}

extension FitPriorsTests {
    /// QA: `fit --db` of a path with no database created it, and its directory, then said there
    /// was nothing to fit (65). It is the missing input `sessions` and `show` say it is.
    @Test func fitOnAMissingDatabaseCreatesNothing() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.directory + "/typo/cookcast.db"
        let r = await box.run(["fit", "--db", path])
        #expect(r.status == 66, "\(r.err)")
        #expect(r.err.contains("no database at \(path)"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: box.directory + "/typo"))
    }
}
