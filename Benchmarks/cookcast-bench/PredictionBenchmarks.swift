import CookcastCore
import CookcastEngine
import CookcastFit
import CookcastIngest
import CookcastStore
import Foundation

/// Prediction benchmarks: fitter + estimator per tick (flat from 1 h to 24 h of history),
/// `predict` over a 24 h cook at 2 Hz, and `fit` throughput over stored sessions.
struct PredictionBenchmarks {
    let harness: BenchmarkHarness
    let quick: Bool
    let directory: String

    /// A 24 h cook at 2 Hz (172,800 readings): a large roast heating slowly in a 115 C pit, with
    /// noise, towards `targetCelsius`, which it reaches at about 26 h: at every point of the file
    /// the estimator is still predicting, late in the cook with its whole ladder (the slope blend,
    /// the late approach fits). The target was 120 C, above the pit: every grid step then took the
    /// cheap "unreachable" exit, and the figures flattered the per-tick p99 (about 120 against
    /// 150-170 us) and `predict` (590 against 660 ms).
    static func longCook(hours: Double, hz: Double = 2) -> [Reading] {
        let n = Int(hours * 3600 * hz)
        var rng = SystemRandomNumberGenerator()
        return (0..<n).map { i in
            let t = Double(i) / hz
            let core = 110 - 105 * exp(-t / 40_000) + 3 * exp(-t / 4_000)
            let noise = Double.random(in: -0.1...0.1, using: &rng)
            return Reading(elapsedSeconds: t, probeCelsius: core + noise, ambientCelsius: 115 + noise * 10)
        }
    }

    /// `longCook`'s roast read every 7 s, give or take half a second (a probe that notifies when
    /// it likes): its grid points, dated at their readings' mean time to the second, are 28-32 s
    /// apart, so the fitter's steps change length (`ConductionFitter.decayCache`) where 2 Hz
    /// readings give 30 s every time.
    static func irregularCook(hours: Double) -> [Reading] {
        var rng = SystemRandomNumberGenerator()
        var out: [Reading] = []
        var t = 0.0
        while t < hours * 3600 {
            let core = 110 - 105 * exp(-t / 40_000) + 3 * exp(-t / 4_000)
            let noise = Double.random(in: -0.1...0.1, using: &rng)
            out.append(Reading(elapsedSeconds: t, probeCelsius: core + noise, ambientCelsius: 115 + noise * 10))
            t += 7 + Double.random(in: -0.5...0.5, using: &rng)
        }
        return out
    }

    /// One `ETAEstimator` fed `readings` before `timedFrom`, then each later tick timed (update +
    /// estimate): the median and, in the p90 column, the p99, in microseconds.
    static func perTick(_ readings: ArraySlice<Reading>, timedFrom history: Int, name: String)
        -> BenchmarkHarness.Result
    {
        let estimator = ETAEstimator(targetCelsius: targetCelsius, prior: .generic)
        for r in readings.prefix(history) { estimator.update(r) }
        var samples: [Double] = []
        samples.reserveCapacity(readings.count - history)
        let clock = ContinuousClock()
        for r in readings.dropFirst(history) {
            let start = clock.now
            estimator.update(r)
            blackHole(estimator.estimate(atSeconds: r.elapsedSeconds))
            samples.append((clock.now - start).inSeconds * 1e6)
        }
        return BenchmarkHarness.Result(
            name: name, median: Quantile.invertedCDF(samples, 0.5), p90: Quantile.invertedCDF(samples, 0.99),
            unit: "us/tick", higherIsBetter: false, ratio: nil, target: "median <= 20 us, p99 <= 200 us")
    }

    /// Target of `longCook`, Celsius.
    static let targetCelsius = 100.0

    /// What `live` does with each reading of a cook of three probes and a pit channel, 1 Hz each:
    /// `SessionETAProvider` takes the reading and says what the ETA is at that moment (the
    /// session's, the fits to store, the done verdicts). An hour of history, then 2,000 readings
    /// timed one by one; the probes heat at different rates towards a target none reaches.
    static func liveETAPerReading() -> BenchmarkHarness.Result {
        let taus = [20_000.0, 30_000, 40_000]
        var rng = SystemRandomNumberGenerator()
        func readings(atSecond s: Int) -> [Reading] {
            let t = Double(s)
            let noise = Double.random(in: -0.1...0.1, using: &rng)
            var out: [Reading] = []
            for (i, tau) in taus.enumerated() {
                let core: Double = 110 - 105 * exp(-t / tau)
                out.append(Reading(channel: i + 1, elapsedSeconds: t, probeCelsius: core + noise, ambientCelsius: nil))
            }
            out.append(Reading(channel: 4, elapsedSeconds: t, probeCelsius: nil, ambientCelsius: 115 + noise * 10))
            return out
        }
        let provider = SessionETAProvider(targetCelsius: targetCelsius, cut: nil, priors: [])
        let historySeconds = 3600
        for s in 0..<historySeconds {
            for r in readings(atSecond: s) {
                provider.update(with: r)
                blackHole(provider.moment(atSeconds: r.elapsedSeconds))
            }
        }
        let timed = (historySeconds..<(historySeconds + 500)).flatMap { readings(atSecond: $0) }
        var samples: [Double] = []
        samples.reserveCapacity(timed.count)
        let clock = ContinuousClock()
        for r in timed {
            let start = clock.now
            provider.update(with: r)
            blackHole(provider.moment(atSeconds: r.elapsedSeconds))
            samples.append((clock.now - start).inSeconds * 1e6)
        }
        return BenchmarkHarness.Result(
            name: "live ETA per reading, 3 probes + pit, 1 h (p90 col = p99)",
            median: Quantile.invertedCDF(samples, 0.5), p90: Quantile.invertedCDF(samples, 0.99),
            unit: "us/reading", higherIsBetter: false, ratio: nil, target: nil)
    }

