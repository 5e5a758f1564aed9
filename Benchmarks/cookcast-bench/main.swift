import Foundation

// cookcast-bench: release-build benchmarks. `--quick` for CI, `--json` for machines.
// Every figure is a median over repetitions after a warm-up, with p90, and ratios to a plain
// SQLite loop measured in the same run.

let arguments = Set(CommandLine.arguments.dropFirst())
let unknown = arguments.subtracting(["--quick", "--json", "--help"])
if arguments.contains("--help") || !unknown.isEmpty {
    if !unknown.isEmpty {
        FileHandle.standardError.write(Data("cookcast-bench: unknown option \(unknown.sorted()[0])\n".utf8))
    }
    print("usage: cookcast-bench [--quick] [--json]   (build with -c release)")
    exit(unknown.isEmpty ? 0 : 64)
}
let quick = arguments.contains("--quick")
let harness = BenchmarkHarness(repetitions: quick ? 5 : 15, warmups: 1)
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-bench-\(getpid())").path
try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }

var results: [BenchmarkHarness.Result] = []
do {
    results += DecodeBenchmarks(harness: harness, packets: quick ? 200_000 : 2_000_000).run()
    results += try StoreBenchmarks(
        harness: harness, batchRows: quick ? 50_000 : 200_000, singleCommits: quick ? 500 : 2_000,
        directory: directory
    ).run()
    results += try PredictionBenchmarks(harness: harness, quick: quick, directory: directory).run()
} catch {
    FileHandle.standardError.write(Data("cookcast-bench: \(error)\n".utf8))
    exit(74)
}
#if DEBUG
    FileHandle.standardError.write(
        Data("cookcast-bench: warning: debug build; run with -c release for real figures\n".utf8))
#endif
print(BenchmarkReport(results: results).render(json: arguments.contains("--json")))
