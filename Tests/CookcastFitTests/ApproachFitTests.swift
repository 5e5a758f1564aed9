import CookcastCore
import CookcastIngest
import Foundation
import Testing

@testable import CookcastFit

/// The late-approach fit: the slowest conduction modes read from the recent window alone.
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

    @Test func recoversBothModesOfAnApproachTheSecondModeStillBends() throws {
        // A centre's response whose second mode (5.9 times faster, a sphere at Biot 2) is 9 C of
        // the curve at the window's start, pulling the other way (an S-shaped start), and has
        // died by its end.
        let seconds = Array(stride(from: 0.0, through: 4800, by: 30))
        let curve = { (t: Double) in 120 - 70 * exp(-t / 5000) + 9 * exp(-5.9 * t / 5000) }
        let celsius = seconds.enumerated().map { i, t in curve(t) + 0.03 * (i % 2 == 0 ? 1 : -1) }
        let two = try #require(ApproachFit.fit(seconds: seconds, celsius: celsius, now: 4800, secondRateRatio: 5.9))
        #expect(abs(two.levelCelsius - 120) < 0.5, "level \(two.levelCelsius)")
        #expect(abs(two.tauSeconds / 5000 - 1) < 0.03, "tau \(two.tauSeconds)")
        #expect(abs(two.secondGapCelsius - -9 * exp(-5.9 * 4800 / 5000)) < 0.1, "second gap \(two.secondGapCelsius)")
        // 100 C: where the exact curve crosses it (6,262 s).
        var lo = 4800.0, hi = 20_000.0
        for _ in 0..<60 { let mid = (lo + hi) / 2; if curve(mid) >= 100 { hi = mid } else { lo = mid } }
        let left = try #require(two.secondsUntil(100))
        #expect(abs(left / (hi - 4800) - 1) < 0.02, "\(left) s left, truly \(hi - 4800) s")
        // One mode alone reads the bend as a slow approach to a far higher level (194 C) and
        // finishes a third early.
        let one = try #require(ApproachFit.fit(seconds: seconds, celsius: celsius, now: 4800))
        #expect(try #require(one.secondsUntil(100)) < 0.8 * (hi - 4800))
    }

    /// The search ranks time constants by `projectedSSE`: it must be the residual LAPACK's own
    /// solution of the same design leaves. Designs as the search builds them (48 points, one
    /// mode or two, time constants from the grid's short end to its long one, where the columns
    /// are nearly straight and nearly collinear), points with curvature and noise.
    @Test func theSearchsResidualIsTheOneLAPACKsSolutionLeaves() throws {
        let n = 48
        let ts = (0..<n).map { Double($0) * 75 + Double($0 % 3) * 4 }
        let ys = ts.enumerated().map { i, t in
            110 - 60 * exp(-t / 5000) + 4 * exp(-6 * t / 5000) + 0.1 * sin(Double(i) * 2.1)
        }
        let mean = ys.reduce(0, +) / Double(n)
        let centred = ys.map { $0 - mean }
        let solver = LeastSquares()
        for ratio in [0.0, 2.5, 6.0] {
            for tau in [120.0, 900, 5000, 40_000, 190_000] {
                let columns = ratio > 0 ? 3 : 2
                var design = [Double](repeating: 1, count: n * columns)
                for k in 0..<n {
                    design[n + k] = -exp(-ts[k] / tau)
                    if ratio > 0 { design[2 * n + k] = -exp(-ratio * ts[k] / tau) }
                }
                let x = try solver.solve(a: design, rows: n, columns: columns, b: ys)
                var lapack = 0.0
                for k in 0..<n {
                    var r = ys[k] - x[0] - x[1] * design[n + k]
                    if ratio > 0 { r -= x[2] * design[2 * n + k] }
                    lapack += r * r
                }
                let projected = design.withUnsafeBufferPointer { d in
                    centred.withUnsafeBufferPointer {
                        ApproachFit.projectedSSE(design: d, rows: n, twoModes: ratio > 0, centred: $0)
                    }
                }
                #expect(
                    abs(projected - lapack) <= 1e-9 * max(1, lapack),
                    "ratio \(ratio), tau \(tau): \(projected) vs \(lapack)")
            }
        }
        // A mode flat over the window reads nothing, as LAPACK finds the design singular.
        let flat = [Double](repeating: 1, count: n) + [Double](repeating: -0.5, count: n)
        let none = flat.withUnsafeBufferPointer { d in
            centred.withUnsafeBufferPointer {
                ApproachFit.projectedSSE(design: d, rows: n, twoModes: false, centred: $0)
            }
        }
        #expect(none == .infinity)
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
    /// 3 % of the time left (the whole-cook fit alone was 2.7-6.9 % off). Measured: 2.5 % early at
    /// tau 6,000 s and 1.1 % at 30,000 s, the one-mode curve reading the second mode's last bend
    /// as closing a little early. It had been under 1.5 % at tau 6,000 s only because `predict`
    /// dated its last, part-filled grid bucket at the bucket's centre, up to 15 s after its
    /// readings: a lag that made each answer a little later, by how far into the bucket the moment
    /// fell (88-91 % of the way: 0.0 to 2.5 % early, 1.5 % late; see `PartFilledBucketTests`).
    @Test func lateInACookTheFinishIsReadFromTheRecentApproach() {
        for tau in [6000.0, 30_000] {
            for bias in [-6.0, 6.0] {
                let cook = SyntheticCook(tau: tau, hours: 20, faults: false, airSensorBias: bias)
                let at = 0.9 * cook.trueFinish
                let e = Predictor.predict(
                    readings: cook.readings, targetCelsius: 54, atSeconds: at, cut: nil, priors: [])
                let rel = abs((e.finishSeconds ?? .infinity) - cook.trueFinish) / (cook.trueFinish - at)
                #expect(rel < 0.03, "tau \(tau) s, air sensor \(bias) C off: \(rel) of the time left")
                #expect((e.parameters["approach_weight"] ?? 0) > 0.9)
            }
        }
    }

    /// Cooks from the project's own simulator (evaporation, probe lag, a wandering oven): at 75 and
    /// 90 % of the way the approach fitted to the recent curve beats the whole-cook conduction fit
    /// alone. Over 8 seeds per cut: 75 % 0.017-0.043 against 0.027-0.058 of the time left, 90 %
    /// 0.006-0.023 against 0.015-0.053.
    @Test func onSimulatedRoastsTheLateFinishIsCloserWithTheApproach() {
        var withApproach: [Double] = [], conductionOnly: [Double] = []
        // Horizons below zero switch the approach off: whatever is left is too long for it.
        var off = ETAEstimator.Configuration()
        off.approachHorizonFull = -2
        off.approachHorizonNone = -1
        for preset in [SimulationPreset.turkey, .chicken, .primeRib, .steak] {
            for seed in 1...3 as ClosedRange<UInt64> {
                let (readings, targetCelsius, truth) = simulatedCook(preset, seed: seed)
                guard let truth else { continue }
                let cut = CutProfile(
                    name: preset.name, defaultTargetCelsius: targetCelsius, safeMinimumCelsius: nil,
                    typicalAmbientCelsius: 150, stalls: false)
                for (configuration, usesApproach) in [(ETAEstimator.Configuration(), true), (off, false)] {
                    let est = ETAEstimator(
                        targetCelsius: targetCelsius, prior: FitPrior.resolve(cut: cut, priors: []),
                        configuration: configuration)
                    var checkpoints = [0.75, 0.9].map { $0 * truth }
                    for r in readings {
                        if let at = checkpoints.first, r.elapsedSeconds > at {
                            let finish = est.estimate(atSeconds: at).finishSeconds ?? .infinity
                            let rel = abs(finish - truth) / (truth - at)
                            if usesApproach { withApproach.append(rel) } else { conductionOnly.append(rel) }
                            checkpoints.removeFirst()
                        }
                        est.update(r)
                    }
                }
            }
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        #expect(withApproach.count == 24 && conductionOnly.count == 24)
        #expect(median(withApproach) < 0.03, "median \(median(withApproach)) of the time left")
        #expect(median(withApproach) < 0.8 * median(conductionOnly), "conduction alone: \(median(conductionOnly))")
    }
}
