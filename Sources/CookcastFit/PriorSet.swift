import CookcastCore
import Foundation

/// What one finished cook teaches: its fitted parameters, by name (`PriorSet.parameterNames`).
public struct CookSummary: Sendable, Hashable, Codable {
    /// Cook identifier (file name, session id).
    public var id: String
    /// Canonical cut name.
    public var cut: String
    /// Parameters by name.
    public var parameters: [String: Double]
    /// The cook this is one probe of (`s3` for probe 2 of session 3, `s3p2`); nil for a cook of
    /// one probe. The probes of one cook count as one cook in a prior's `cookCount`.
    public var group: String?
    /// Fingerprint of the cook: of its readings (`ContentHash.of(readings:)`, the session's
    /// `content_hash`) where it was imported, `recorded:` and its start (ms since the Unix epoch)
    /// where `live` recorded it: a shipped summary of a cook that the user's database holds too
    /// is left out, so that the cook is not counted twice.
    public var contentHash: String?

    /// Creates a summary.
    public init(
        id: String, cut: String, parameters: [String: Double], group: String? = nil, contentHash: String? = nil
    ) {
        self.id = id
        self.cut = cut
        self.parameters = parameters
        self.group = group
        self.contentHash = contentHash
    }
}

/// Learning priors from past cooks: summarise each cook with the same estimator the live pipeline
/// runs, then aggregate per cut (mean, covariance, count) into `PriorRecord`s, plus a `generic`
/// record over all cooks. Pure: JSON comes in and goes out as `Data`.
public enum PriorSet {
    /// Model name of the records this module writes and reads.
    public static let modelName = "cook_summary"
    /// Parameters of a summary, in record order: log conduction time constant (log s), mean air
    /// (C), hours on a plateau, plateau temperature (C), hours to target.
    /// `log_eta_scale` is the mean log of (true remaining / predicted remaining) at 50, 75 and 90 %
    /// of the cook, predicted without calibration.
    /// `stall_to_finish_h`: hours from the first plateau's start to the finish (cooks with one);
    /// `stall_finish_ratio`: the same divided by the time it took to reach the plateau (a bigger
    /// piece takes longer for both, so the ratio transfers across sizes better than hours).
    public static let parameterNames = [
        "log_tau_s", "ambient_c", "stall_h", "stall_temp_c", "total_h", "log_eta_scale", "stall_to_finish_h",
        "stall_finish_ratio",
    ]

    /// Fits one finished cook: replays it through `ETAEstimator` and reads the conduction time
    /// constant at the stall onset (or at the finish), the plateau and the total time.
    /// `finishSeconds` is when the target was reached (nil: the last reading).
    public static func summarize(
        id: String, readings: [Reading], targetCelsius: Double, cut: CutProfile?, finishSeconds: Double?
    ) -> CookSummary {
        let name = cut?.name ?? "generic"
        // Bulk mode: the fitter and the plateau tracker see every grid point, but the estimate is
        // only computed at the three checkpoints and at the end (cost per reading ~ a bucket add).
        var config = ETAEstimator.Configuration()
        config.refreshesEachBucket = false
        config.bucketSeconds = 60
        // The Biot number is not learned, so bulk fitting gets by with the coarser Biot grid
        // (steps of 60 %): half the candidates, for `cookcast fit` throughput.
        config.fitter.biots = ConductionFitter.Configuration.coarseBiots
        // Without the profile's guide time: what is learned is the model's own skill on the cook,
        // with no usual time weighed in (the cut's learned cooks are what replace the guide).
        var bare = cut
        bare?.guideTotalHours = nil
        let est = ETAEstimator(
            targetCelsius: targetCelsius, prior: FitPrior.resolve(cut: bare, priors: []), configuration: config)
        let end = finishSeconds ?? (readings.last?.elapsedSeconds ?? 0)
        var airSum = 0.0, airN = 0.0
        var checkpoints = [0.5, 0.75, 0.9].map { $0 * end }
        var logRatios: [Double] = []
        // Readings before time zero are no part of the cook (`ETAEstimator.update`), nor of its air.
        for r in readings where r.elapsedSeconds >= 0 && r.elapsedSeconds <= end {
            while let c = checkpoints.first, r.elapsedSeconds > c {
                checkpoints.removeFirst()
                est.refreshNow()
                let e = est.estimate(atSeconds: c)
                if e.phase == .predicting, e.model == "conduction" || e.model == "slope", let f = e.finishSeconds,
                    f - c > 30
                {
                    logRatios.append(log((end - c) / (f - c)))
                }
            }
            est.update(r)
            if let a = r.ambientCelsius, a.isFinite, ReadingCleaner.ambientRange.contains(a) {
                airSum += a; airN += 1
            }
        }
        est.flush()
        est.refreshNow()
        let tauAtStall = est.preStallTauSeconds
        let tau: Double? = nil
        var p: [String: Double] = [:]
        if let t = tauAtStall ?? tau ?? est.current.parameters["tau_s"] { p["log_tau_s"] = log(t) }
        p["ambient_c"] = airN > 0 ? airSum / airN : (cut?.typicalAmbientCelsius ?? FitPrior.generic.ambientCelsius)
        p["stall_h"] = est.stallHours
        if let st = est.stallTemperatureCelsius, est.stallHours > 0 { p["stall_temp_c"] = st }
        if let s0 = est.firstStallStartSeconds, s0 < end {
            p["stall_to_finish_h"] = (end - s0) / 3600
            let origin = readings.first?.elapsedSeconds ?? 0
            if s0 - origin > 1800 { p["stall_finish_ratio"] = (end - s0) / (s0 - origin) }
        }
        p["total_h"] = end / 3600
        if !logRatios.isEmpty {
            p["log_eta_scale"] = min(1, max(-1, logRatios.reduce(0, +) / Double(logRatios.count)))
        }
        return CookSummary(id: id, cut: name, parameters: p)
    }

