import CookcastCore
import CookcastFit
import CookcastStore
import Dispatch
import Foundation

/// `cookcast fit`: refit stored cooks, store per-session parameters, learn per-cut priors, and
/// backtest (leave-one-out) with the same estimator the live pipeline runs.
public final class FitJob {
    /// One stored cook prepared for fitting: its primary meat channel, summarised as it was
    /// loaded. Its readings are not kept (a season held at once took 678 MB for 9.4 M readings);
    /// `backtest` reads them again, one cook at a time.
    public struct StoredCook: Sendable {
        public var sessionID: Int64
        public var info: SessionInfo
        public var cut: CutProfile?
        public var channel: Int
        /// How many readings the channel has.
        public var readingCount: Int
        /// Time of the channel's last reading, seconds since the session start (nil without any).
        public var lastSeconds: Double?
        /// `PriorSet.summarize` of the channel's readings, computed when it was loaded.
        public var summary: CookSummary
        public var targetCelsius: Double
        /// When the probe first reached the target (session seconds), nil if it never did.
        public var finishSeconds: Double?
        /// The vendor's own live remaining-time prediction, if the import kept one.
        public var vendorRemaining: NamedSeries?
        /// Identifier used in reports, e.g. `s3`.
        public var id: String { "s\(sessionID)" }
    }

    /// A vendor's prediction next to cookcast's at one checkpoint.
    public struct VendorComparison: Sendable {
        public var cookID: String
        /// The session's name and cut, e.g. `grilled sirloin (beef_roast)`.
        public var cookLabel: String
        public var fraction: Double
        public var cookcastRelativeError: Double
        public var vendorRelativeError: Double?
    }

    private let store: SessionStore
    private let catalog: CutCatalog

    /// Creates the job over `store`, resolving cut names with `catalog`.
    public init(store: SessionStore, catalog: CutCatalog) {
        self.store = store
        self.catalog = catalog
    }

    /// Loads the cooks to learn from: sessions (all when `sessionIDs` is empty), optionally only
    /// one cut, whose probe reached the target and that are not being recorded, each summarised
    /// (`PriorSet.summarize`) as soon as it is read and its readings released, so memory is one
    /// cook per worker, not the database. The others are returned as skips with their reason (no
    /// target, no probe readings, still recording, target never reached, at the target from the start).
    public func load(sessionIDs: [Int64], cut cutFilter: String?) throws -> (cooks: [StoredCook], skipped: [FitSkip]) {
        let ids = sessionIDs.isEmpty ? try store.sessionIDs() : sessionIDs
        // Metadata first (cheap), then the readings of every cook in parallel, each worker on its
        // own read-only connection (WAL lets readers run side by side), summarising the cook it
        // read before it reads the next: only what is summarised is kept.
        var plans: [(id: Int64, info: SessionInfo, cut: CutProfile?, meat: [Int], target: Double)] = []
        var skipped: [FitSkip] = []
        for id in ids {
            guard let info = try store.session(id) else {
                skipped.append(FitSkip(sessionID: id, reason: .notFound))
                continue
            }
            let cut = info.cut.flatMap(catalog.profile(named:))
            if let cutFilter, CutCatalog.normalized(cutFilter) != cut?.name,
                CutCatalog.normalized(cutFilter) != info.cut
            {
                continue
            }
            // A cook being recorded has no end yet: the time it has run is not a time to target.
            guard info.status != .active else {
                skipped.append(FitSkip(sessionID: id, reason: .stillRecording))
                continue
            }
            guard let target = info.targetCelsius ?? cut?.defaultTargetCelsius else {
                skipped.append(FitSkip(sessionID: id, reason: .noTarget))
                continue
            }
            let meat = try store.channels(session: id).filter { $0.role == .meat }.map(\.channel).sorted()
            plans.append((id, info, cut, meat.isEmpty ? [1] : meat, target))
        }
        let loaded = ResultSlots<LoadedChannel>(count: plans.count)
        let failures = ResultSlots<FitSkip>(count: plans.count)
        let path = store.path
        let shared = store
        let snapshot = plans
        DispatchQueue.concurrentPerform(iterations: snapshot.count) { i in
            let plan = snapshot[i]
            do {
                let reader = path == ":memory:" ? shared : try SessionStore(path: path, readOnly: true)
                for channel in plan.meat {
                    let readings = try reader.readings(session: plan.id, channel: channel)
                    guard readings.contains(where: { $0.probeCelsius != nil }) else { continue }
                    let finish = TargetCrossing.firstCrossingSeconds(readings, targetCelsius: plan.target)
                    // Summarised only when it teaches a time to target (see below); the peak only
                    // when it does not, for the skip's message.
                    let summary = finish.flatMap { f in
                        f > 0
                            ? PriorSet.summarize(
                                id: "s\(plan.id)", readings: readings, targetCelsius: plan.target, cut: plan.cut,
                                finishSeconds: f) : nil
                    }
                    let peak =
                        finish == nil ? readings.compactMap(\.probeCelsius).filter(\.isFinite).max() ?? .nan : .nan
                    loaded[i] = LoadedChannel(
                        channel: channel, readingCount: readings.count, lastSeconds: readings.last?.elapsedSeconds,
                        finish: finish, peakCelsius: peak, summary: summary)
                    return
                }
                failures[i] = FitSkip(sessionID: plan.id, reason: .noProbeReadings)
            } catch {
                failures[i] = FitSkip(sessionID: plan.id, reason: .failed("\(error)"))
            }
        }
        var cooks: [StoredCook] = []
        for (i, plan) in plans.enumerated() {
            guard let cook = loaded[i] else {
                skipped.append(failures[i] ?? FitSkip(sessionID: plan.id, reason: .failed("not loaded")))
                continue
            }
            // Only a cook that reached its target teaches a time to target (an imported shoulder
            // pulled at 88 C against the cut's 95 C used to enter the priors with its whole length).
            let last = cook.lastSeconds
            guard let finish = cook.finish else {
                skipped.append(
                    FitSkip(
                        sessionID: plan.id,
                        reason: .targetNotReached(targetCelsius: plan.target, peakCelsius: cook.peakCelsius),
                        channel: cook.channel, lastSeconds: last))
                continue
            }
            guard finish > 0, let summary = cook.summary else {
                skipped.append(
                    FitSkip(
                        sessionID: plan.id, reason: .atTargetFromTheStart(targetCelsius: plan.target),
                        channel: cook.channel, lastSeconds: last))
                continue
            }
            let vendor = try store.series(session: plan.id).first {
                $0.name == NamedSeries.vendorPredictedRemainingSeconds && $0.channel == cook.channel
            }
            cooks.append(
                StoredCook(
                    sessionID: plan.id, info: plan.info, cut: plan.cut, channel: cook.channel,
                    readingCount: cook.readingCount, lastSeconds: last, summary: summary, targetCelsius: plan.target,
                    finishSeconds: finish, vendorRemaining: vendor))
        }
        skipped.sort { $0.sessionID < $1.sessionID }
        return (cooks, skipped)
    }

