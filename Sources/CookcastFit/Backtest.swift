import CookcastCore
import Foundation

/// One recorded cook to backtest on.
public struct BacktestCook: Sendable {
    public var id: String
    /// Cut name as given (resolved against `cut`).
    public var cutName: String
    public var cut: CutProfile?
    public var readings: [Reading]
    public var targetCelsius: Double
    /// When the probe first reached the target, seconds since the first reading.
    public var trueFinishSeconds: Double
    /// The cook this is one probe of (`BacktestCase.group`); `id` for a cook of one probe.
    public var group: String

    /// Creates a cook; `group` defaults to `id` (a cook of one probe).
    public init(
        id: String, cutName: String, cut: CutProfile?, readings: [Reading], targetCelsius: Double,
        trueFinishSeconds: Double, group: String? = nil
    ) {
        self.id = id
        self.cutName = cutName
        self.cut = cut
        self.readings = readings
        self.targetCelsius = targetCelsius
        self.trueFinishSeconds = trueFinishSeconds
        self.group = group ?? id
    }
}

/// One prediction of a backtest, scored as in prediction.md.
public struct BacktestPrediction: Sendable, Hashable, Codable {
    public var id: String
    /// The cook this is a probe of (`BacktestCase.group`), `id` for a cook of one probe.
    public var group: String
    public var cut: String
    /// Checkpoint as a fraction of the true time to target.
    public var fraction: Double
    public var atSeconds: Double
    public var trueFinishSeconds: Double
    public var finishSeconds: Double?
    public var lowSeconds: Double?
    public var highSeconds: Double?
    public var phase: String
    public var model: String

    /// |error| / true remaining time (infinite without a prediction).
    public var relativeError: Double {
        guard let f = finishSeconds else { return .infinity }
        return abs(f - trueFinishSeconds) / max(1, trueFinishSeconds - atSeconds)
    }
    /// Signed error in minutes (+ = too late).
    public var errorMinutes: Double? { finishSeconds.map { ($0 - trueFinishSeconds) / 60 } }
    /// Whether the 80 % interval holds the true finish.
    public var covered: Bool {
        guard let lo = lowSeconds, let hi = highSeconds else { return false }
        return lo <= trueFinishSeconds && trueFinishSeconds <= hi
    }
}

/// A backtest's predictions and their summary.
public struct BacktestReport: Sendable {
    public var predictions: [BacktestPrediction]
    /// Cook ids the priors for each tested cook were learned from (leave-one-out: never itself,
    /// nor another probe of its cook, `BacktestCase.group`).
    public var trainingIDs: [String: [String]]

    /// Median of relative error at a checkpoint (all cooks).
    public func median(at fraction: Double) -> Double {
        Quantile.invertedCDF(predictions.filter { abs($0.fraction - fraction) < 1e-9 }.map(\.relativeError), 0.5)
    }

    /// Share of predictions whose 80 % interval holds the truth.
    public var coverage: Double {
        predictions.isEmpty ? 0 : Double(predictions.filter(\.covered).count) / Double(predictions.count)
    }

    /// Share of checkpoints with any estimate.
    public var availability: Double {
        predictions.isEmpty
            ? 0 : Double(predictions.filter { $0.finishSeconds != nil }.count) / Double(predictions.count)
    }

    /// The accuracy table of prediction.md: per cut and overall, the cooks and probes scored,
    /// median and p90 of |err|/remaining over the probes at each checkpoint, coverage and
    /// availability over every checkpoint. The counts are of cooks and probes, not checkpoints:
    /// a column `n` of checkpoints (four a probe) was read as cooks.
    public func table() -> String {
        let fractions = Array(Set(predictions.map(\.fraction))).sorted()
        var lines: [String] = []
        var head = "cut".padding(toLength: 16, withPad: " ", startingAt: 0) + "  cooks  probes"
        for f in fractions { head += String(format: "   @%2.0f%% med/p90", f * 100) }
        head += "   cover  avail"
        lines.append(head)
        let cuts = Array(Set(predictions.map(\.cut))).sorted() + ["ALL"]
        for cut in cuts {
            let ps = cut == "ALL" ? predictions : predictions.filter { $0.cut == cut }
            let counts = String(format: "  %5d  %6d", Set(ps.map(\.group)).count, Set(ps.map(\.id)).count)
            var line = cut.padding(toLength: 16, withPad: " ", startingAt: 0) + counts
            for f in fractions {
                let r = ps.filter { abs($0.fraction - f) < 1e-9 }.map(\.relativeError)
                line += String(format: "   %6.3f/%6.3f", Quantile.invertedCDF(r, 0.5), Quantile.invertedCDF(r, 0.9))
            }
            let cov = ps.isEmpty ? 0 : Double(ps.filter(\.covered).count) / Double(ps.count)
            let av = ps.isEmpty ? 0 : Double(ps.filter { $0.finishSeconds != nil }.count) / Double(ps.count)
            line += String(format: "   %5.2f  %5.2f", cov, av)
            lines.append(line)
        }
        let all = predictions.map(\.relativeError)
        lines.append(
            String(
                format: "overall median %.3f  p90 %.3f", Quantile.invertedCDF(all, 0.5), Quantile.invertedCDF(all, 0.9))
        )
        return lines.joined(separator: "\n")
    }
}

