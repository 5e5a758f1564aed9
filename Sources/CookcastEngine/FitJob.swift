import CookcastCore
import CookcastFit
import CookcastStore
import Dispatch
import Foundation

/// `cookcast fit`: refit stored cooks, store per-session parameters, learn per-cut priors, and
/// backtest (leave-one-out) with the same estimator the live pipeline runs.
public final class FitJob {
    /// One stored cook prepared for fitting: its primary meat channel.
    public struct StoredCook: Sendable {
        public var sessionID: Int64
        public var info: SessionInfo
        public var cut: CutProfile?
        public var channel: Int
        public var readings: [Reading]
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

    /// Loads sessions (all when `sessionIDs` is empty), optionally only one cut. Sessions without
    /// probe readings or a target are skipped with a reason.
    public func load(sessionIDs: [Int64], cut cutFilter: String?) throws -> (cooks: [StoredCook], skipped: [String]) {
        let ids = sessionIDs.isEmpty ? try store.sessionIDs() : sessionIDs
        // Metadata first (cheap), then the readings of every cook in parallel, each worker on its
        // own read-only connection (WAL lets readers run side by side).
        var plans: [(id: Int64, info: SessionInfo, cut: CutProfile?, meat: [Int], target: Double)] = []
        var skipped: [String] = []
        for id in ids {
            guard let info = try store.session(id) else {
                skipped.append("session \(id): not found")
                continue
            }
            let cut = info.cut.flatMap(catalog.profile(named:))
            if let cutFilter, CutCatalog.normalized(cutFilter) != cut?.name,
                CutCatalog.normalized(cutFilter) != info.cut
            {
                continue
            }
            guard let target = info.targetCelsius ?? cut?.defaultTargetCelsius else {
                skipped.append("session \(id): no target and no cut to take one from")
                continue
            }
            let meat = try store.channels(session: id).filter { $0.role == .meat }.map(\.channel).sorted()
            plans.append((id, info, cut, meat.isEmpty ? [1] : meat, target))
        }
        let loaded = ResultSlots<(channel: Int, readings: [Reading], finish: Double?)>(count: plans.count)
        let failures = ResultSlots<String>(count: plans.count)
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
                    loaded[i] = (channel, readings, finish)
                    return
                }
                failures[i] = "session \(plan.id): no probe readings"
            } catch {
                failures[i] = "session \(plan.id): \(error)"
            }
        }
        var cooks: [StoredCook] = []
        for (i, plan) in plans.enumerated() {
            guard let cook = loaded[i] else {
                skipped.append(failures[i] ?? "session \(plan.id): not loaded")
                continue
            }
            let vendor = try store.series(session: plan.id).first {
                $0.name == NamedSeries.vendorPredictedRemainingSeconds && $0.channel == cook.channel
            }
            cooks.append(
                StoredCook(
                    sessionID: plan.id, info: plan.info, cut: plan.cut, channel: cook.channel, readings: cook.readings,
                    targetCelsius: plan.target, finishSeconds: cook.finish, vendorRemaining: vendor))
        }
        return (cooks, skipped)
    }

    /// Fits each cook and stores its parameters as the session's one `fits` row of model
    /// `cook_summary` (replacing the one an earlier `fit` stored); returns the summaries.
    public func refit(_ cooks: [StoredCook]) throws -> [CookSummary] {
        // Cooks are independent and `summarize` is pure: fit them on every core, store in order.
        let results = ResultSlots<CookSummary>(count: cooks.count)
        DispatchQueue.concurrentPerform(iterations: cooks.count) { i in
            let cook = cooks[i]
            results[i] = PriorSet.summarize(
                id: cook.id, readings: cook.readings, targetCelsius: cook.targetCelsius,
                cut: cook.cut, finishSeconds: cook.finishSeconds)
        }
        var summaries: [CookSummary] = []
        for (cook, summary) in zip(cooks, results.values) {
            let end = cook.finishSeconds ?? cook.readings.last?.elapsedSeconds ?? 0
            try store.replaceFits(
                FitRecord(
                    elapsedSeconds: end, channel: cook.channel, model: PriorSet.modelName,
                    parameters: summary.parameters, etaSeconds: cook.finishSeconds,
                    etaLowSeconds: nil, etaHighSeconds: nil,
                    phase: cook.finishSeconds == nil ? "unfinished" : "done"),
                session: cook.sessionID)
            summaries.append(summary)
        }
        return summaries
    }

    /// Sessions with no stored `cook_summary` (never fitted), ascending. A refit of some sessions
    /// fits these too, so that the priors learned from every stored summary cover every cook.
    public func unfittedSessionIDs() throws -> [Int64] {
        let fitted = try store.latestFits(model: PriorSet.modelName)
        return try store.sessionIDs().filter { fitted[$0] == nil }
    }

    /// Learns per-cut priors (and one `generic`) from the stored summary of EVERY session, the
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
            guard let fit = stored[id], let info = try store.session(id) else { continue }
            let cut = info.cut.flatMap(catalog.profile(named:))?.name ?? "generic"
            summaries.append(CookSummary(id: "s\(id)", cut: cut, parameters: fit.parameters))
        }
        let priors = PriorSet.learn(summaries, updatedAtUnixMs: nowUnixMs)
        try store.replacePriors(model: PriorSet.modelName, with: priors)
        return (priors, summaries.count)
    }

    /// Leave-one-out backtest over the cooks that reached their target: each cook is predicted
    /// with priors learned from the other cooks only (no shipped priors, which may contain it).
    public func backtest(_ cooks: [StoredCook]) -> BacktestReport {
        let finished = cooks.compactMap { cook -> BacktestCook? in
            guard let finish = cook.finishSeconds, finish > 0 else { return nil }
            return BacktestCook(
                id: cook.id, cutName: cook.cut?.name ?? cook.info.cut ?? "generic", cut: cook.cut,
                readings: cook.readings, targetCelsius: cook.targetCelsius, trueFinishSeconds: finish)
        }
        return Backtest.run(cooks: finished, basePriors: [], leaveOneOut: true)
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

/// Fixed slots written by concurrent workers, each slot by exactly one worker.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }

    /// Every filled slot, in order.
    var values: [Value] { lock.withLock { slots.compactMap { $0 } } }
}