    /// Stores an `unfinished` summary (no parameters) for each cook skipped because it never
    /// reached its target, replacing any summary an earlier `fit` stored, so it no longer feeds
    /// the priors and is not fitted again as "never fitted".
    public func recordUnfinished(_ skipped: [FitSkip]) throws {
        for skip in skipped where skip.isUnfinishedCook {
            try store.replaceFits(
                FitRecord(
                    elapsedSeconds: skip.lastSeconds ?? 0, channel: skip.channel ?? 1, model: PriorSet.modelName,
                    parameters: [:], etaSeconds: nil, etaLowSeconds: nil, etaHighSeconds: nil,
                    phase: Self.unfinishedPhase),
                session: skip.sessionID)
        }
    }

    /// Phase of a stored summary that priors learn from (the cook reached its target).
    public static let donePhase = "done"
    /// Phase of a stored summary of a cook that never reached its target (not learned from).
    public static let unfinishedPhase = "unfinished"

    /// Stores each cook's fitted parameters (summarised by `load`) as the session's one `fits` row
    /// of model `cook_summary` (replacing the one an earlier `fit` stored); returns the summaries.
    public func refit(_ cooks: [StoredCook]) throws -> [CookSummary] {
        var summaries: [CookSummary] = []
        for cook in cooks {
            let summary = cook.summary
            let end = cook.finishSeconds ?? cook.lastSeconds ?? 0
            try store.replaceFits(
                FitRecord(
                    elapsedSeconds: end, channel: cook.channel, model: PriorSet.modelName,
                    parameters: summary.parameters, etaSeconds: cook.finishSeconds,
                    etaLowSeconds: nil, etaHighSeconds: nil,
                    phase: cook.finishSeconds == nil ? Self.unfinishedPhase : Self.donePhase),
                session: cook.sessionID)
            summaries.append(summary)
        }
        return summaries
    }

