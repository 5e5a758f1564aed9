import CookcastCore

/// Puts a separately logged pit/ambient probe next to meat readings taken at other moments.
///
/// Rule (the one the normalised copies in `data/cooks/` were made with, verified on the
/// ThermoPro, heat-ledger and iGrill exports): a meat reading at time t gets the first ambient
/// sample at or after t; after the last ambient sample it gets the last one. No interpolation,
/// so every stored ambient value is one the device really reported.
struct AmbientAligner {
    private let times: [Double]
    private let values: [Double]

    /// Samples as (time, Celsius), sorted by time here.
    init(_ samples: [(time: Double, celsius: Double)]) {
        let sorted = samples.sorted { $0.time < $1.time }
        times = sorted.map(\.time)
        values = sorted.map(\.celsius)
    }

    var isEmpty: Bool { times.isEmpty }

    /// The ambient value for a meat reading at `time` (same clock as the samples).
    func ambient(at time: Double) -> Double? {
        guard !times.isEmpty else { return nil }
        var lo = 0, hi = times.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] < time { lo = mid + 1 } else { hi = mid }
        }
        return values[min(lo, times.count - 1)]
    }
}

/// Shared pieces of building a `RecordedCook` from parsed rows.
enum CookAssembly {
    /// Session metadata for an imported cook: `--cut`/`--name`/`--target` override the file (a
    /// cut guessed from the file is only a default), status `.imported`, source
    /// `import:<format>`, content hash of the files.
    static func info(
        format: String, files: [ImportFile], options: ImportOptions, startedAtUnixMs: Int64,
        endedAtUnixMs: Int64?, utcOffsetSeconds: Int?, fileCut: String?, fileTarget: Double?, fileName: String?,
        probeId: String? = nil, notes: [String] = [], hashSuffix: String? = nil
    ) -> SessionInfo {
        SessionInfo(
            startedAtUnixMs: startedAtUnixMs, endedAtUnixMs: endedAtUnixMs,
            cut: options.resolvedCut(fromFile: fileCut), name: options.name ?? fileName,
            targetCelsius: options.targetCelsius ?? fileTarget, probeId: probeId, source: "import:\(format)",
            notes: notes.isEmpty ? nil : notes.joined(separator: "; "), status: .imported,
            utcOffsetSeconds: utcOffsetSeconds, contentHash: ContentHash.of(files, suffix: hashSuffix))
    }

    /// Milliseconds from seconds, rounded.
    static func ms(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }

    /// Elapsed seconds rounded to the millisecond, so values survive storage as `t_ms` unchanged.
    static func roundedSeconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}
