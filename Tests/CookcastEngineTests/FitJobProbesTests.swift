import CookcastCore
import CookcastEngine
import CookcastFit
import CookcastStore
import Foundation
import Testing

/// `cookcast fit` learns from every probe of a session, each with the pit's air as live gives it
/// (`PitAir`), and its backtest leaves a whole cook out, all its probes, when it predicts one.
@Suite struct FitJobProbesTests {
    /// A temporary database, removed by `cleanup()`.
    struct Box {
        let directory: String
        let store: SessionStore

        init() throws {
            directory =
                FileManager.default.temporaryDirectory.appendingPathComponent("fitprobes-\(UUID().uuidString)")
                .path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            store = try SessionStore(path: directory + "/cookcast.db")
        }

        func cleanup() { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// The pit's air at `t` seconds: 120 C, swinging by 4 C with a 40-minute period.
    static func pit(_ t: Double) -> Double { 120 + 4 * sin(t / 382) }

    /// A 4-channel iBBQ cook: probes 1-3 in the meat (no air sensor of their own, time constants
    /// `taus`), channel 4 a pit probe (`role` ambient, air only), a reading every 15 s for `hours`.
    static func iBBQCook(taus: [Double], hours: Double) -> [Reading] {
        var readings: [Reading] = []
        var t = 0.0
        while t <= hours * 3600 {
            for (i, tau) in taus.enumerated() {
                let meat = pit(t) - (pit(t) - 5) * exp(-t / tau) + (Double(Int(t) % 7) - 3) * 0.02
                readings.append(Reading(channel: i + 1, elapsedSeconds: t, probeCelsius: meat, ambientCelsius: nil))
            }
            readings.append(
                Reading(channel: taus.count + 1, elapsedSeconds: t, probeCelsius: nil, ambientCelsius: pit(t)))
            t += 15
        }
        return readings
    }

    /// Stores `readings` as a finished brisket session with a target of 70 C.
    @discardableResult
    static func storeCook(_ readings: [Reading], probes: Int, in store: SessionStore, start: Int64) throws -> Int64 {
        var channels = (1...probes).map { ChannelInfo(channel: $0, name: "probe \($0)") }
        if readings.contains(where: { $0.channel == probes + 1 }) {
            channels.append(ChannelInfo(channel: probes + 1, name: "pit", role: .ambient))
        }
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: start, cut: "brisket", targetCelsius: 70, source: "test", status: .finished),
            channels: channels)
        _ = try store.append(readings, session: id)
        return id
    }

    /// One probe's readings as `SessionEstimator` sees them: the pit's air on each.
    static func withPitAir(_ readings: [Reading], channel: Int) -> [Reading] {
        var air = PitAir()
        return readings.compactMap { r in
            var r = r
            if let a = air.air(for: r) { r.ambientCelsius = a }
            return r.channel == channel ? r : nil
        }
    }

    /// QA: a 4-channel iBBQ (three meat probes, one pit probe) taught the predictor from probe 1
    /// only, fitted as if there were no air sensor. Now each probe that reached its target is
    /// summarised with the pit's air, the one that did not is named, and each gets its own row.
    @Test func everyProbeIsFittedWithThePitAir() throws {
        let box = try Box()
        defer { box.cleanup() }
        // Probes 1 and 2 reach 70 C in about 1.1 and 1.5 hours; probe 3 is still at ~55 C.
        let cook = Self.iBBQCook(taus: [4_700, 6_500, 25_000], hours: 4)
        let id = try Self.storeCook(cook, probes: 3, in: box.store, start: 0)
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        let (cooks, skipped) = try job.load(sessionIDs: [], cut: nil)

        #expect(cooks.map(\.id) == ["s1p1", "s1p2"])
        #expect(cooks.map(\.channel) == [1, 2])
        #expect(skipped.map(\.channel) == [3])
        let message = try #require(skipped.first).description(unit: .celsius)
        #expect(message.hasPrefix("session 1 probe 3: never reached its target 70.0 C (peak "), "\(message)")

        for stored in cooks {
            let finish = try #require(stored.finishSeconds)
            let withAir = Self.withPitAir(cook, channel: stored.channel)
            #expect(stored.readingCount == withAir.count)
            var expected = PriorSet.summarize(
                id: stored.id, readings: withAir, targetCelsius: 70, cut: nil, finishSeconds: finish)
            expected.group = "s1"  // one probe of cook s1
            #expect(stored.summary == expected)
            // Fitted with the pit's air: its mean is the air's, not a typical pit's, and the
            // predictions made on the way (`log_eta_scale`) are not those of the fit without air
            // (what `fit` learned before).
            let air = try #require(stored.summary.parameters["ambient_c"])
            #expect(abs(air - 120) < 1.5, "\(air)")
            let bare = PriorSet.summarize(
                id: stored.id, readings: cook.filter { $0.channel == stored.channel }, targetCelsius: 70, cut: nil,
                finishSeconds: finish)
            #expect(bare.parameters["ambient_c"] != stored.summary.parameters["ambient_c"])
            #expect(bare.parameters["log_eta_scale"] != stored.summary.parameters["log_eta_scale"])
        }

        // One `cook_summary` row per probe: the two learned from and the unfinished one.
        try job.refit(cooks, skipped: skipped)
        let rows = try box.store.fits(session: id).filter { $0.model == PriorSet.modelName }
        #expect(rows.map(\.channel).sorted() == [1, 2, 3])
        #expect(rows.sorted { $0.channel < $1.channel }.map(\.phase) == ["done", "done", "unfinished"])
        #expect(try job.unfittedSessionIDs().isEmpty)

        // Each probe's summary is learned from, the two of one cook as one cook in the prior's
        // count; a refit of the session replaces its rows.
        let learned = try job.learnPriors(refitted: cooks, nowUnixMs: 0)
        let priors = learned.priors
        #expect((learned.storedCount, learned.sessionCount) == (2, 1))
        #expect(priors.first { $0.cut == "generic" }?.cookCount == 1)
        let fromStore = try job.learnPriors(refitted: [], nowUnixMs: 0)
        #expect(fromStore.priors == priors)
        try job.refit(cooks, skipped: skipped)
        #expect(try box.store.fits(session: id).filter { $0.model == PriorSet.modelName }.count == 3)
    }

