import CookcastIngest
import Testing

@testable import CookcastFit

/// The spike filter keeps its values sorted as they come and go; what it accepts must be what a
/// filter sorting its last values afresh for every reading accepts.
@Suite struct SpikeFilterTests {
    /// The filter's rule with the median sorted afresh each time (the implementation it replaced).
    struct SortingFilter {
        let maxJump: Double, maxRiseCelsiusPerMinute: Double, confirmations: Int
        var kept: [(t: Double, v: Double)] = []
        var pending: [(t: Double, v: Double)] = []

        mutating func accept(_ v: Double, at t: Double) -> Bool {
            if kept.count < 3 { return keep(v, t) }
            let values = kept.map(\.v).sorted(), times = kept.map(\.t), n = kept.count
            let m = n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2])
            let middle = n % 2 == 1 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2])
            if abs(v - m) <= maxJump + maxRiseCelsiusPerMinute * max(0, t - middle) / 60 {
                pending.removeAll()
                return keep(v, t)
            }
            if let last = pending.last, abs(v - last.v) > maxJump + maxRiseCelsiusPerMinute * max(0, t - last.t) / 60 {
                pending.removeAll()
            }
            pending.append((t, v))
            guard pending.count >= confirmations else { return false }
            kept = Array(pending.suffix(9))
            pending.removeAll()
            return true
        }

        mutating func keep(_ v: Double, _ t: Double) -> Bool {
            kept.append((t, v))
            if kept.count > 9 { kept.removeFirst() }
            return true
        }
    }

    @Test func keptSortedItAcceptsWhatSortingAfreshAccepts() {
        var rng = SimulationRandom(seed: 11)
        func uniform() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        for trial in 0..<50 {
            var filter = SpikeFilter(maxJump: 4, maxRiseCelsiusPerMinute: 2, confirmations: 3)
            var reference = SortingFilter(maxJump: 4, maxRiseCelsiusPerMinute: 2, confirmations: 3)
            var level = 20.0, rejected = 0
            for i in 0..<2_000 {
                // A slow rise on a coarse scale (repeated values), spikes, and steps that stay.
                level += 0.01
                var v = (level + uniform() * 0.5 * 4).rounded() / 4
                if uniform() < 0.03 { v += 30 }
                if uniform() < 0.003 { level -= 15 }
                let t = Double(i) * 2
                let accepted = filter.accept(v, at: t)
                #expect(accepted == reference.accept(v, at: t), "trial \(trial), reading \(i)")
                if !accepted { rejected += 1 }
            }
            #expect(rejected > 20, "spikes must be rejected for the comparison to mean anything")
        }
    }
}
