import CookcastEngine
import CookcastStore
import Foundation
import Testing

/// A file both imported and replayed into one database is one cook: both sessions and their
/// readings are kept, and `fit` (and `live` as the replay ends) learns from it once.
@Suite struct SameCookTwiceTests {
    /// `cookcast live --replay FILE --speed max --plain` plus `arguments`.
    static func replay(_ box: Sandbox, _ file: String, _ arguments: [String] = ["--cut", "turkey", "--target", "74"])
        async -> (status: Int32, out: String, err: String)
    {
        await box.run(["live", "--replay", file, "--speed", "max", "--plain"] + arguments)
    }

    /// The turkey prior's cook count (4 shipped turkeys, and the stored ones).
    static func turkeyCooks(_ box: Sandbox) throws -> Int? {
        try SessionStore(path: box.databasePath, readOnly: true).priors(cut: "turkey").first?.cookCount
    }

    /// QA: imported, then replayed, the turkey was two sessions that both counted (the turkey
    /// prior 6 cooks for 5): the replay could not carry the content hash the import holds, and
    /// its note said only that session 1 held the same cook.
    @Test func importedThenReplayedCountsOnce() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let turkey = try LearningFromCooksTests.ownTurkey(box)
        #expect(await box.run(["import", turkey, "--cut", "turkey", "--target", "74"]).status == 0)
        #expect(await box.run(["fit"]).status == 0)
        #expect(try Self.turkeyCooks(box) == 5)