    /// A probe of a multi-probe session is predicted in the backtest as live predicts it: the
    /// backtest's estimate at a checkpoint is the session estimator's for that probe.
    @Test func aProbeIsBacktestedWithThePitAirAsLiveEstimatesIt() throws {
        let box = try Box()
        defer { box.cleanup() }
        let cook = Self.iBBQCook(taus: [4_700, 6_500], hours: 4)
        try Self.storeCook(cook, probes: 2, in: box.store, start: 0)
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        let (cooks, _) = try job.load(sessionIDs: [], cut: nil)
        let report = try job.backtest(cooks)
        #expect(Set(report.predictions.map(\.id)) == ["s1p1", "s1p2"])
        // One cook: each probe is predicted without priors (its sibling is left out too).
        #expect(report.trainingIDs == ["s1p1": [], "s1p2": []])
        for p in report.predictions {
            let session = SessionEstimator(targetCelsius: 70, prior: FitPrior.resolve(cut: nil, priors: []))
            for r in cook where r.elapsedSeconds <= p.atSeconds { session.update(r) }
            let channel = p.id == "s1p1" ? 1 : 2
            let live = try #require(session.estimator(channel: channel)).estimate(atSeconds: p.atSeconds)
            #expect(live.finishSeconds == p.finishSeconds, "\(p.id) @\(p.fraction)")
        }
    }

    /// No leakage between the probes of one cook: when a probe is predicted, none of its session's
    /// probes is in the priors it is predicted with, and every probe of every other cook is.
    @Test func backtestLeavesTheWholeSessionOut() throws {
        let box = try Box()
        defer { box.cleanup() }
        try Self.storeCook(Self.iBBQCook(taus: [4_700, 6_500, 5_200], hours: 5), probes: 3, in: box.store, start: 0)
        try Self.storeCook(Self.iBBQCook(taus: [5_000], hours: 4), probes: 1, in: box.store, start: 1)
        try Self.storeCook(Self.iBBQCook(taus: [6_000, 4_000], hours: 5), probes: 2, in: box.store, start: 2)
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        let (cooks, skipped) = try job.load(sessionIDs: [], cut: nil)
        #expect(skipped.isEmpty)
        #expect(cooks.map(\.id) == ["s1p1", "s1p2", "s1p3", "s2", "s3p1", "s3p2"])
        let report = try job.backtest(cooks)
        let all = Set(cooks.map(\.id))
        for cook in cooks {
            let siblings = Set(cooks.filter { $0.sessionID == cook.sessionID }.map(\.id))
            let training = try #require(report.trainingIDs[cook.id])
            #expect(Set(training).isDisjoint(with: siblings), "\(cook.id) learned from \(training)")
            #expect(Set(training) == all.subtracting(siblings), "\(cook.id)")
        }
    }

    /// A database fitted before `fit` learned from every probe holds one summary for a session of
    /// several probes, of its primary probe: a refit of other sessions fits it again for the
    /// priors, as it does a session never fitted.
    @Test func aSessionWithAProbeNeverFittedIsFittedAgain() throws {
        let box = try Box()
        defer { box.cleanup() }
        let id = try Self.storeCook(Self.iBBQCook(taus: [4_700, 6_500], hours: 4), probes: 2, in: box.store, start: 0)
        try box.store.replaceFits(
            FitRecord(
                elapsedSeconds: 9_000, channel: 1, model: PriorSet.modelName, parameters: ["total_h": 2.5],
                etaSeconds: 9_000, etaLowSeconds: nil, etaHighSeconds: nil, phase: FitJob.donePhase),
            session: id)
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        #expect(try job.unfittedSessionIDs() == [id])
        let (cooks, skipped) = try job.load(sessionIDs: [id], cut: nil)
        try job.refit(cooks, skipped: skipped)
        #expect(try job.unfittedSessionIDs().isEmpty)
    }

