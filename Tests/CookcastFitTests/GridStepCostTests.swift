import CookcastCore
import CookcastIngest
import Foundation
import Testing

@testable import CookcastFit

/// What makes a grid step cheaper must not move a prediction: each shortcut gives exactly
/// (bit for bit) what the plain computation gave.
@Suite struct GridStepCostTests {
    /// A probe closing on 110 C, 30 s grid points, deterministic noise.
    func approach(points: Int, from first: Int = 0) -> (seconds: [Double], celsius: [Double]) {
        let seconds = (first..<(first + points)).map { (Double($0) + 0.5) * 30 }
        let celsius = seconds.enumerated().map { i, t in
            110 - 90 * exp(-t / 6000) + 6 * exp(-5 * t / 6000) + 0.04 * Double((i * 7) % 5 - 2)
        }
        return (seconds, celsius)
    }

    @Test func keptApproachColumnsGiveTheFitsComputedAfresh() throws {
        // Windows sliding one grid step at a time, growing past the 48 points that are averaged,
        // some held for a step, each fitted with one mode and with two at two rate ratios: the
        // store must notice every change of the times or of the ratio.
        let store = ApproachColumns()
        var fitted = 0
        for step in 0..<80 {
            let data = approach(points: 20 + step - step % 2, from: 40 + step - step % 2)
            let now = data.seconds[data.seconds.count - 1]
            for secondRateRatio in [nil, 5.9, 5.9, 4.2, nil] {
                let fresh = ApproachFit.fit(
                    seconds: data.seconds, celsius: data.celsius, now: now, secondRateRatio: secondRateRatio)
                let kept = ApproachFit.fit(
                    seconds: data.seconds, celsius: data.celsius, now: now, secondRateRatio: secondRateRatio,
                    columns: store)
                #expect(kept?.levelCelsius.bitPattern == fresh?.levelCelsius.bitPattern, "step \(step)")
                #expect(kept?.gapCelsius.bitPattern == fresh?.gapCelsius.bitPattern, "step \(step)")
                #expect(kept?.secondGapCelsius.bitPattern == fresh?.secondGapCelsius.bitPattern, "step \(step)")
                #expect(kept?.tauSeconds.bitPattern == fresh?.tauSeconds.bitPattern, "step \(step)")
                if fresh != nil { fitted += 1 }
            }
        }
        #expect(fitted > 100, "the windows must be fitted for the comparison to mean anything")
    }

    @Test func keptHeaviestAreWhatAStableSortByWeightKept() {
        var rng = SimulationRandom(seed: 7)
        for trial in 0..<200 {
            // Few distinct weights: many ties, which must stay in candidate order.
            let n = Int(rng.next() % 300)
            let weights = (0..<n).map { _ in Double(rng.next() % 12) / 11 }
            let ranked = weights.enumerated().map { (w: $0.element, index: $0.offset) }
            for kept in [0, 1, 8, 16, 17, 256] {
                var expected = ranked
                expected.sort { $0.w > $1.w }  // stable
                if expected.count > kept { expected.removeLast(expected.count - kept) }
                var selected = ranked
                ETAEstimator.keepHeaviest(&selected, count: kept)
                #expect(selected.map(\.index) == expected.map(\.index), "trial \(trial), kept \(kept)")
            }
        }
    }

    @Test func frozenForecastIsTheFittersForecastEvaluatedInFull() throws {
        let fitter = ConductionFitter(assumedAmbientCelsius: 110)
        let data = approach(points: 120)
        for (t, c) in zip(data.seconds, data.celsius) {
            fitter.add(GridPoint(seconds: t, probeCelsius: c, ambientCelsius: 110 + 0.3 * sin(t / 600)))
        }
        let sols = fitter.solveAll()
        for sol in stride(from: 0, to: sols.count, by: 37).map({ sols[$0] }) {
            for sec in [0.0, 1, 600, 1234.5, 9600, 86_400, 600_000] {
                let plain = plainForecast(fitter, sol, afterSeconds: sec, futureDriveCelsius: 111, residual: 0.2)
                let frozen = fitter.forecast(sol, afterSeconds: sec, futureDriveCelsius: 111, residual: 0.2)
                #expect(frozen.bitPattern == plain.bitPattern, "candidate \(sol.index) at \(sec) s")
            }
        }
    }

