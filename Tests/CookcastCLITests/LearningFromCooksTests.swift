import CookcastCore
import CookcastEngine
import CookcastFit
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// Past cooks teach the predictor: a user's own cooks are learned from together with the cooks the
/// shipped priors came from (`Models/priors.json`'s `cooks`), never instead of them; a cook `live`
/// records teaches it as soon as it ends; a simulated cook never does.
@Suite struct LearningFromCooksTests {
    /// The 17 cooks the shipped priors were learned from, as shipped.
    static func shippedCooks() throws -> [CookSummary] {
        try PriorSet.decodeCooks(jsonData: Data(contentsOf: URL(fileURLWithPath: SharedData.models + "/priors.json")))
    }

    /// A real turkey (the 2021 TempFit bird's probe 2) that is not one of the shipped cooks: its
    /// first reading left out, so its readings, and their fingerprint, differ.
    static func ownTurkey(_ box: Sandbox) throws -> String {
        let text = try String(contentsOfFile: SharedData.cook("tempfit_turkey_2021_p2.csv"), encoding: .utf8)
        var lines = text.split(separator: "\n")
        lines.remove(at: 1)
        return box.write("my_turkey.csv", lines.joined(separator: "\n") + "\n")
    }

    /// `ownTurkey` recorded by `live --replay` in `box`: the file and what live printed.
    static func recordOwnTurkey(
        _ box: Sandbox
    ) async throws -> (file: String, live: (status: Int32, out: String, err: String)) {
        let turkey = try ownTurkey(box)
        let live = await box.run([
            "live", "--replay", turkey, "--speed", "max", "--plain", "--cut", "turkey", "--target", "74",
        ])
        return (turkey, live)
    }

    /// The 80 % band of the real Combustion chicken at 25 min, as a multiple of the time left.
    static func chickenBandWidth(_ box: Sandbox) async throws -> Double {
        let r = await box.run([
            "predict", SharedData.cook("combustion_chicken_68c.csv"), "--cut", "chicken", "--target", "68", "--at",
            "1500", "--format", "json",
        ])
        #expect(r.status == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let low = try #require(json["finish_lo_s"] as? Double), high = try #require(json["finish_hi_s"] as? Double)
        let finish = try #require(json["finish_s"] as? Double)
        return (high - low) / (finish - 1500)
    }

    /// Runs `fit` in `box` and checks what it says it learned from and the turkey and generic
    /// priors' cook counts it stored.
    static func fit(_ box: Sandbox, saysLearnedFrom: String, turkeys: Int, cooks: Int) async throws {
        let fit = await box.run(["fit"])
        #expect(fit.status == 0, "\(fit.err)")
        #expect(fit.out.contains("learned from " + saysLearnedFrom), "\(fit.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.priors(cut: "turkey").first?.cookCount == turkeys)
        #expect(try store.priors(cut: "generic").first?.cookCount == cooks)
    }

    @Test func theShippedPriorsCarryTheCooksTheyWereLearnedFrom() throws {
        let cooks = try Self.shippedCooks()
        #expect(cooks.count == 17)
        #expect(cooks.allSatisfy { $0.contentHash?.hasPrefix("readings:fnv1a64:") == true })
        let shipped = try PriorSet.decode(
            jsonData: Data(contentsOf: URL(fileURLWithPath: SharedData.models + "/priors.json")))
        // The shipped records are exactly what those cooks teach.
        let relearned = PriorSet.learn(cooks)
        #expect(relearned.map(\.cut) == shipped.map(\.cut))
        for (l, s) in zip(relearned, shipped) {
            #expect(l.cookCount == s.cookCount && l.mean == s.mean, "\(l.cut)")
        }
    }

