import CookcastCore
import CookcastFit
import CookcastStore

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
        let ids = sessionIDs.isEmpty ? try store.sessions().map(\.id) : sessionIDs
        var cooks: [StoredCook] = []
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
            let channels = try store.channels(session: id)
            let meat = channels.filter { $0.role == .meat }.map(\.channel).sorted()
            let all = try store.readings(session: id)
            guard
                let channel = (meat.isEmpty ? [1] : meat).first(where: { ch in
                    all.contains { $0.channel == ch && $0.probeCelsius != nil }
                })
            else {
                skipped.append("session \(id): no probe readings")
                continue
            }
            guard let target = info.targetCelsius ?? cut?.defaultTargetCelsius else {
                skipped.append("session \(id): no target and no cut to take one from")
                continue
            }
            let readings = all.filter { $0.channel == channel }
            let vendor = try store.series(session: id).first {
                $0.name == NamedSeries.vendorPredictedRemainingSeconds && $0.channel == channel
            }
            cooks.append(
                StoredCook(
                    sessionID: id, info: info, cut: cut, channel: channel, readings: readings, targetCelsius: target,
                    finishSeconds: TargetCrossing.firstCrossingSeconds(readings, targetCelsius: target),
                    vendorRemaining: vendor))
        }
        return (cooks, skipped)
    }

    /// Fits each cook, stores its parameters as a `fits` row (model `cook_summary`), returns the summaries.
    public func refit(_ cooks: [StoredCook]) throws -> [CookSummary] {
        var summaries: [CookSummary] = []
        for cook in cooks {
            let summary = PriorSet.summarize(
                id: cook.id, readings: cook.readings, targetCelsius: cook.targetCelsius,
                cut: cook.cut, finishSeconds: cook.finishSeconds)
            let end = cook.finishSeconds ?? cook.readings.last?.elapsedSeconds ?? 0
            try store.append(
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

    /// Aggregates summaries into per-cut priors and saves them in the database.
    public func learnPriors(from summaries: [CookSummary], nowUnixMs: Int64) throws -> [PriorRecord] {
        let priors = PriorSet.learn(summaries, updatedAtUnixMs: nowUnixMs)
        for p in priors { try store.save(p) }
        return priors
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
        return report.predictions.compactMap { p in
            guard let series = vendorByID[p.id] else { return nil }
            let remainingTrue = p.trueFinishSeconds - p.atSeconds
            let vendor = series.points.last { $0.elapsedSeconds <= p.atSeconds }
            let vendorError = vendor.map { abs($0.elapsedSeconds + $0.value - p.trueFinishSeconds) / remainingTrue }
            return VendorComparison(
                cookID: p.id, fraction: p.fraction, cookcastRelativeError: p.relativeError,
                vendorRelativeError: vendorError)
        }
    }
}
