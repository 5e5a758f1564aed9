import CookcastCore
import Foundation
@testable import CookcastIngest

/// Helpers shared by the simulator tests: decode a run and measure it.
enum SimulationSupport {
    /// Decodes every packet of `events` with the seed decoder.
    static func decode(_ events: [SourceEvent]) -> (readings: [Reading], statuses: Int, failures: Int) {
        let decoder = SeedProbeDecoder()
        var readings: [Reading] = []
        var statuses = 0
        var failures = 0
        for case .packet(let bytes, let t, let channel) in events {
            switch decoder.decode(bytes, elapsedSeconds: t, channel: channel) {
            case .reading(let r): readings.append(r)
            case .readings(let rs): readings += rs
            case .status: statuses += 1
            case .failure: failures += 1
            }
        }
        return (readings, statuses, failures)
    }

    /// Probe temperature as 10-minute medians: (bin centre seconds, median Celsius).
    static func binnedProbe(_ readings: [Reading], binSeconds: Double = 600) -> [(Double, Double)] {
        var bins: [Int: [Double]] = [:]
        for r in readings {
            guard let p = r.probeCelsius else { continue }
            bins[Int(r.elapsedSeconds / binSeconds), default: []].append(p)
        }
        return bins.sorted { $0.key < $1.key }.map { key, unsorted in
            let values = unsorted.sorted()
            return ((Double(key) + 0.5) * binSeconds, values[values.count / 2])
        }
    }

    /// Longest stretch (hours) in which the probe stays in 60...80 C and rises < 3 C/h,
    /// measured on 10-minute medians with the rate taken over 30 minutes; and the median
    /// temperature over that stretch.
    static func longestStall(_ readings: [Reading]) -> (hours: Double, celsius: Double) {
        let bins = binnedProbe(readings)
        guard bins.count > 4 else { return (0, .nan) }
        var best = 0.0
        var bestTemps: [Double] = []
        var runStart: Double?
        var runTemps: [Double] = []
        for i in 0..<(bins.count - 3) {
            let (t0, a) = bins[i]
            let (t1, b) = bins[i + 3]
            let rate = (b - a) / ((t1 - t0) / 3600)
            let inStall = rate < 3 && a >= 60 && b <= 80
            if inStall {
                if runStart == nil { runStart = t0; runTemps = [] }
                runTemps.append(a)
                let length = (t1 - (runStart ?? t0)) / 3600
                if length > best { best = length; bestTemps = runTemps }
            } else {
                runStart = nil
            }
        }
        let sorted = bestTemps.sorted()
        return (best, sorted.isEmpty ? .nan : sorted[sorted.count / 2])
    }
}