    /// Sessions with no stored `cook_summary` (never fitted), ascending. A refit of some sessions
    /// fits these too, so that the priors learned from every stored summary cover every cook.
    public func unfittedSessionIDs() throws -> [Int64] {
        let fitted = try store.latestFits(model: PriorSet.modelName)
        return try store.sessionIDs().filter { id in
            try fitted[id] == nil && store.session(id).map { $0.status != .active } == true
        }
    }

    /// Learns per-cut priors (and one `generic`) from the stored summary of EVERY session whose
    /// cook reached its target and is not being recorded, the
    /// ones just refitted (`refitted`, by session id) taking the place of what was stored, and
    /// replaces the stored priors with them. A refit of some sessions thus changes the priors of
    /// their cuts and the generic one by what those sessions changed, never narrows them to the
    /// sessions refitted.
    /// - Returns: the priors, and how many cooks they were learned from.
    public func learnPriors(
        refitted: [Int64: CookSummary], nowUnixMs: Int64
    ) throws -> (priors: [PriorRecord], cookCount: Int) {
        let stored = try store.latestFits(model: PriorSet.modelName)
        var summaries: [CookSummary] = []
        for id in try store.sessionIDs() {
            if let summary = refitted[id] {
                summaries.append(summary)
                continue
            }
            // Learned from: summaries of cooks that reached their target, not being recorded.
            guard let fit = stored[id], fit.phase == Self.donePhase, let info = try store.session(id),
                info.status != .active
            else { continue }
            let cut = info.cut.flatMap(catalog.profile(named:))?.name ?? "generic"
            summaries.append(CookSummary(id: "s\(id)", cut: cut, parameters: fit.parameters))
        }
        let priors = PriorSet.learn(summaries, updatedAtUnixMs: nowUnixMs)
        try store.replacePriors(model: PriorSet.modelName, with: priors)
        return (priors, summaries.count)
    }

    /// Leave-one-out backtest over the cooks that reached their target: each cook is predicted
    /// with priors learned from the other cooks only (no shipped priors, which may contain it).
    ///
    /// The priors come from the summaries `load` made; each cook's readings are read again when it
    /// is predicted and released after, so memory is the largest cook, not every cook at once.
    public func backtest(_ cooks: [StoredCook]) throws -> BacktestReport {
        let finished = cooks.filter { ($0.finishSeconds ?? 0) > 0 }
        let cases = finished.map { cook in
            BacktestCase(
                id: cook.id, cutName: cook.cut?.name ?? cook.info.cut ?? "generic", cut: cook.cut,
                targetCelsius: cook.targetCelsius, trueFinishSeconds: cook.finishSeconds ?? 0)
        }
        return try Backtest.run(
            cases: cases, summaries: finished.map(\.summary), basePriors: [], leaveOneOut: true
        ) { i in
            try store.readings(session: finished[i].sessionID, channel: finished[i].channel)
        }
    }

    /// The vendor's own prediction at each backtest checkpoint, for cooks that carry one: the
    /// latest vendor point at or before the checkpoint, as finish = t + remaining.
    public func vendorComparison(_ cooks: [StoredCook], report: BacktestReport) -> [VendorComparison] {
        let vendorByID = Dictionary(
            uniqueKeysWithValues: cooks.compactMap { c in c.vendorRemaining.map { (c.id, $0) } })
        let labelByID = Dictionary(
            uniqueKeysWithValues: cooks.map { c in
                (c.id, [c.info.name, c.cut.map { "(\($0.name))" }].compactMap { $0 }.joined(separator: " "))
            })
        return report.predictions.compactMap { p in
            guard let series = vendorByID[p.id] else { return nil }
            let remainingTrue = p.trueFinishSeconds - p.atSeconds
            let vendor = series.points.last { $0.elapsedSeconds <= p.atSeconds }
            let vendorError = vendor.map { abs($0.elapsedSeconds + $0.value - p.trueFinishSeconds) / remainingTrue }
            return VendorComparison(
                cookID: p.id, cookLabel: labelByID[p.id] ?? "", fraction: p.fraction,
                cookcastRelativeError: p.relativeError,
                vendorRelativeError: vendorError)
        }
    }
}

/// What `FitJob.load` keeps of a cook's channel once its readings are released.
private struct LoadedChannel: Sendable {
    var channel: Int
    var readingCount: Int
    var lastSeconds: Double?
    /// When the probe first reached the target, nil if it never did.
    var finish: Double?
    /// The highest finite probe reading, for a cook that never reached its target (else NaN).
    var peakCelsius: Double
    /// The cook's summary when it teaches a time to target (`finish` > 0).
    var summary: CookSummary?
}

/// Fixed slots written by concurrent workers, each slot by exactly one worker.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }
}