/// Leave-one-out backtests: each cook is predicted with priors learned from the other cooks only
/// (for one probe of a cook of several, from the other cooks' probes: `BacktestCase.group`).
public enum Backtest {
    /// Runs the backtest. With `leaveOneOut` the priors for cook i are `PriorSet.learn` over the
    /// summary of every cook of another group (plus `basePriors` for cuts they do not cover);
    /// without, `basePriors` are used as given.
    public static func run(
        cooks: [BacktestCook], fractions: [Double] = [0.25, 0.5, 0.75, 0.9], basePriors: [PriorRecord] = [],
        leaveOneOut: Bool = true, configuration: ETAEstimator.Configuration = .init()
    ) -> BacktestReport {
        let summaries =
            leaveOneOut
            ? cooks.map { (cook: BacktestCook) -> CookSummary in
                var summary = PriorSet.summarize(
                    id: cook.id, readings: cook.readings, targetCelsius: cook.targetCelsius, cut: cook.cut,
                    finishSeconds: cook.trueFinishSeconds)
                summary.group = cook.group == cook.id ? nil : cook.group
                return summary
            } : []
        return run(
            cases: cooks.map(BacktestCase.init), summaries: summaries, fractions: fractions, basePriors: basePriors,
            leaveOneOut: leaveOneOut, configuration: configuration
        ) { cooks[$0].readings }
    }

    /// Runs the backtest as `run(cooks:...)` does, over cooks whose readings are not held: each
    /// cook's come from `readings(i)` when cook i is predicted, one cook at a time, and are let go
    /// after. With `leaveOneOut`, `summaries[i]` is cook i's `PriorSet.summarize` (with its true
    /// finish), what the priors of the others are learned from; without, it is not read.
    public static func run(
        cases cooks: [BacktestCase], summaries: [CookSummary], fractions: [Double] = [0.25, 0.5, 0.75, 0.9],
        basePriors: [PriorRecord] = [], leaveOneOut: Bool = true, configuration: ETAEstimator.Configuration = .init(),
        readings: (_ index: Int) throws -> [Reading]
    ) rethrows -> BacktestReport {
        precondition(!leaveOneOut || summaries.count == cooks.count, "one summary per cook")
        var preds: [BacktestPrediction] = []
        var training: [String: [String]] = [:]
        for (i, cook) in cooks.enumerated() {
            var priors = basePriors
            if leaveOneOut {
                // Not this cook, nor another probe of it (same group): no leak between probes.
                let others = summaries.enumerated().filter {
                    $0.offset != i && $0.element.id != cook.id && cooks[$0.offset].group != cook.group
                }.map(\.element)
                training[cook.id] = others.map(\.id)
                let learned = PriorSet.learn(others)
                let learnedCuts = Set(learned.map(\.cut))
                priors = learned + basePriors.filter { !learnedCuts.contains($0.cut) }
            }
            let prior = FitPrior.resolve(cut: cook.cut, priors: priors)
            // One replay per cook; each checkpoint takes the latest estimate issued at or before it,
            // what `live` showed at that moment (`Predictor.predict` also closes the bucket the
            // moment falls in, with the readings before it, so its answer can be a little newer).
            let est = ETAEstimator(targetCelsius: cook.targetCelsius, prior: prior, configuration: configuration)
            var k = 0
            let checkpoints = fractions.sorted()
            func emit(_ f: Double) {
                let at = f * cook.trueFinishSeconds
                let e = est.estimate(atSeconds: at)
                preds.append(
                    BacktestPrediction(
                        id: cook.id, group: cook.group, cut: cook.cutName, fraction: f, atSeconds: at,
                        trueFinishSeconds: cook.trueFinishSeconds, finishSeconds: e.finishSeconds,
                        lowSeconds: e.finishLowSeconds, highSeconds: e.finishHighSeconds,
                        phase: e.phase.rawValue, model: e.model))
            }
            for r in try readings(i) {
                while k < checkpoints.count, r.elapsedSeconds > checkpoints[k] * cook.trueFinishSeconds {
                    emit(checkpoints[k])
                    k += 1
                }
                est.update(r)
            }
            while k < checkpoints.count {
                emit(checkpoints[k])
                k += 1
            }
        }
        return BacktestReport(predictions: preds, trainingIDs: training)
    }
}
