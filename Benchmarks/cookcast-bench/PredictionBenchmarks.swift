/// Prediction benchmarks (fitter per tick, predict on 24 h, fit throughput): filled in with the fitter.
struct PredictionBenchmarks {
    let harness: BenchmarkHarness
    let quick: Bool
    let directory: String

    func run() throws -> [BenchmarkHarness.Result] { [] }
}
