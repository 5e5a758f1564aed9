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

/// The climb after a plateau runs on the fitted time constant shrunk halfway (in log time) towards
/// the cut's learned one when it is shorter: fitted on the way into a plateau, evaporation
/// flattens the curve and it comes out short (a real brisket's 3,700 s against the cut's 6,300 s),
/// which finished hours early.
@Suite struct PostStallTimeConstantTests {
    func postStall(priorTauSeconds: Double) throws -> (seconds: Double, fittedTau: Double) {
        var prior = AfterStallTests.prior
        prior.logTauMean = log(priorTauSeconds)
        let est = ETAEstimator(targetCelsius: 95, prior: prior)
        for r in SyntheticCook(tau: 3_000, air: 120, target: 95, dt: 10, hours: 1, faults: false).readings {
            est.update(r)
        }
        let best = try #require(est.currentBest())
        return (est.postStallSeconds(from: 75, air: 120, best: best), best.tauSeconds)
    }

    @Test func aShortFittedTimeConstantIsShrunkTowardsTheCuts() throws {
        let short = try postStall(priorTauSeconds: 600)
        let long = try postStall(priorTauSeconds: 12_000)
        #expect(short.fittedTau < 6_000, "the fit follows the fast data: \(short.fittedTau) s")
        // A prior shorter than the fit changes nothing; a longer one slows the clock to the
        // geometric mean of the two time constants.
        let ratio = long.seconds / short.seconds
        let expected = (12_000 * long.fittedTau).squareRoot() / short.fittedTau
        #expect(abs(ratio - expected) < 0.1 * expected, "ratio \(ratio), expected \(expected)")
        #expect(ratio > 1.3)
    }
}

/// When a plateau ends the fit restarts from a handful of points; the ETA must not leap with it.
@Suite struct PlateauEndTests {
    @Test func theETADoesNotLeapWhenThePlateauEnds() throws {
        let done = 33_868.0  // the probe first reads 87 C (manifest: true_time_to_target_s)
        let prior = porkShoulderPriorWithoutThePulledPork
        let est = ETAEstimator(targetCelsius: 87, prior: prior)
        var plateauEnd: Double?
        var wasStalled = false
        var previous: Double?
        var worstError = 0.0, worstStep = 0.0
        // The real iGrill pulled pork: a reading every 9 s, a plateau near 68 C.
        for r in try realCookReadings("igrill_pulled_pork.csv") where r.elapsedSeconds < done {
            est.update(r)
            let e = est.estimate(atSeconds: r.elapsedSeconds)
            if wasStalled && e.phase == .predicting && plateauEnd == nil { plateauEnd = r.elapsedSeconds }
            wasStalled = e.phase == .stalled
            guard let end = plateauEnd, r.elapsedSeconds < end + 1800, let f = e.finishSeconds else { continue }
            let left = done - r.elapsedSeconds
            worstError = max(worstError, abs(f - done) / left)
            if let p = previous { worstStep = max(worstStep, abs(f - p) / left) }
            previous = f
        }
        #expect(plateauEnd != nil, "the plateau was never left")
        // Half an hour after the plateau. A line through the plateau itself put the finish 7.8
        // times the time left too late, in one step of 8.7; the young fit alone was 0.85 early.
        // Now the worst is 0.48 early and the largest step (the recent slope weighing in ten
        // minutes after the plateau) 0.53.
        #expect(worstError < 0.6, "worst error \(worstError) of the time left")
        #expect(worstStep < 0.75, "largest change between readings \(worstStep) of the time left")
    }
}