    /// QA: a user's first `fit` replaced the shipped priors of the cut and the generic one with
    /// what that one cook said: after one turkey the generic prior was that turkey, whose spread
    /// of zero sets every cut's 80 % band, and a chicken's band shrank to a third (0.25 of the
    /// time left against 0.77 shipped), a confidence the data never earned.
    @Test func aFirstCookAddsToTheShippedPriorsInsteadOfReplacingThem() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let shippedWidth = try await Self.chickenBandWidth(box)
        let imported = await box.run(["import", try Self.ownTurkey(box), "--cut", "turkey", "--target", "74"])
        #expect(imported.status == 0, "\(imported.err)")
        try await Self.fit(box, saysLearnedFrom: "the 1 stored cook and 17 shipped cooks", turkeys: 5, cooks: 18)
        let learnedWidth = try await Self.chickenBandWidth(box)
        #expect(abs(learnedWidth - shippedWidth) < 0.1 * shippedWidth, "\(learnedWidth) vs \(shippedWidth)")
    }

    /// A shipped cook the user imported counts once, as the stored cook; a backtest learns from
    /// the stored cooks alone (a vendor's raw export of a shipped cook has another fingerprint, so
    /// the shipped twin would be in its own priors).
    @Test func aShippedCookImportedCountsOnceAndNeverEntersABacktest() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        for (file, target) in [("heatledger_roast_chicken.csv", "74"), ("combustion_chicken_68c.csv", "68")] {
            let r = await box.run(["import", SharedData.cook(file), "--cut", "chicken", "--target", target])
            #expect(r.status == 0, "\(r.err)")
        }
        let fit = await box.run(["fit"])
        #expect(fit.out.contains("learned from all 2 stored cooks and 15 shipped cooks"), "\(fit.out)")
        let store = try SessionStore(path: box.databasePath)
        #expect(try store.priors(cut: "chicken").first?.cookCount == 2)
        #expect(try store.priors(cut: "generic").first?.cookCount == 17)

        let job = FitJob(
            store: store, catalog: try ModelLibrary.load(environment: ["COOKCAST_MODELS": SharedData.models]).cuts,
            shippedCooks: try Self.shippedCooks())
        #expect(try job.shippedCooksNotStored().count == 15)
        let (cooks, _) = try job.load(sessionIDs: [], probes: .every)
        let report = try job.backtest(cooks)
        #expect(report.trainingIDs["s1"] == ["s2"])
        #expect(report.trainingIDs["s2"] == ["s1"])
    }

    /// QA: a shipped cook imported with another target, which it never reached (the raw sous-vide
    /// log taken to the cut's usual 56.5 C, the cook's own being 51.7 C), is not learned from, and
    /// it took its shipped twin out too: `fit` dropped the sous-vide prior. The twin counts now.
    @Test func aShippedCookStoredButNotLearnedFromStillCounts() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run([
            "import", SharedData.cook("sousvide_tbone.csv"), "--cut", "sous_vide", "--target", "56.5",
        ])
        #expect(r.status == 0, "\(r.err)")
        // A cook that reached its own target, so that there is something to fit.
        let chicken = await box.run([
            "import", SharedData.cook("heatledger_roast_chicken.csv"), "--cut", "chicken", "--target", "74",
        ])
        #expect(chicken.status == 0, "\(chicken.err)")
        let fit = await box.run(["fit"])
        #expect(fit.err.contains("never reached its target 56.5 C"), "\(fit.err)")
        let store = try SessionStore(path: box.databasePath)
        #expect(try store.priors(cut: "sous_vide").first?.cookCount == 2, "\(fit.out)")
        #expect(try store.priors(cut: "generic").first?.cookCount == 17, "\(fit.out)")
        // Imported to its own target it is learned from, as the stored cook, and counts once.
        let own = await box.run([
            "import", SharedData.cook("sousvide_tbone.csv"), "--cut", "sous_vide", "--target", "51.7",
        ])
        #expect(own.status == 0, "\(own.err)")
        _ = await box.run(["fit"])
        #expect(try store.priors(cut: "sous_vide").first?.cookCount == 2)
        #expect(try store.priors(cut: "generic").first?.cookCount == 17)
    }

    /// QA: `fit --export-priors` writes the cooks it learned from beside the priors (the format of
    /// `priors.json`); a cook `live` recorded had no fingerprint there, so that file used as the
    /// shipped `priors.json` taught it a second time at the next `fit` (the turkey prior 6 cooks,
    /// then 7 after one more `live`, for 5 real ones).
    @Test func exportedPriorsUsedAsTheShippedOnesCountARecordedCookOnce() async throws {
        var box = Sandbox()
        defer { box.cleanup() }
        let (_, live) = try await Self.recordOwnTurkey(box)
        #expect(live.out.contains("learned from this cook: the turkey prior now holds 5 cooks"), "\(live.out)")
        let exported = box.directory + "/learned.json"
        let export = await box.run(["fit", "--export-priors", exported])
        #expect(export.status == 0, "\(export.err)")
        let cooks = try PriorSet.decodeCooks(jsonData: Data(contentsOf: URL(fileURLWithPath: exported)))
        #expect(cooks.count == 18 && cooks.allSatisfy { $0.contentHash != nil }, "\(cooks.map(\.id))")

        try box.useModels(priorsJSON: Data(contentsOf: URL(fileURLWithPath: exported)))
        try await Self.fit(box, saysLearnedFrom: "the 1 stored cook and 17 shipped cooks", turkeys: 5, cooks: 18)
        // Another database, without that cook, learns it from the file.
        var other = Sandbox()
        defer { other.cleanup() }
        try other.useModels(priorsJSON: Data(contentsOf: URL(fileURLWithPath: exported)))
        let chicken = SharedData.cook("heatledger_roast_chicken.csv")
        #expect(await other.run(["import", chicken, "--cut", "chicken", "--target", "74"]).status == 0)
        let otherFit = await other.run(["fit"])
        #expect(otherFit.out.contains("learned from the 1 stored cook and 17 shipped cooks"), "\(otherFit.out)")
        let otherStore = try SessionStore(path: other.databasePath, readOnly: true)
        #expect(try otherStore.priors(cut: "turkey").first?.cookCount == 5)
        // The recorded cook's JSON export imported there (its start kept, a content hash of its
        // own) is that cook: it counts once, as the stored one.
        let json = box.directory + "/turkey.json"
        #expect(await box.run(["export", "1", "--format", "json", "-o", json]).status == 0)
        #expect(await other.run(["import", json, "--cut", "turkey", "--target", "74"]).status == 0)
        let again = await other.run(["fit"])
        #expect(again.out.contains("learned from all 2 stored cooks and 16 shipped cooks"), "\(again.out)")
        #expect(try otherStore.priors(cut: "turkey").first?.cookCount == 5)
    }

    /// A shipped cook's file replayed through `live` is that shipped cook: its session gets the
    /// fingerprint an import of the file gets, so the chicken prior holds 2 cooks as with no
    /// replay (it held 3, the same chicken twice, the session being `recorded:` and its start),
    /// at the cook's end and in a later `fit`, and an import of the file is known as stored. A
    /// replay of a cook that is not shipped still adds one.
    @Test func aReplayedShippedCookCountsOnce() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let chicken = SharedData.cook("heatledger_roast_chicken.csv")
        let live = await box.run([
            "live", "--replay", chicken, "--speed", "max", "--plain", "--cut", "chicken", "--target", "74",
        ])
        #expect(live.status == 0, "\(live.err)")
        #expect(live.out.contains("learned from this cook: the chicken prior now holds 2 cooks"), "\(live.out)")
        let fit = await box.run(["fit"])
        #expect(fit.out.contains("learned from the 1 stored cook and 16 shipped cooks"), "\(fit.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.priors(cut: "chicken").first?.cookCount == 2)
        #expect(try store.priors(cut: "generic").first?.cookCount == 17)
        #expect(try store.session(1)?.contentHash == "readings:fnv1a64:f4d0dd39395d0169")
        #expect(try store.readings(session: 1).count == 517)
        let imported = await box.run(["import", chicken, "--cut", "chicken", "--target", "74"])
        #expect(imported.out.contains("already recorded as session 1, skipped"), "\(imported.out)")

        let (_, own) = try await Self.recordOwnTurkey(box)
        #expect(own.out.contains("learned from this cook: the turkey prior now holds 5 cooks"), "\(own.out)")
        try await Self.fit(box, saysLearnedFrom: "all 2 stored cooks and 16 shipped cooks", turkeys: 5, cooks: 18)
    }

    /// A cook read from standard input takes the fingerprint of its stored readings, the one an
    /// import of the same lines gets (it kept `recorded:` and its start, and a file piped in after
    /// a replay of it taught the priors twice: `SameCookTwiceTests`); `import` of the file then
    /// knows it is stored.
    @Test func aCookFromStdinTakesItsReadingsFingerprint() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = SharedData.cook("heatledger_roast_chicken.csv")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let r = try CookcastBinary.live(
            ["--cut", "chicken", "--target", "74"], feeding: text, database: box.databasePath)
        #expect(r.status == 0, "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let info = try #require(try store.session(1))
        let hash = try #require(info.contentHash)
        #expect(hash.hasPrefix("readings:fnv1a64:"))
        #expect(FitJob.fingerprint(info) == hash)
        let imported = await box.run(["import", file])
        #expect(imported.out.contains("already recorded as session 1, skipped"), "\(imported.out)")
    }

    /// QA: the summary `live` now stores as a cook ends is not a prediction; a cook stopped short
    /// of its target showed "last fit at 01:56:14: unfinished, no finish estimate" in `show` (and
    /// no ETA in `plot`) where the ETA it had at the stop had been. A session with summaries only
    /// (an import, fitted) still shows its summary.
    @Test func showKeepsTheLastPredictionOfACookStoppedShortOfItsTarget() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let turkey = try Self.ownTurkey(box)
        let text = try String(contentsOfFile: turkey, encoding: .utf8)
        let short = box.write("short.csv", text.split(separator: "\n").prefix(150).joined(separator: "\n") + "\n")
        let live = await box.run(["live", "--replay", short, "--speed", "max", "--plain", "--cut", "turkey"])
        #expect(live.status == 0, "\(live.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.fits(session: 1).contains { $0.model == PriorSet.modelName && $0.phase == "unfinished" })
        let show = await box.run(["show", "1"])
        let line = try #require(show.out.split(separator: "\n").first { $0.contains("last fit") }, "\(show.out)")
        #expect(line.contains("finish at") && !line.contains("unfinished"), "\(line)")

        #expect(await box.run(["import", turkey, "--cut", "turkey"]).status == 0)
        #expect(await box.run(["fit"]).status == 0)
        let imported = await box.run(["show", "2"])
        #expect(imported.out.contains(": done, finish at"), "\(imported.out)")
    }

    /// QA: `live --simulate` (what `setup.sh` runs) stored a simulated turkey that the next
    /// `cookcast fit` learned from as a real one.
    @Test func aSimulatedCookIsNeverLearnedFrom() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let live = await box.run(["live", "--simulate", "chicken", "--seed", "2", "--speed", "max", "--plain"])
        #expect(live.status == 0, "\(live.err)")
        #expect(!live.out.contains("learned from this cook"), "\(live.out)")
        let fit = await box.run(["fit"])
        #expect(fit.status == 65)
        #expect(fit.err.contains("skipped session 1: a simulated cook, not learned from"), "\(fit.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.priors().isEmpty)
    }

    /// A cook recorded by `live` teaches the next one as soon as it ends, without `cookcast fit`;
    /// one that never reached its target teaches nothing.
    @Test func aCookRecordedLiveIsLearnedFromWhenItEnds() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (turkey, live) = try await Self.recordOwnTurkey(box)
        #expect(live.status == 0, "\(live.err)")
        #expect(live.out.contains("learned from this cook: the turkey prior now holds 5 cooks"), "\(live.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.priors(cut: "turkey").first?.cookCount == 5)
        #expect(try store.fits(session: 1).contains { $0.model == PriorSet.modelName && $0.phase == "done" })

        // Cut short under its target: stored, nothing learned, the priors as they were.
        let text = try String(contentsOfFile: turkey, encoding: .utf8)
        let short = box.write(
            "short.csv", text.split(separator: "\n").prefix(100).joined(separator: "\n") + "\n")
        let cut = await box.run(["live", "--replay", short, "--speed", "max", "--plain", "--cut", "turkey"])
        #expect(cut.status == 0, "\(cut.err)")
        #expect(!cut.out.contains("learned from this cook"), "\(cut.out)")
        #expect(try store.priors(cut: "turkey").first?.cookCount == 5)
    }
}
