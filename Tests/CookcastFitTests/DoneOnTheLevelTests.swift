import CookcastCore
import CookcastIngest
import Foundation
import Testing

@testable import CookcastFit

/// Done when the meat reaches the target, not when the probe's noise first does.
@Suite struct DoneOnTheLevelTests {
    /// When each simulated cook was called done, minus when its noise-free probe reached the target,
    /// minutes.
    static func doneMinusTruthMinutes(_ preset: SimulationPreset, seeds: ClosedRange<UInt64>) throws -> [Double] {
        try seeds.map { seed in
            let cook = simulatedCook(preset, seed: seed)
            let truth = try #require(cook.truth)
            let est = ETAEstimator(targetCelsius: cook.targetCelsius, prior: .generic)
            for r in cook.readings {
                est.update(r)
                if est.estimate(atSeconds: r.elapsedSeconds).phase == .done { return (r.elapsedSeconds - truth) / 60 }
            }
            return .infinity
        }
    }

    @Test func aBathIsDoneWhenTheMeatIsNotOnANoisyReading() throws {
        // In a bath the probe creeps the last tenths of a degree, and two readings in a row over
        // the target called every one of these cooks done early: 2.6-8.1 minutes, median 4.9.
        // Judged on the probe's level: 5.0 minutes early to 0.7 late, median 1.1.
        let offsets = try Self.doneMinusTruthMinutes(.sousVide, seeds: 1...6)
        let sizes = offsets.map(abs).sorted()
        #expect(sizes[(sizes.count - 1) / 2] <= 2, "done minus truth, minutes: \(offsets)")
        #expect(offsets.allSatisfy { $0 >= -6 && $0 <= 3 }, "done minus truth, minutes: \(offsets)")
    }

    @Test func aFastRiseIsDoneAtOnce() throws {
        // A steak's rise through the target: the level has no lag on it.
        let offsets = try Self.doneMinusTruthMinutes(.steak, seeds: 1...6)
        for (i, d) in offsets.enumerated() {
            #expect(abs(d) <= 0.5, "seed \(i + 1): done \(d) min from the truth")
        }
    }
}
