import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// The late-approach fit: the first conduction mode read from the recent window alone.
@Suite struct ApproachFitTests {
    /// `level - gap0 * exp(-t / tau)` every 30 s over `span` seconds, with deterministic noise.
    func exponential(level: Double, gap0: Double, tau: Double, span: Double, noise: Double = 0.05)
        -> (seconds: [Double], celsius: [Double])
    {
        let seconds = Array(stride(from: 0.0, through: span, by: 30))
        let celsius = seconds.enumerated().map { i, t in
            level - gap0 * exp(-t / tau) + noise * (i % 2 == 0 ? 1 : -1)
        }
        return (seconds, celsius)
    }

    @Test func recoversTheLevelTimeConstantAndGapOfAnExactApproach() throws {
        let data = exponential(level: 110, gap0: 60, tau: 4000, span: 5400)
        let fit = try #require(ApproachFit.fit(seconds: data.seconds, celsius: data.celsius, now: 5400))
        #expect(abs(fit.levelCelsius - 110) < 0.5, "level \(fit.levelCelsius)")
        #expect(abs(fit.tauSeconds / 4000 - 1) < 0.02, "tau \(fit.tauSeconds)")
        #expect(abs(fit.gapCelsius - 60 * exp(-5400 / 4000.0)) < 0.3, "gap \(fit.gapCelsius)")
        // 100 C is reached when the gap has shrunk to 10 C: t = tau * ln(60 / 10).
        let left = try #require(fit.secondsUntil(100))
        let truth = 4000 * log(6.0) - 5400
        #expect(abs(left / truth - 1) < 0.02, "\(left) s left, truly \(truth) s")
        #expect(fit.secondsUntil(111) == nil, "a level above the curve's asymptote is never reached")
    }

    @Test func aStraightLineOrTooFewPointsGiveNoFit() {
        let seconds = Array(stride(from: 0.0, through: 3600, by: 30))
        let line = seconds.map { 40 + 0.005 * $0 }
        #expect(ApproachFit.fit(seconds: seconds, celsius: line, now: 3600) == nil, "no curvature, no level to read")
        let few = exponential(level: 110, gap0: 60, tau: 4000, span: 240)
        #expect(ApproachFit.fit(seconds: few.seconds, celsius: few.celsius, now: 240) == nil)
    }

    /// A whole cook's conduction fit must get the air sensor's bias and the meat's Biot number right
    /// to extrapolate; the last stretch read from the recent window needs neither. Exact cylinder
    /// centres in 120 C air whose sensor reads 6 C off: at 90 % of the way the finish is within
    /// 1.5 % of the time left (the whole-cook fit alone was 2.7-6.9 % off).
    @Test func lateInACookTheFinishIsReadFromTheRecentApproach() {
        for tau in [6000.0, 30_000] {
            for bias in [-6.0, 6.0] {
                let cook = SyntheticCook(tau: tau, hours: 20, faults: false, airSensorBias: bias)
                let at = 0.9 * cook.trueFinish
                let e = Predictor.predict(readings: cook.readings, targetCelsius: 54, atSeconds: at, cut: nil, priors: [])
                let rel = abs((e.finishSeconds ?? .infinity) - cook.trueFinish) / (cook.trueFinish - at)
                #expect(rel < 0.015, "tau \(tau) s, air sensor \(bias) C off: \(rel) of the time left")
                #expect((e.parameters["approach_weight"] ?? 0) > 0.9)
            }
        }
    }
}
