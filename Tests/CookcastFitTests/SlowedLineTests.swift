import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// Where the physics is weak (no air sensor, an air close to the target) the estimator blends in
/// the recent slope. A straight line through a rise that slows towards its level reaches the goal
/// too soon: three real turkey probes without an air sensor were 10-22 % of the time left early at
/// 75 % of the way. `slowedLineSeconds` follows the slowing towards the fitted effective air.
@Suite struct SlowedLineTests {
    /// The probe of a cook approaching a steady 95 C as `95 - 85 exp(-t / 10,000 s)`; goal 74 C.
    let level = 95.0, gap = 85.0, tau = 10_000.0, goal = 74.0
    func probe(_ t: Double) -> Double { level - gap * exp(-t / tau) }
    var trueArrival: Double { tau * log(gap / (level - goal)) }

    /// The ladder's step at `now` with its least-squares line through a point every 30 s over the
    /// last `span` seconds, as `GridBuffer.line` fits it (level: the line's value now), and a best
    /// candidate whose effective air is `effectiveAir` (163 C assumed plus its offset).
    func step(now: Double, span: Double, effectiveAir: Double) -> ETAEstimator.LadderStep {
        let times = stride(from: now - span, through: now, by: 30).map { $0 - now }
        let n = Double(times.count)
        let mt = times.reduce(0, +) / n, my = times.map { probe(now + $0) }.reduce(0, +) / n
        let stt = times.map { ($0 - mt) * ($0 - mt) }.reduce(0, +)
        let sty = times.map { ($0 - mt) * (probe(now + $0) - my) }.reduce(0, +)
        let slope = sty / stt
        let best = ConductionFitter.Solution(
            index: 0, tauSeconds: tau, biot: 1, radiusFraction: 0, startCelsius: 10,
            offsetCelsius: effectiveAir - 163, cost: 0, lastModelCelsius: probe(now))
        return ETAEstimator.LadderStep(
            now: now, origin: 0, probeCelsius: probe(now), airCelsius: 163, best: best,
            line: (slope: slope, level: my - slope * mt, sd: 0, n: times.count), lineSpanSeconds: span)
    }

    func estimator(stalls: Bool) -> ETAEstimator {
        var prior = FitPrior.generic
        prior.stalls = stalls
        return ETAEstimator(targetCelsius: goal, prior: prior)
    }

    @Test func aRiseSlowingTowardsItsLevelIsFollowedNotCutShort() throws {
        let est = estimator(stalls: false)
        for fraction in [0.5, 0.75, 0.9] {
            let now = fraction * trueArrival
            let s = step(now: now, span: 0.15 * now, effectiveAir: level)
            let left = trueArrival - now
            let line = try #require(s.line)
            let straight = (goal - line.level) / line.slope
            let slowed = try #require(est.slowedLineSeconds(s))
            // The straight line is 7-22 % short here; the slowed one within 3 % (a line's end lies
            // a little under a concave curve, which leans it late).
            #expect(straight < 0.95 * left, "at \(fraction): straight \(straight) s for \(left) s")
            #expect(abs(slowed - left) < 0.03 * left, "at \(fraction): \(slowed) s for \(left) s")
        }
    }

    @Test func neverSoonerThanTheLineAndContinuousInTheLevel() throws {
        // The level from far above the goal down to it: the bend fades out without a jump as the
        // level's margin over the goal falls from the rise still to go to half of it (steeply:
        // about 2 % of the answer per 0.25 C of level there, but never a step).
        let est = estimator(stalls: false)
        let now = 0.75 * trueArrival
        var previous: Double?
        for air in stride(from: 140.0, through: 74.5, by: -0.05) {
            let s = step(now: now, span: 0.15 * now, effectiveAir: air)
            let line = try #require(s.line)
            let straight = (goal - line.level) / line.slope
            let answer = est.slowedLineSeconds(s) ?? straight
            #expect(answer >= straight - 1e-6, "air \(air)")
            if let previous {
                #expect(abs(answer - previous) < 0.01 * previous, "air \(air): \(previous) -> \(answer)")
            }
            previous = answer
        }
    }

    /// End to end, exact conduction cooks logged without an air sensor, at 75 % of the way: the
    /// straight line had them 1.1-2.1 % of the time left early; now within 1 %.
    @Test func cooksWithoutAnAirSensorAreNoLongerEarlyAtThreeQuarters() throws {
        for (tau, biot, air, target) in [(30_000.0, 3.0, 163.0, 74.0), (6_000, 1, 110, 60), (50_000, 2.5, 150, 70)] {
            let cook = SyntheticCook(
                tau: tau, biot: biot, air: air, start: 5, target: target, hours: 12, faults: false, hasAmbient: false)
            let at = 0.75 * cook.trueFinish
            let e = Predictor.predict(
                readings: cook.readings, targetCelsius: target, atSeconds: at, cut: nil, priors: [])
            let finish = try #require(e.finishSeconds)
            let miss = (finish - cook.trueFinish) / (cook.trueFinish - at)
            #expect(abs(miss) < 0.01, "tau \(tau) s, Biot \(biot), air \(air) C: \(miss) of the time left")
        }
    }

    @Test func cutsThatStallAndLongExtrapolationsKeepTheLine() {
        // After a plateau the climb speeds up as the surface dries; and early in a cook the level
        // is too loosely known to stretch a line reaching twice the time heated so far.
        let afterPlateau = step(now: 0.75 * trueArrival, span: 0.15 * 0.75 * trueArrival, effectiveAir: level)
        #expect(estimator(stalls: true).slowedLineSeconds(afterPlateau) == nil)
        let early = step(now: 0.1 * trueArrival, span: 600, effectiveAir: level)
        #expect(estimator(stalls: false).slowedLineSeconds(early) == nil)
    }
}
