import CookcastCore
import CookcastIngest
import Foundation
import Testing

@testable import CookcastFit

/// On the way to and over a plateau the finish must not leap back and forth by hours, and must
/// still follow a change that lasts.
@Suite struct PlateauJumpTests {
    /// How many times the published finish moves by more than a tenth of the time left between
    /// grid steps over a whole simulated cook, after its first half hour and until the target.
    static func bigJumps(preset: SimulationPreset, seed: UInt64, configuration: ETAEstimator.Configuration) -> Int {
        var prior = ApproachToStallTests.prior
        prior.cut = preset.name
        let est = ETAEstimator(targetCelsius: 95, prior: prior, configuration: configuration)
        var previous: Double?
        var jumps = 0
        for r in simulatedCook(preset, seed: seed).readings {
            guard est.update(r) else { continue }
            let t = r.elapsedSeconds
            if let p = r.probeCelsius, p >= 95 { break }
            let e = est.estimate(atSeconds: t)
            guard t > 1800, let f = e.finishSeconds else { continue }
            if let previous, abs(f - previous) > 0.1 * max(60, f - t) { jumps += 1 }
            previous = f
        }
        return jumps
    }

    @Test func theFinishDoesNotLeapBackAndForthOnTheWayToThePlateau() {
        // Built-in briskets and pork shoulders, four seeds each: 57 such leaps without this
        // smoothing, 34 with it (a change of phase is still followed at once).
        var unsmoothed = ETAEstimator.Configuration()
        unsmoothed.plateauJumpSmoothingSeconds = 0
        var now = 0, before = 0
        for preset in [SimulationPreset.brisket, .porkShoulder] {
            for seed in 1...4 as ClosedRange<UInt64> {
                now += Self.bigJumps(preset: preset, seed: seed, configuration: ETAEstimator.Configuration())
                before += Self.bigJumps(preset: preset, seed: seed, configuration: unsmoothed)
            }
        }
        #expect(3 * now <= 2 * before, "\(before) leaps without the smoothing, \(now) with it")
    }

    /// A second plateau (a brisket wrapped on its first, the pit opened): the same smoothing
    /// holds. It was off once the first plateau had ended, and a simulated wrapped brisket swung
    /// by +4 and -6.5 hours within ten minutes on its second.
    @Test func aLaterPlateauIsSmoothedToo() {
        var firstOnly = ETAEstimator.Configuration()
        firstOnly.smoothsLaterPlateaus = false
        var now = 0, before = 0
        for preset in [SimulationPreset.brisket, .porkShoulder] {
            for seed in 1...8 as ClosedRange<UInt64> {
                now += Self.bigJumps(preset: preset, seed: seed, configuration: ETAEstimator.Configuration())
                before += Self.bigJumps(preset: preset, seed: seed, configuration: firstOnly)
            }
        }
        #expect(now < before, "\(before) leaps with the first plateau smoothed only, \(now) with every one")
    }

    @Test func aChangeThatLastsIsFollowedWithinTheHour() {
        // Ten hours left, then every rung agrees on five from now on (the pit was turned up).
        let est = ETAEstimator(targetCelsius: 95, prior: ApproachToStallTests.prior)
        var now = 20_000.0
        est.current.elapsedSeconds = now
        est.current.phase = .predicting
        est.smoothedFinish = now + 10 * 3600
        let newFinish = now + 5 * 3600
        var remaining: [Double] = []
        for _ in 0..<120 {
            now += 30
            let f = est.smoothedFinishSeconds(newFinish, now: now, phase: .predicting)
            est.smoothedFinish = f
            est.current.elapsedSeconds = now
            remaining.append(f - now)
        }
        let target = newFinish - now
        // One grid step moves it by 3 % of the log gap, not at once...
        #expect(remaining[0] > 9.5 * 3600)
        // ... and after an hour it is within 2 % of the new finish.
        #expect(abs(remaining[119] - target) < 0.02 * target, "\(remaining[119] / 3600) h left, \(target / 3600) h")
    }
}
