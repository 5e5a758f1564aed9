import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// After a plateau the estimator reads the post-plateau climb, not the flat plateau behind it.
@Suite struct AfterStallTests {
    /// Rise to 66 C over 4 h, a 3 h plateau, then a conduction-like climb towards 120 C air
    /// (13.5 C/h at first), sampled every 5 s.
    static func stallCook() -> [Reading] {
        var out: [Reading] = []
        var t = 0.0
        while t < 9 * 3600 {
            let p: Double
            if t < 4 * 3600 {
                p = 20 + 46 * (t / (4 * 3600))
            } else if t < 7 * 3600 {
                p = 66 + 0.3 * (t - 4 * 3600) / 3600
            } else {
                p = 66.9 + (120 - 66.9) * (1 - exp(-(t - 7 * 3600) / (4 * 3600)))
            }
            out.append(Reading(elapsedSeconds: t, probeCelsius: (p * 10).rounded() / 10, ambientCelsius: 120))
            t += 5
        }
        return out
    }

    static let prior = FitPrior(
        cut: "brisket", ambientCelsius: 120, logTauMean: log(20_000), logTauSD: 1, stalls: true,
        stallCelsius: 66, stallHoursMean: 3, stallHoursSD: 1, totalHoursMean: 10, totalHoursSD: 2, cookCount: 0)

    func estimate(at: Double, configuration: ETAEstimator.Configuration) -> Estimate {
        let est = ETAEstimator(targetCelsius: 95, prior: Self.prior, configuration: configuration)
        for r in Self.stallCook() where r.elapsedSeconds <= at { est.update(r) }
        return est.estimate(atSeconds: at)
    }

    @Test func slopeAfterThePlateauIsTheClimb() {
        let at = 7.9 * 3600
        let e = estimate(at: at, configuration: ETAEstimator.Configuration())
        #expect(e.phase != .stalled)
        // The climb runs at 11-13 C/h here; a window reaching back onto the plateau reads far less.
        #expect((e.parameters["slope_c_per_h"] ?? 0) > 9, "slope \(e.parameters["slope_c_per_h"] ?? -1)")
        var old = ETAEstimator.Configuration()
        old.slopeFromStallEnd = false
        let o = estimate(at: at, configuration: old)
        #expect((o.parameters["slope_c_per_h"] ?? 0) < (e.parameters["slope_c_per_h"] ?? 0))
        for x in [e, o] {
            let f = x.finishSeconds ?? .nan
            #expect(f.isFinite && f >= at && f < at + 48 * 3600)
        }
    }
}