        let live = await Self.replay(box, turkey)
        #expect(live.status == 0, "\(live.err)")
        #expect(
            live.err.contains(
                "note: session 1 holds the same cook as this replay (its file imported before): both are kept, "
                    + "and learned from once"), "\(live.err)")
        #expect(!live.out.contains("learned from this cook"), "\(live.out)")
        #expect(try Self.turkeyCooks(box) == 5)
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 2) == store.readings(session: 1))

        let fit = await box.run(["fit"])
        #expect(fit.status == 0, "\(fit.err)")
        #expect(fit.out.contains("learned from the 1 stored cook and 17 shipped cooks"), "\(fit.out)")
        #expect(fit.err.contains("session 2: the same cook as session 1, learned from there once"), "\(fit.err)")
        #expect(try Self.turkeyCooks(box) == 5)

        // Its export imported elsewhere is that cook alone, with its own content hash.
        let json = box.directory + "/replayed.json"
        #expect(await box.run(["export", "2", "--format", "json", "-o", json]).status == 0)
        let elsewhere = Sandbox()
        defer { elsewhere.cleanup() }
        #expect(await elsewhere.run(["import", json]).status == 0)
        let copy = try #require(try SessionStore(path: elsewhere.databasePath, readOnly: true).session(1))
        #expect(copy.sameCookHash == nil)
        #expect(copy.contentHash == (try store.session(1))?.contentHash)
    }

    /// The other order: the replay holds the import's hash, so the import is skipped as stored;
    /// a second replay of the file is kept and, like the first order's, learned from once.
    @Test func replayedThenImportedOrReplayedAgainCountsOnce() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let turkey = try LearningFromCooksTests.ownTurkey(box)
        let first = await Self.replay(box, turkey)
        #expect(first.out.contains("learned from this cook: the turkey prior now holds 5 cooks"), "\(first.out)")
        let imported = await box.run(["import", turkey, "--cut", "turkey", "--target", "74"])
        #expect(imported.out.contains("already recorded as session 1, skipped"), "\(imported.out)")

        let again = await Self.replay(box, turkey)
        #expect(again.status == 0, "\(again.err)")
        #expect(again.err.contains("note: session 1 holds the same cook as this replay"), "\(again.err)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).sessionIDs() == [1, 2])
        let fit = await box.run(["fit"])
        #expect(fit.out.contains("learned from the 1 stored cook and 17 shipped cooks"), "\(fit.out)")
        #expect(try Self.turkeyCooks(box) == 5)
    }

    /// QA: `live --replay X.csv` without a cut, then `import X.csv --cut steak`, was skipped with
    /// "not applied: --cut steak" and nothing else: the cook had no target to learn from, and no
    /// command gives a stored session one. The skip stays (an import of a stored cook adds
    /// nothing), and a note says so and gives the replay to that cut, which is then the session
    /// the cook is learned from; once one has a target, the note names it instead.
    @Test func replayedWithoutACutThenImportedWithOneSaysHowToGiveItOne() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let turkey = try LearningFromCooksTests.ownTurkey(box)
        let first = await Self.replay(box, turkey, [])
        #expect(first.status == 0, "\(first.err)")
        for dryRun in [true, false] {
            let imported = await box.run(
                ["import", turkey, "--cut", "turkey", "--target", "74"] + (dryRun ? ["--dry-run"] : []))
            #expect(imported.status == 0, "\(imported.err)")
            #expect(imported.out.contains("not applied: --cut turkey, --target 74.0 C"), "\(imported.out)")
            #expect(
                imported.err.contains(
                    "note: session 1 keeps the cut and target it was stored with (cut -, target -): no command "
                        + "changes a stored cook's cut or target; `cookcast live --replay \(turkey) --speed max "
                        + "--cut turkey --target 74.0` records the cook again with yours, and that session is the "
                        + "one it is learned from (session 1 has no target)"), "\(imported.err)")
        }
        let again = await box.run(["live", "--replay", turkey, "--speed", "max", "--cut", "turkey", "--target", "74.0"])
        #expect(again.out.contains("learned from this cook: the turkey prior now holds 5 cooks"), "\(again.out)")
        let recut = await box.run(["import", turkey, "--cut", "brisket"])
        #expect(
            recut.err.hasSuffix(
                "no command changes a stored cook's cut or target; session 2, the same cook with a target, is the "
                    + "one learned from\n"), "\(recut.err)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).sessionIDs() == [1, 2])
    }

    /// A file imported with no cut or target to learn from, then replayed to a turkey's target, is
    /// learned from as replayed: the cook still counts once, not none.
    @Test func theSessionWithATargetIsTheOneLearnedFrom() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let text = try String(contentsOfFile: try LearningFromCooksTests.ownTurkey(box), encoding: .utf8)
        let file = box.write("cook.csv", text)
        #expect(await box.run(["import", file]).status == 0)
        let live = await Self.replay(box, file)
        #expect(live.out.contains("learned from this cook: the turkey prior now holds 5 cooks"), "\(live.out)")
        let fit = await box.run(["fit"])
        #expect(fit.err.contains("session 1: the same cook as session 2, learned from there once"), "\(fit.err)")
        #expect(try Self.turkeyCooks(box) == 5)
    }

    /// `cookcast live --stdin --json --cut turkey --target 74` fed `file`'s lines, run as a user
    /// pipes them (`cat FILE | cookcast live --stdin`): its status and standard error.
    static func pipe(_ box: Sandbox, _ file: String) throws -> (status: Int32, err: String) {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return try CookcastBinary.live(
            ["--json", "--cut", "turkey", "--target", "74"], feeding: text, database: box.databasePath)
    }

    /// QA: a file replayed and then piped into `live --stdin` was two sessions that both taught
    /// the priors (the brisket prior 5 cooks for 4): the stdin session kept the `recorded:`
    /// fingerprint, since only a replay took its file's import hash. Now it takes its stored
    /// readings' hash, the same, and holds it as the replay's.
    @Test func replayedThenPipedInCountsOnce() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let turkey = try LearningFromCooksTests.ownTurkey(box)
        let first = await Self.replay(box, turkey)
        #expect(first.out.contains("learned from this cook: the turkey prior now holds 5 cooks"), "\(first.out)")

        let piped = try Self.pipe(box, turkey)
        #expect(piped.status == 0, "\(piped.err)")
        #expect(
            piped.err.contains(
                "note: session 1 holds the same cook as this input (replayed before): both are kept, "
                    + "and learned from once"), "\(piped.err)")
        #expect(!piped.err.contains("learned from this cook"), "\(piped.err)")
        #expect(try Self.turkeyCooks(box) == 5)
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 2) == store.readings(session: 1))

        let fit = try await Self.fitLearnsOnce(box)
        #expect(fit.err.contains("session 2: the same cook as session 1, learned from there once"), "\(fit.err)")
    }

    /// The other orders: piped in first, the cook is then replayed (held as the stdin session's)
    /// and imported (skipped as recorded), and piped in again; one cook, learned from once.
    @Test func pipedInThenReplayedImportedAndPipedAgainCountsOnce() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let turkey = try LearningFromCooksTests.ownTurkey(box)
        let piped = try Self.pipe(box, turkey)
        #expect(piped.err.contains("learned from this cook: the turkey prior now holds 5 cooks"), "\(piped.err)")

        let replayed = await Self.replay(box, turkey)
        #expect(replayed.status == 0, "\(replayed.err)")
        #expect(
            replayed.err.contains(
                "note: session 1 holds the same cook as this replay (read from standard input before)"),
            "\(replayed.err)")
        #expect(!replayed.out.contains("learned from this cook"), "\(replayed.out)")
        let imported = await box.run(["import", turkey, "--cut", "turkey", "--target", "74"])
        #expect(imported.out.contains("already recorded as session 1, skipped"), "\(imported.out)")
        let again = try Self.pipe(box, turkey)
        #expect(again.err.contains("note: session 1 holds the same cook as this input"), "\(again.err)")

        #expect(try SessionStore(path: box.databasePath, readOnly: true).sessionIDs() == [1, 2, 3])
        _ = try await Self.fitLearnsOnce(box)
    }

    /// Runs `cookcast fit` in `box`, which holds one turkey however often stored: it learns from
    /// one stored cook, and the turkey prior holds 5. What `fit` printed.
    static func fitLearnsOnce(_ box: Sandbox) async throws -> (status: Int32, out: String, err: String) {
        let fit = await box.run(["fit"])
        #expect(fit.status == 0, "\(fit.err)")
        #expect(fit.out.contains("learned from the 1 stored cook and 17 shipped cooks"), "\(fit.out)")
        #expect(try turkeyCooks(box) == 5)
        return fit
    }
}