    func run() throws -> [BenchmarkHarness.Result] {
        var results: [BenchmarkHarness.Result] = []
        let day = Self.longCook(hours: 24)
        // Per tick: feed the history, then time each of the next ticks (update + estimate).
        for hours in [1.0, 24.0] {
            let history = Int(hours * 3600 * 2) - 2_000
            results.append(
                Self.perTick(
                    day[..<(history + 2_000)], timedFrom: history,
                    name: "fitter+estimator per tick, \(Int(hours)) h history (p90 col = p99)"))
        }
        // The same roast read every 7 +- 0.5 s: an hour, then 2,000 ticks (about four hours) timed, so
        // that the p99 is the 20th slowest and not a single disturbed step.
        let irregular = Self.irregularCook(hours: 6)
        let history = irregular.prefix { $0.elapsedSeconds < 3600 }.count
        results.append(
            Self.perTick(
                irregular[..<(history + 2_000)], timedFrom: history,
                name: "fitter+estimator per tick, 1 h, a reading every 7+-0.5 s (p90 col = p99)"))
        results.append(Self.liveETAPerReading())
        results.append(
            harness.measure(
                "predict over a 24 h cook at 2 Hz (172,800 readings)", unit: "ms/predict",
                higherIsBetter: false, latencyScale: 1e3, target: "<= 1000 ms"
            ) {
                let e = Predictor.predict(readings: day, targetCelsius: Self.targetCelsius, cut: nil, priors: [])
                blackHole(e)
                return 1
            })
        // What `cookcast predict FILE` does: read and parse the CSV log, then predict.
        let csvPath = directory + "/day.csv"
        var csv = "t_s,probe_c,ambient_c\n"
        csv.reserveCapacity(day.count * 24)
        for r in day {
            csv += "\(r.elapsedSeconds),\(r.probeCelsius ?? .nan),\(r.ambientCelsius ?? .nan)\n"
        }
        try csv.write(toFile: csvPath, atomically: true, encoding: .utf8)
        results.append(
            try harness.measure(
                "predict FILE: parse a 24 h CSV at 2 Hz + predict", unit: "ms/predict", higherIsBetter: false,
                latencyScale: 1e3, target: "<= 1000 ms wall"
            ) {
                let readings = try ReplayFile.load(path: csvPath).readings()
                blackHole(
                    Predictor.predict(readings: readings, targetCelsius: Self.targetCelsius, cut: nil, priors: []))
                return 1
            })
        // fit: store a few finished cooks, then refit them all through the same job as `cookcast
        // fit`. `fit` learns only from cooks that reached their target and are not being recorded,
        // so each is finished, with a target its probe reached near its end; the job must fit
        // every one, or the figure would time a job that skipped them.
        let path = directory + "/fit.db"
        let store = try SessionStore(path: path)
        var total = 0
        let lengths = quick ? [4.0, 12.0] : [4.0, 12.0, 24.0]
        for (i, hours) in lengths.enumerated() {
            let readings = Array(Self.longCook(hours: hours).prefix(Int(hours * 7200)))
            let reached = readings.suffix(600).compactMap(\.probeCelsius).min() ?? 0
            let id = try store.createSession(
                SessionInfo(
                    startedAtUnixMs: Int64(i), cut: "brisket", targetCelsius: reached, source: "bench",
                    status: .finished),
                channels: [ChannelInfo(channel: 1)])
            try store.append(readings, session: id)
            total += readings.count
        }
        let catalog = CutCatalog(profiles: [])
        results.append(
            try harness.measure(
                "fit over stored sessions (load + refit)", unit: "readings/s", higherIsBetter: true,
                target: ">= 1,000,000 readings/s"
            ) {
                let job = FitJob(store: store, catalog: catalog)
                let (cooks, skipped) = try job.load(sessionIDs: [], cut: nil)
                let summaries = try job.refit(cooks)
                guard summaries.count == lengths.count else {
                    throw BenchmarkError.invalid("fit refit \(summaries.count) of \(lengths.count) cooks: \(skipped)")
                }
                blackHole(summaries)
                return total
            })
        return results
    }
}
