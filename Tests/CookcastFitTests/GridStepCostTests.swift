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
        var lastRatio: Double?
        for step in 0..<80 {
            let data = approach(points: 20 + step - step % 2, from: 40 + step - step % 2)
            let now = data.seconds[data.seconds.count - 1]
            for secondRateRatio in [nil, 5.9, 5.9, 4.2, nil] {
                // Fresh columns, the search starting where the kept store's does.
                let shadow = ApproachColumns()
                shadow.prepare(times: [], secondRateRatio: secondRateRatio ?? 0)
                shadow.lastBestGridIndex = store.lastBestGridIndex
                if (secondRateRatio == nil) != (lastRatio == nil) { shadow.lastBestGridIndex = nil }
                let fresh = ApproachFit.fit(
                    seconds: data.seconds, celsius: data.celsius, now: now, secondRateRatio: secondRateRatio,
                    columns: shadow)
                lastRatio = secondRateRatio
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

    @Test func aSearchStartedWhereTheLastFitEndedFindsWhatTheWholeGridFinds() throws {
        // A window sliding a grid step at a time along a probe closing on 110 C, then rising in a
        // straight line from 12,000 s on (no curvature left to read: the fit must come back nil,
        // as the whole grid's search says). One mode, and two at a fixed ratio.
        func curve(points: Int, from first: Int) -> (seconds: [Double], celsius: [Double]) {
            let seconds = (first..<(first + points)).map { (Double($0) + 0.5) * 30 }
            let celsius = seconds.enumerated().map { i, t in
                let noise = 0.04 * Double(((first + i) * 7) % 5 - 2)
                return t < 12_000
                    ? 110 - 90 * exp(-t / 3000) + 6 * exp(-5 * t / 3000) + noise : 108.4 + (t - 12_000) / 600
            }
            return (seconds, celsius)
        }
        for secondRateRatio in [nil, 5.0] {
            let warm = ApproachColumns()
            var fitted = 0, nils = 0, same = 0, missed = 0
            for step in 0..<600 {
                let data = curve(points: 40, from: 20 + step)
                let now = data.seconds[data.seconds.count - 1]
                let whole = ApproachFit.fit(
                    seconds: data.seconds, celsius: data.celsius, now: now, secondRateRatio: secondRateRatio)
                let started = ApproachFit.fit(
                    seconds: data.seconds, celsius: data.celsius, now: now, secondRateRatio: secondRateRatio,
                    columns: warm)
                func sse(_ fit: ApproachFit) -> Double {
                    zip(data.seconds, data.celsius).reduce(0) {
                        $0 + pow($1.1 - fit.celsius(afterSeconds: $1.0 - now), 2)
                    }
                }
                if let whole, let started {
                    // The same minimum, or another as low to 0.1 % in a flat valley of the cost
                    // (or one the whole grid's coarse pass stepped over).
                    #expect(sse(started) <= sse(whole) * 1.001, "step \(step)")
                    if started.tauSeconds.bitPattern == whole.tauSeconds.bitPattern { same += 1 }
                } else if started != nil, data.seconds[0] < 12_000 {
                    // A narrow basin the coarse pass missed, where it ended at an end of the grid.
                    missed += 1
                } else {
                    #expect(started == nil, "step \(step): no curvature to read")
                }
                if whole == nil { nils += 1 } else { fitted += 1 }
            }
            #expect(fitted > 200 && nils > 100, "both the curve and the line must be seen: \(fitted), \(nils)")
            #expect(same >= fitted * 9 / 10 && missed < 20, "\(same) of \(fitted) the same, \(missed) missed")
        }
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

    @Test func costsAndSingleSolutionsAreSolveAllsBitForBit() {
        // With a measured air (the Biot prior applies) and without one, in a bath and not.
        for (ambient, bath) in [(110.0, false), (57.5, true), (nil, false)] as [(Double?, Bool)] {
            let fitter = ConductionFitter(assumedAmbientCelsius: 110)
            fitter.offsetScaleCelsius = 3
            fitter.inBath = bath
            let data = approach(points: 90)
            for (t, c) in zip(data.seconds, data.celsius) {
                fitter.add(GridPoint(seconds: t, probeCelsius: c, ambientCelsius: ambient))
            }
            let all = fitter.solveAll(), costs = fitter.solveCosts()
            #expect(costs.map(\.bitPattern) == all.map(\.cost.bitPattern))
            for sol in stride(from: 0, to: all.count, by: 29).map({ all[$0] }) {
                let one = fitter.solution(index: sol.index)
                #expect(one.index == sol.index)
                #expect(one.startCelsius.bitPattern == sol.startCelsius.bitPattern, "candidate \(sol.index)")
                #expect(one.offsetCelsius.bitPattern == sol.offsetCelsius.bitPattern, "candidate \(sol.index)")
                #expect(one.cost.bitPattern == sol.cost.bitPattern, "candidate \(sol.index)")
                #expect(one.lastModelCelsius.bitPattern == sol.lastModelCelsius.bitPattern, "candidate \(sol.index)")
            }
        }
    }

    @Test func candidatesSteppedInPairsAreSteppedOneByOne() {
        // An even and an odd number of candidates (the last one stepped alone), shapes wrapping
        // within a pair.
        for biots in [[0.5, 2, 8], [0.5, 2, 8, 20]] {
            var configuration = ConductionFitter.Configuration()
            configuration.taus = [900, 4000, 20_000]
            configuration.biots = biots
            let fitter = ConductionFitter(configuration: configuration, assumedAmbientCelsius: 110)
            let data = approach(points: 40)
            for (i, (t, c)) in zip(data.seconds, data.celsius).enumerated() {
                let (y, p, stats) = (fitter.y, fitter.p, fitter.stats)
                let lastDrive = fitter.lastDriveCelsius
                let g = GridPoint(seconds: t + Double(i % 3) * 5, probeCelsius: c, ambientCelsius: 110 + Double(i % 4))
                let previous = fitter.lastSeconds, origin = fitter.originSeconds
                fitter.add(g)
                guard let previous, let origin, let ambient = g.ambientCelsius else { continue }
                let expected = plainStep(
                    fitter, y: y, p: p, stats: stats, drive: 0.5 * (ambient + lastDrive), newDrive: ambient,
                    probe: g.seconds - origin >= configuration.skipSeconds ? g.probeCelsius : nil,
                    dt: g.seconds - previous, elapsed: g.seconds - origin)
                // The padding candidate's modes (an odd number of candidates) are no part of the fit.
                #expect(candidates(fitter, fitter.y) == candidates(fitter, expected.y), "point \(i)")
                #expect(candidates(fitter, fitter.p) == candidates(fitter, expected.p), "point \(i)")
                #expect(fitter.stats.map(\.bitPattern) == expected.stats.map(\.bitPattern), "point \(i)")
            }
        }
    }

    /// The bit patterns of every candidate's modes in `values` (one of the fitter's per-mode arrays),
    /// candidate by candidate.
    func candidates(_ f: ConductionFitter, _ values: [Double]) -> [UInt64] {
        (0..<f.lastPhi.count).flatMap { c in (0..<f.nm).map { values[f.modeIndex(c, $0)].bitPattern } }
    }

    @Test func modesThatDiedOutAreZeroNotSubnormal() {
        // Thirty hours of a roast: the fast modes of the short time constants die out within
        // minutes. Left alone, what is left of them sank into the subnormal numbers and stayed
        // there (half the smallest subnormal rounds back up to it), and every grid step paid the
        // slow path of each multiplication by one: a step of a 25-hour cook took 230 us, 52 with
        // them zero.
        let fitter = ConductionFitter(assumedAmbientCelsius: 110)
        for i in 0..<3600 {
            let t = Double(i) * 30
            fitter.add(GridPoint(seconds: t, probeCelsius: 110 - 105 * exp(-t / 40_000), ambientCelsius: 115))
        }
        #expect(fitter.p.allSatisfy { $0 == 0 || $0.isNormal })
        #expect(fitter.p.filter { $0 == 0 }.count > fitter.p.count / 4)  // the test sees modes die
        #expect(fitter.p.allSatisfy { $0 == 0 || $0 >= ConductionFitter.negligibleDecay })
    }

    /// One grid step of `ConductionFitter.add` as it was written before candidates went in pairs
    /// (in the fitter's layout, `modeIndex`, and with its floor on what is left of a mode).
    func plainStep(
        _ f: ConductionFitter, y: [Double], p: [Double], stats: [Double], drive: Double, newDrive: Double,
        probe: Double?, dt: Double, elapsed: Double
    ) -> (y: [Double], p: [Double], stats: [Double]) {
        var y = y, p = p, st = stats
        let nm = f.nm, nc = f.lastPhi.count
        let decay = f.rates.map { exp(-$0 * dt) }
        let memory = max(f.configuration.minimumMemorySeconds, f.configuration.memoryFraction * elapsed)
        let lam = exp(-dt / memory)
        for c in 0..<nc {
            let a = (c % f.shapeCount) * nm
            var phi = 0.0, k = f.staticGain[c % f.shapeCount] * newDrive
            for m in 0..<nm {
                let i = f.modeIndex(c, m)
                let e = decay[i]
                let yv = drive + (y[i] - drive) * e
                let decayed = p[i] * e
                let pv = decayed < ConductionFitter.negligibleDecay ? 0 : decayed
                y[i] = yv
                p[i] = pv
                phi += f.amps[a + m] * pv
                k += f.amps[a + m] * yv
            }
            guard let z0 = probe else { continue }
            let x1 = phi, x2 = 1 - phi, z = z0 - k
            let s = c * 6
            st[s] = st[s] * lam + x1 * x1
            st[s + 1] = st[s + 1] * lam + x1 * x2
            st[s + 2] = st[s + 2] * lam + x2 * x2
            st[s + 3] = st[s + 3] * lam + x1 * z
            st[s + 4] = st[s + 4] * lam + x2 * z
            st[s + 5] = st[s + 5] * lam + z * z
        }
        return (y, p, st)
    }

    /// `ConductionFitter.forecast` as it was written before `FrozenForecast`.
    func plainForecast(
        _ f: ConductionFitter, _ sol: ConductionFitter.Solution, afterSeconds sec: Double, futureDriveCelsius a: Double,
        residual: Double
    ) -> Double {
        let nm = f.nm, shape = sol.index % f.shapeCount, ab = shape * nm
        var phi = 0.0, k = f.staticGain[shape] * a
        for m in 0..<nm {
            let b = f.modeIndex(sol.index, m) - m
            let x = f.rates[b + m] * sec
            if x > 40 {
                k += f.amps[ab + m] * a
                continue
            }
            let e = exp(-x)
            phi += f.amps[ab + m] * f.p[b + m] * e
            k += f.amps[ab + m] * (a + (f.y[b + m] - a) * e)
        }
        return sol.startCelsius * phi + k + sol.offsetCelsius * (1 - phi)
            + residual * exp(-f.rates[f.modeIndex(sol.index, 0)] * sec)
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
