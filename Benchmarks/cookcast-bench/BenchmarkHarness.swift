import CookcastCore
import Foundation

/// Times a body repeatedly after a warm-up and reports median and p90 (style rule 11).
struct BenchmarkHarness {
    /// One measured figure.
    struct Result {
        var name: String
        /// Median of the per-repetition values.
        var median: Double
        /// 90th percentile of the per-repetition values (worst 10 %).
        var p90: Double
        /// Unit of `median`/`p90`, e.g. `rows/s` or `us/commit`.
        var unit: String
        /// Whether larger values are better (throughputs) or smaller (latencies).
        var higherIsBetter: Bool
        /// Ratio to the baseline measured in the same run, if any, with its label.
        var ratio: (label: String, value: Double)?
        /// Target from the issues, for the report.
        var target: String?
    }

    var repetitions: Int
    var warmups: Int

    /// Runs `body` `warmups + repetitions` times; `body` returns the work count (rows, packets)
    /// and the result is `count / seconds` (throughput) or `seconds * scale / count` (latency).
    func measure(
        _ name: String, unit: String, higherIsBetter: Bool, latencyScale: Double = 1e6,
        target: String? = nil, _ body: () throws -> Int
    ) rethrows -> Result {
        for _ in 0..<warmups { _ = try body() }
        var values: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            let count = try body()
            let elapsed = (ContinuousClock.now - start).inSeconds
            values.append(higherIsBetter ? Double(count) / elapsed : elapsed * latencyScale / Double(max(count, 1)))
        }
        return Result(
            name: name, median: Quantile.invertedCDF(values, 0.5),
            p90: Quantile.invertedCDF(values, higherIsBetter ? 0.1 : 0.9),
            unit: unit, higherIsBetter: higherIsBetter, ratio: nil, target: target)
    }
}

/// Keeps results alive so the optimiser cannot drop the measured work.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
