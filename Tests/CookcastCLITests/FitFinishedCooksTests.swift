import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `cookcast fit` learns from, and backtests, only cooks that reached their target and are no
/// longer being recorded; the others are named with the reason.
/// The shipped cooks are left out (`Sandbox.withoutShippedCooks`): the counts are the stored cooks'.
@Suite struct FitFinishedCooksTests {
    /// The real roast chicken (74 C at 4,550 s) cut off at 3,000 s, under a neutral file name,
    /// from its third reading: a cook of its own (with the whole cook's first readings it is that
    /// cook's part, `FitJob.sameHeadSessions`).
    static func unfinishedChicken(_ box: Sandbox) throws -> String {
        let text = try String(contentsOfFile: SharedData.cook("heatledger_roast_chicken.csv"), encoding: .utf8)
        let rows = text.split(separator: "\n")
        let early = rows.dropFirst(3).filter { line in
            (Double(line.split(separator: ",")[0]) ?? .infinity) < 3000
        }
        let lines = [rows[0]] + early
        return box.write("short_roast.csv", lines.joined(separator: "\n") + "\n")
    }

    /// QA: a session still being recorded and a cook that never reached its target went into the
    /// priors (their length is not a time to target). Now they are skipped, named, and their
    /// stored summary is `unfinished`.
    @Test func unfinishedAndRecordingCooksAreNamedAndNotLearnedFrom() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        for (file, target) in [("heatledger_roast_chicken.csv", "74"), ("combustion_chicken_68c.csv", "68")] {
            let r = await box.run(["import", SharedData.cook(file), "--cut", "chicken", "--target", target])
            #expect(r.status == 0, "\(r.err)")
        }
        let short = await box.run(["import", try Self.unfinishedChicken(box), "--cut", "chicken", "--target", "74"])
        #expect(short.status == 0, "\(short.err)")
        // A cook being recorded: the finished chicken's readings in an `active` session whose
        // recorder holds its lock.
        let recording = try Self.activeCopy(of: 2, in: box)
        let recorder = try #require(try RecordingLock.acquire(database: box.databasePath, session: recording))
        defer { recorder.release() }
        let r = await box.run(["fit"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("skipped session 3: never reached its target 74.0 C (peak "), "\(r.err)")
        #expect(r.err.contains("skipped session 4: still being recorded"), "\(r.err)")
        #expect(r.out.contains("refit 2 sessions"), "\(r.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.priors(cut: "chicken").first?.cookCount == 2)
        #expect(try store.priors(cut: "generic").first?.cookCount == 2)
        #expect(try store.fits(session: 3).filter { $0.model == "cook_summary" }.map(\.phase) == ["unfinished"])

        // Asked for by id, the unfinished cook is refused and the priors stay as they are.
        let only = await box.run(["fit", "3", "--unit", "f"])
        #expect(only.status == 65)
        #expect(only.err.contains("never reached its target 165.2 F"), "\(only.err)")
        #expect(try store.priors(cut: "chicken").first?.cookCount == 2)
    }

    /// QA: `fit 99` said "skipped session 99: not found", then blamed the target ("no stored cook
    /// that reached its target to fit"), and `fit 1 99` refitted session 1 and exited 0. A session
    /// id that names no session is an error in one line, as `show 99` says, and nothing is refitted.
    @Test func aMissingSessionIsAnErrorAndNothingIsRefitted() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let file = SharedData.cook("heatledger_roast_chicken.csv")
        #expect(await box.run(["import", file, "--cut", "chicken", "--target", "74"]).status == 0)
        for ids in [["99"], ["1", "99"], ["98", "1", "99"]] {
            let r = await box.run(["fit"] + ids)
            #expect(r.status == 65, "\(ids): \(r.err)")
            let missing = ids.filter { $0 != "1" }
            let named = (missing.count == 1 ? "no session " : "no sessions ") + missing.joined(separator: ", ")
            #expect(r.err == "cookcast fit: \(named) in \(box.databasePath)\n", "\(ids): \(r.err)")
            #expect(r.out.isEmpty, "\(ids): \(r.out)")
            let store = try SessionStore(path: box.databasePath, readOnly: true)
            #expect(try store.fits(session: 1).isEmpty)
            #expect(try store.priors(cut: "chicken").isEmpty)
        }
    }

    /// Session `source`'s readings a second later in a new `active` session, as a recorder leaves
    /// them; its id. A second later, it is a cook of its own (the same readings at the same times
    /// are the same cook, `FitJob.sameHeadSessions`).
    static func activeCopy(of source: Int64, in box: Sandbox) throws -> Int64 {
        let store = try SessionStore(path: box.databasePath)
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: 0, cut: "chicken", targetCelsius: 68, source: "live:test", status: .active),
            channels: [ChannelInfo(channel: 1)])
        try store.append(try store.readings(session: source, channel: 1).map { $0.shifted(bySeconds: 1) }, session: id)
        return id
    }

    /// A recorder killed (SIGKILL, a power cut) leaves its session `active` without its lock: `fit`
    /// skipped it as "still being recorded" until someone resumed it, and the cook never taught
    /// the priors. It is learned from as it stands; one whose recorder runs is still skipped.
    @Test func aCookWhoseRecorderWasKilledIsLearnedFrom() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        let imported = await box.run(["import", SharedData.cook("combustion_chicken_68c.csv"), "--cut", "chicken"])
        #expect(imported.status == 0, "\(imported.err)")
        let killed = try Self.activeCopy(of: 1, in: box)
        let r = await box.run(["fit"])
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.err.contains("still being recorded"), "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.fits(session: killed).filter { $0.model == "cook_summary" }.map(\.phase) == ["done"])
        #expect(try store.priors(cut: "chicken").first?.cookCount == 2)
        #expect(try !RecordingLock.isHeld(database: box.databasePath, session: killed))
        // Its recorder back (resumed): being recorded again, not learned from.
        let recorder = try #require(try RecordingLock.acquire(database: box.databasePath, session: killed))
        defer { recorder.release() }
        #expect(try RecordingLock.isHeld(database: box.databasePath, session: killed))
        let again = await box.run(["fit"])
        #expect(again.err.contains("skipped session \(killed): still being recorded"), "\(again.err)")
        #expect(try store.priors(cut: "chicken").first?.cookCount == 1)
    }

    /// QA: with no cook that reached its target, `fit --backtest` printed `ALL 0 ... median nan`
    /// and exited 0.
    @Test func backtestWithNothingToScoreFails() async throws {
        let box = try Sandbox.withoutShippedCooks()
        defer { box.cleanup() }
        _ = await box.run(["import", try Self.unfinishedChicken(box), "--cut", "chicken", "--target", "74"])
        let r = await box.run(["fit", "--backtest"])
        #expect(r.status == 65)
        #expect(r.err.contains("never reached its target"), "\(r.err)")
        #expect(!r.out.contains("nan"), "\(r.out)")
    }
}