    /// Aggregates summaries per cut, plus one `generic` record over all of them. Cooks without a
    /// known cut (summarised as `generic`) count in the generic record only: there is one record
    /// per cut name.
    public static func learn(_ summaries: [CookSummary], updatedAtUnixMs: Int64 = 0) -> [PriorRecord] {
        var byCut: [String: [CookSummary]] = [:]
        for s in summaries where s.cut != "generic" { byCut[s.cut, default: []].append(s) }
        var out: [PriorRecord] = []
        for cut in byCut.keys.sorted() {
            out.append(record(cut: cut, byCut[cut] ?? [], at: updatedAtUnixMs))
        }
        if !summaries.isEmpty { out.append(record(cut: "generic", summaries, at: updatedAtUnixMs)) }
        return out
    }

    /// One cut's record. Its mean and covariance are over every probe's summary, its cook count
    /// over cooks: three probes in one brisket are one brisket, not three, and the stall's past
    /// cooks are weighed by that count against the physics (`stallPriorPseudoCount`).
    static func record(cut: String, _ s: [CookSummary], at: Int64) -> PriorRecord {
        let names = parameterNames
        let k = names.count
        var mean = [Double](repeating: 0, count: k)
        var cov = [Double](repeating: 0, count: k * k)
        let rows: [[Double]] = s.map { c in names.map { c.parameters[$0] ?? .nan } }
        for j in 0..<k {
            let v = rows.map { $0[j] }.filter { $0.isFinite }
            mean[j] = v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count)
        }
        for i in 0..<k {
            for j in 0..<k {
                var acc = 0.0, n = 0.0
                for r in rows where r[i].isFinite && r[j].isFinite {
                    acc += (r[i] - mean[i]) * (r[j] - mean[j])
                    n += 1
                }
                cov[i * k + j] = n > 1 ? acc / (n - 1) : 0
            }
        }
        return PriorRecord(
            cut: cut, model: modelName, parameterNames: names, mean: mean, covariance: cov,
            cookCount: Set(s.map { $0.group ?? $0.id }).count, updatedAtUnixMs: at)
    }

    /// Decodes `{"priors": [...]}` (as in `Models/priors.json`) or a bare array of records.
    public static func decode(jsonData: Data) throws -> [PriorRecord] {
        struct File: Codable { var priors: [PriorRecord] }
        if let f = try? JSONDecoder().decode(File.self, from: jsonData) { return f.priors }
        return try JSONDecoder().decode([PriorRecord].self, from: jsonData)
    }

    /// Decodes the per-cook summaries a priors file was learned from (its `cooks` array); none
    /// when the file has no such array (a bare array of records, or a file written before it
    /// was added).
    public static func decodeCooks(jsonData: Data) throws -> [CookSummary] {
        struct File: Codable { var cooks: [CookSummary]? }
        if (try? JSONDecoder().decode([PriorRecord].self, from: jsonData)) != nil { return [] }
        return try JSONDecoder().decode(File.self, from: jsonData).cooks ?? []
    }

    /// Encodes records as `{"comment": ..., "priors": [...], "cooks": [...]}`, sorted keys, pretty
    /// printed: the per-cook summaries they were learned from travel with them, so that a later
    /// `cookcast fit` learns from those cooks and the user's own together (`PriorSet.learn`).
    public static func encode(_ records: [PriorRecord], cooks: [CookSummary], comment: String) throws -> Data {
        struct File: Codable { var comment: String; var priors: [PriorRecord]; var cooks: [CookSummary] }
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try enc.encode(File(comment: comment, priors: records, cooks: cooks))
    }
}
