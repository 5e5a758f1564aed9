import CookcastCore
import CookcastFit

/// Leave-one-out accuracy over the stored cooks, and the vendors' own live predictions beside it.
extension FitJob {
    /// A vendor's prediction next to cookcast's at one checkpoint.
    public struct VendorComparison: Sendable {
        public var cookID: String
        /// The session's name and cut, e.g. `grilled sirloin (beef_roast)`.
        public var cookLabel: String
        public var fraction: Double
        public var cookcastRelativeError: Double
        public var vendorRelativeError: Double?
    }

    /// Leave-one-out backtest over the probes that reached their target: each probe is predicted
    /// with priors learned from the other cooks only, leaving out the WHOLE session (its other
    /// probes cooked in the same pit, at the same time: one cook), and no shipped priors or
    /// shipped cooks, which may contain it (a vendor's raw export of a shipped cook does not have
    /// its fingerprint).
    ///
    /// The priors come from the summaries `load` made; each probe's readings are read again (with
    /// the pit's air) when it is predicted and released after, so memory is the largest cook, not
    /// every cook at once.
    public func backtest(_ cooks: [StoredCook]) throws -> BacktestReport {
        let finished = cooks.filter { ($0.finishSeconds ?? 0) > 0 }
        let cases = finished.map { cook in
            BacktestCase(
                id: cook.id, cutName: cook.cut?.name ?? cook.cutName ?? "generic", cut: cook.cut,
                targetCelsius: cook.targetCelsius, trueFinishSeconds: cook.finishSeconds ?? 0,
                group: "s\(cook.sessionID)")
        }
        return try Backtest.run(
            cases: cases, summaries: finished.map(\.summary), basePriors: [], leaveOneOut: true
        ) { i in
            try Self.probeReadings(store, session: finished[i].sessionID, onlyChannel: finished[i].channel)
                .probes.first?.readings ?? []
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