    /// A probe with a cut and target of its own (`live --cut 2=chicken --target 2=60`) is fitted
    /// to them and teaches its own cut's prior; a probe with no target at all is named.
    @Test func aProbeIsFittedToItsOwnCutAndTarget() throws {
        let box = try Box()
        defer { box.cleanup() }
        let cuts = CutCatalog(profiles: [
            CutProfile(
                name: "brisket", defaultTargetCelsius: 95, safeMinimumCelsius: 63, typicalAmbientCelsius: 115,
                stalls: true),
            CutProfile(
                name: "chicken", defaultTargetCelsius: 74, safeMinimumCelsius: 74, typicalAmbientCelsius: 200,
                stalls: false),
        ])
        // Probe 1 reaches the session's 95 C in 2 hours; probe 2 is at 64 C after 5 hours.
        let cook = Self.iBBQCook(taus: [4_700, 25_000], hours: 5)
        let goals = [
            ChannelInfo(channel: 1, name: "probe 1"),
            ChannelInfo(channel: 2, name: "probe 2", cut: "chicken", targetCelsius: 60),
            ChannelInfo(channel: 3, name: "pit", role: .ambient),
        ]
        let id = try box.store.createSession(
            SessionInfo(startedAtUnixMs: 0, cut: "brisket", targetCelsius: 95, source: "test", status: .finished),
            channels: goals)
        _ = try box.store.append(cook, session: id)
        // A cook with no target of its own but for probe 2's (its readings a second later: a cook
        // of its own, not the first one's, `FitJob.sameHeadSessions`).
        let other = try box.store.createSession(
            SessionInfo(startedAtUnixMs: 1, source: "test", status: .finished),
            channels: goals.map { c in
                var c = c
                c.cut = nil
                return c
            })
        _ = try box.store.append(cook.map { $0.shifted(bySeconds: 1) }, session: other)
        // The pit's own file imported alone (an iGrill's Ambient): no meat, said as such, not as
        // a missing target.
        let pitOnly = try box.store.createSession(
            SessionInfo(startedAtUnixMs: 2, source: "test", status: .finished),
            channels: [ChannelInfo(channel: 1, name: "Ambient", role: .ambient)])
        _ = try box.store.append(
            [Reading(channel: 1, elapsedSeconds: 0, probeCelsius: nil, ambientCelsius: 120)], session: pitOnly)

        let job = FitJob(store: box.store, catalog: cuts)
        let (cooks, skipped) = try job.load(sessionIDs: [], cut: nil)
        #expect(cooks.map(\.id) == ["s1p1", "s1p2", "s2p2"])
        #expect(cooks.map(\.targetCelsius) == [95, 60, 60])
        #expect(cooks.map(\.summary.cut) == ["brisket", "chicken", "generic"])
        let message = skipped.map { $0.description(unit: .celsius) }
        #expect(
            message == [
                "session 2 probe 1: no target and no cut to take one from",
                "session 3: no meat probe, only the pit's air",
            ], "\(message)")
        try job.refit(cooks, skipped: skipped)
        #expect(try job.unfittedSessionIDs().isEmpty)
        let learned = try job.learnPriors(refitted: cooks, nowUnixMs: 0)
        #expect(learned.priors.map(\.cut) == ["brisket", "chicken", "generic"])
        #expect(learned.priors.map(\.cookCount) == [1, 1, 2])  // generic: sessions 1 and 2
        // The stored rows teach the same: each probe's cut is its own.
        #expect(try job.learnPriors(refitted: [], nowUnixMs: 0).priors == learned.priors)
        // `fit --cut chicken` takes the chicken probe, not the brisket one of its session; its id
        // still counts both.
        #expect(try job.load(sessionIDs: [], cut: "chicken").cooks.map(\.id) == ["s1p2"])
    }

    /// A session of one probe is fitted as before: its readings as stored (its own air on each),
    /// its id the session's.
    @Test func aSessionOfOneProbeIsFittedFromItsReadingsAsStored() throws {
        let box = try Box()
        defer { box.cleanup() }
        let cook = Self.iBBQCook(taus: [5_000], hours: 4).filter { $0.channel == 1 }.map { r in
            var r = r
            r.ambientCelsius = Self.pit(r.elapsedSeconds)
            return r
        }
        try Self.storeCook(cook, probes: 1, in: box.store, start: 0)
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        let (cooks, _) = try job.load(sessionIDs: [], cut: nil)
        let stored = try #require(cooks.first)
        #expect(cooks.count == 1 && stored.id == "s1")
        let readings = try box.store.readings(session: 1, channel: 1)
        #expect(
            stored.summary
                == PriorSet.summarize(
                    id: "s1", readings: readings, targetCelsius: 70, cut: nil, finishSeconds: stored.finishSeconds))
    }
}