    /// `ConductionFitter.forecast` as it was written before `FrozenForecast`.
    func plainForecast(
        _ f: ConductionFitter, _ sol: ConductionFitter.Solution, afterSeconds sec: Double, futureDriveCelsius a: Double,
        residual: Double
    ) -> Double {
        let nm = f.nm, b = sol.index * nm, shape = sol.index % f.shapeCount, ab = shape * nm
        var phi = 0.0, k = f.staticGain[shape] * a
        for m in 0..<nm {
            let x = f.rates[b + m] * sec
            if x > 40 {
                k += f.amps[ab + m] * a
                continue
            }
            let e = exp(-x)
            phi += f.amps[ab + m] * f.p[b + m] * e
            k += f.amps[ab + m] * (a + (f.y[b + m] - a) * e)
        }
        return sol.startCelsius * phi + k + sol.offsetCelsius * (1 - phi) + residual * exp(-f.rates[b] * sec)
    }

    @Test func leastSquaresWithoutDgelsScalingCheckIsDgelsBitForBit() throws {
        var rng = SimulationRandom(seed: 11)
        let solver = LeastSquares(), reference = LeastSquares()
        var problems: [(a: [Double], rows: Int, columns: Int, b: [Double])] = []
        for rows in [3, 10, 21, 48] {
            for columns in 1...3 {
                for scale in [1.0, 1e-300, 1e300, 0] {
                    // Like the approach fits' designs: a column of ones, decaying exponentials.
                    var a = [Double](repeating: scale, count: rows * columns)
                    for c in 1..<columns {
                        let rate = 0.01 + rng.unit()
                        for r in 0..<rows { a[c * rows + r] = -scale * exp(-rate * Double(r)) }
                    }
                    let b = (0..<rows).map { _ in 20 + 90 * rng.unit() }
                    problems.append((a, rows, columns, b))
                }
            }
        }
        // A design with a NaN, and a singular one (two equal columns).
        problems.append(([1, 1, 1, .nan, 2, 3], 3, 2, [1, 2, 3]))
        problems.append(([1, 1, 1, 1, 1, 1], 3, 2, [1, 2, 3]))
        for p in problems {
            let fast = Result { try solver.solve(a: p.a, rows: p.rows, columns: p.columns, b: p.b) }
            let plain = Result {
                try reference.solve(a: p.a, rows: p.rows, columns: p.columns, b: p.b, allowingUnscaled: false)
            }
            switch (fast, plain) {
            case (.success(let x), .success(let y)):
                #expect(x.map(\.bitPattern) == y.map(\.bitPattern), "\(p.rows) x \(p.columns): \(x) vs \(y)")
            case (.failure(let e), .failure(let f)):
                #expect("\(e)" == "\(f)")
            default:
                Issue.record("\(p.rows) x \(p.columns): \(fast) vs \(plain)")
            }
        }
    }

    @Test func weightedQuantilesAreTheFirstFinishReachingTheirShare() {
        let finishes = WeightedQuantiles([(300, 1), (100, 1), (200, 2), (.infinity, 1)])
        #expect(finishes.quantile(0.1) == 100)
        #expect(finishes.quantile(0.5) == 200)
        #expect(finishes.quantile(0.9) == .infinity)
        #expect(WeightedQuantiles([]).quantile(0.5) == .infinity)
    }

    @Test func cachedDecaysAreThoseOfTheStepTaken() {
        // Points dated where their readings were taken come 25, 30, 35 s... apart: every step's
        // decays, cached or not, must be exactly what the step's length gives, through more
        // lengths than the cache holds and back.
        let fitter = ConductionFitter(assumedAmbientCelsius: 110)
        var t = 0.0
        fitter.add(GridPoint(seconds: t, probeCelsius: 5, ambientCelsius: 110))
        for (i, dt) in [30.0, 35, 30, 25, 30, 40, 45, 50, 55, 30, 25, 60, 35, 30, 30, 25].enumerated() {
            t += dt
            fitter.add(GridPoint(seconds: t, probeCelsius: 5.5 + Double(i), ambientCelsius: 110))
            let expected = fitter.rates.map { exp(-$0 * dt) }
            #expect(fitter.decayStep == dt)
            #expect(fitter.decay == expected, "after a step of \(dt) s")
            #expect(fitter.decayCache.count <= ConductionFitter.decayCacheSize)
        }
    }
}
