import Foundation

/// Grey-box conduction fit: the first radial modes of a slab/cylinder/sphere driven by the
/// (measured or assumed) air temperature, over a grid of time constants `tau = R^2/alpha`, Biot
/// numbers and probe depths. For each candidate the start temperature `T0` and an ambient offset
/// `delta` enter linearly; they are solved by ridge least squares from running, exponentially
/// forgotten sufficient statistics, so each grid point costs the same however long the cook is.
///
/// Without an ambient sensor the modes are driven by the assumed air temperature (the cut's
/// typical ambient or the learned prior) and `delta` becomes the fitted correction to it.
public final class ConductionFitter {
    /// One fitted candidate.
    public struct Solution: Sendable {
        /// Index into the candidate grid.
        public var index: Int
        public var tauSeconds: Double
        public var biot: Double
        public var radiusFraction: Double
        /// Fitted start temperature, Celsius.
        public var startCelsius: Double
        /// Fitted ambient offset (measured ambient + offset = air seen by the meat), Celsius.
        public var offsetCelsius: Double
        /// Weighted residual sum of squares including ridge terms.
        public var cost: Double
        /// Model value at the last grid point, Celsius.
        public var lastModelCelsius: Double
    }

    public let configuration: Configuration
    let nc: Int, nm: Int
    var tauOf: [Double] = [], biotOf: [Double] = [], radiusOf: [Double] = []
    var tauPenalty: [Double] = [], biotPenaltyAir: [Double] = [], biotPenaltyBath: [Double] = []
    var rates: [Double] = []
    /// Mode amplitudes per (Biot, radius) shape: they do not depend on tau, so they are stored once
    /// per shape (`shapeCount` x `nm`), which keeps the hot loops' memory traffic down.
    var amps: [Double] = []
    let shapeCount: Int
    var y: [Double] = [], p: [Double] = []
    // S11 S12 S22 S1z S2z Szz per candidate
    var stats: [Double] = []
    var lastModel: [Double] = []
    var decay: [Double] = []
    var staticGain: [Double] = []
    var lastPhi: [Double] = [], lastK: [Double] = []
    var decayStep = -1.0
    /// Decays of the last few other steps (`decayCacheSize`), most recent first: grid points are
    /// dated at their readings' mean time on a 5 s lattice, so steps of 25, 30 and 35 s alternate
    /// for a probe read every few seconds, and each change would recompute `nc * nm` (16,080)
    /// exponentials.
    var decayCache: [(step: Double, values: [Double])] = []
    static let decayCacheSize = 4
    var sumWeight = 0.0
    var pointCount = 0
    /// Seconds of the first grid point (the model's t = 0).
    public private(set) var originSeconds: Double?
    /// Seconds of the last grid point.
    public private(set) var lastSeconds: Double?
    public private(set) var firstProbeCelsius: Double?
    public private(set) var lastProbeCelsius: Double?
    /// Air temperature driving the modes over the last step (measured, else assumed), Celsius.
    public private(set) var lastDriveCelsius: Double
    /// Air temperature assumed when no sensor reports one.
    public var assumedAmbientCelsius: Double
    /// Air-minus-target gap that scales the offset prior (nil: the fixed prior).
    public var offsetScaleCelsius: Double?
    /// Step of the probe's readings, Celsius (0: fine-grained); it widens the offset's smallest
    /// standard deviation (`Configuration.offsetFloorPerReadingStep`).
    public var readingStepCelsius = 0.0
    /// Whether the measured air is a water bath, as the estimator judges it
    /// (`ETAEstimator.Configuration.bathGapCelsius`): the Biot prior then takes a bath's surface
    /// coefficient, and the offset prior has no evaporation in it.
    public var inBath = false
    /// Whether any measured ambient has been seen.
    public private(set) var hasMeasuredAmbient = false

    /// Creates a fitter; `assumedAmbientCelsius` drives the model when there is no ambient sensor.
    public init(configuration: Configuration = Configuration(), assumedAmbientCelsius: Double) {
        self.configuration = configuration
        self.assumedAmbientCelsius = assumedAmbientCelsius
        self.lastDriveCelsius = assumedAmbientCelsius
        nm = configuration.modeCount
        shapeCount = configuration.biots.count * configuration.radii.count
        // Candidate c = (tau index * biots + biot index) * radii + radius index, so its shape is
        // c % shapeCount.
        // The roots depend on the Biot number only: one modal solution per shape at tau = 1 s, whose
        // rates (lambda_n^2 / 1 s) scale as 1/tau. Solving the roots again for every time constant
        // was a sixth of `cookcast predict`'s time on a 24 h cook.
        var unitRates: [[Double]] = []
        for bi in configuration.biots {
            for r in configuration.radii {
                let m = ConductionModes(
                    shape: configuration.shape, tauSeconds: 1, biot: bi, radiusFraction: r, count: nm)
                amps.append(contentsOf: m.amplitudes)
                unitRates.append(m.rates)
                // The modes left out are fast: they follow the current air at once.
                staticGain.append(1 - m.amplitudes.reduce(0, +))
            }
        }
        for tau in configuration.taus {
            var shape = 0
            for bi in configuration.biots {
                for r in configuration.radii {
                    tauOf.append(tau); biotOf.append(bi); radiusOf.append(r)
                    rates.append(contentsOf: unitRates[shape].map { $0 / tau })
                    shape += 1
                }
            }
        }
        nc = tauOf.count
        y = [Double](repeating: 0, count: nc * nm)
        p = [Double](repeating: 1, count: nc * nm)
        stats = [Double](repeating: 0, count: nc * 6)
        lastModel = [Double](repeating: 0, count: nc)
        decay = [Double](repeating: 1, count: nc * nm)
        lastPhi = [Double](repeating: 1, count: nc)
        lastK = [Double](repeating: 0, count: nc)
        // The priors' squared z-scores per candidate (constant: the solve adds them, no logs).
        tauPenalty = tauOf.map { tau in
            guard let lp = configuration.logTauPrior else { return 0 }
            let u = (log(tau) - lp.mean) / lp.sd
            return u * u
        }
        func biotPenalty(bath: Bool) -> [Double] {
            guard let bp = configuration.biotPrior else { return [Double](repeating: 0, count: nc) }
            return (0..<nc).map { c in
                let u = log(biotOf[c] / bp.expectedBiot(tauSeconds: tauOf[c], bath: bath)) / bp.logSD
                return u * u
            }
        }
        biotPenaltyAir = biotPenalty(bath: false)
        biotPenaltyBath = biotPenalty(bath: true)
    }

    /// Forgets the fitted statistics (not the modal states): the probe was still settling (cooling
    /// from room to meat temperature), so the fit restarts from `startCelsius` as the start prior.
    public func restartStatistics(startCelsius: Double) {
        for i in stats.indices { stats[i] = 0 }
        sumWeight = 0
        pointCount = 0
        firstProbeCelsius = startCelsius
    }

    /// Makes `decay` that of a step of `dt` seconds: from the cache when it holds it, else
    /// computed; the one it replaces is cached.
    func useDecay(forStep dt: Double) {
        let previous = (step: decayStep, values: decay)
        if let i = decayCache.firstIndex(where: { $0.step == dt }) {
            decay = decayCache.remove(at: i).values
        } else {
            if decayCache.count >= Self.decayCacheSize, var reused = decayCache.popLast()?.values {
                // The evicted array's storage takes the new values: no allocation.
                for i in 0..<(nc * nm) { reused[i] = exp(-rates[i] * dt) }
                decay = reused
            } else {
                decay = rates.map { exp(-$0 * dt) }
            }
        }
        if previous.step >= 0 { decayCache.insert(previous, at: 0) }
        decayStep = dt
    }

    /// Number of grid points absorbed.
    public var count: Int { pointCount }
    /// Effective number of points after forgetting.
    public var effectiveCount: Double { sumWeight }

    /// Absorbs one grid point (points must come in increasing time). Constant cost.
    public func add(_ g: GridPoint) {
        guard g.probeCelsius.isFinite else { return }
        if let a = g.ambientCelsius, a.isFinite {
            if !hasMeasuredAmbient {
                hasMeasuredAmbient = true
                // restart the drive from the first measured value
                lastDriveCelsius = a
                if originSeconds != nil { for i in 0..<(nc * nm) { y[i] = a * (1 - p[i]) } }
            }
        }
        guard let origin = originSeconds, let last = lastSeconds else {
            originSeconds = g.seconds
            lastSeconds = g.seconds
            firstProbeCelsius = g.probeCelsius
            lastDriveCelsius = g.ambientCelsius ?? (hasMeasuredAmbient ? lastDriveCelsius : assumedAmbientCelsius)
            for i in 0..<(nc * nm) { y[i] = 0; p[i] = 1 }
            lastProbeCelsius = g.probeCelsius
            return
        }
        let dt = max(0, g.seconds - last)
        if dt != decayStep { useDecay(forStep: dt) }
        // Air over the step: mean of the two ends (held when missing).
        let newDrive = g.ambientCelsius ?? (hasMeasuredAmbient ? lastDriveCelsius : assumedAmbientCelsius)
        let drive = 0.5 * (newDrive + lastDriveCelsius)
        lastDriveCelsius = newDrive
        lastSeconds = g.seconds
        let elapsed = g.seconds - origin
        guard elapsed >= configuration.skipSeconds else {
            Self.step(
                drive: drive, newDrive: newDrive, probe: nil, lam: 1, nm: nm, shapeCount: shapeCount, decay: decay,
                amps: amps, staticGain: staticGain, y: &y, p: &p, lastPhi: &lastPhi, lastK: &lastK, stats: &stats)
            return
        }
        let memory = max(configuration.minimumMemorySeconds, configuration.memoryFraction * elapsed)
        let lam = exp(-dt / memory)
        pointCount += 1
        sumWeight = sumWeight * lam + 1
        Self.step(
            drive: drive, newDrive: newDrive, probe: g.probeCelsius, lam: lam, nm: nm, shapeCount: shapeCount,
            decay: decay, amps: amps, staticGain: staticGain, y: &y, p: &p, lastPhi: &lastPhi, lastK: &lastK,
            stats: &stats)
        lastProbeCelsius = g.probeCelsius
    }

    /// One grid step for every candidate in a single pass over the modal states: propagate them
    /// over the step with the air `drive`, then (with a `probe` reading) fold the point into the
    /// candidate's forgetting sufficient statistics, regressors evaluated at `newDrive`.
    /// Hot loops take the arrays inout: one exclusivity check per call, not per element.
    ///
    /// Candidates go two at a time: each one's modal sums are a chain of `modeCount` dependent
    /// additions, and one candidate alone kept the core waiting on them: in pairs a step of 3,000
    /// points took 22 us a point instead of 28.5. Each candidate's own arithmetic and its order
    /// are unchanged, so every value is bit-identical to one candidate at a time.
    private static func step(
        drive: Double, newDrive: Double, probe: Double?, lam: Double, nm: Int, shapeCount: Int, decay: [Double],
        amps: [Double], staticGain: [Double], y: inout [Double], p: inout [Double], lastPhi: inout [Double],
        lastK: inout [Double], stats: inout [Double]
    ) {
        let nc = lastPhi.count
        amps.withUnsafeBufferPointer { ab in
            decay.withUnsafeBufferPointer { db in
                staticGain.withUnsafeBufferPointer { gains in
                    p.withUnsafeMutableBufferPointer { pb in
                        y.withUnsafeMutableBufferPointer { yb in
                            lastPhi.withUnsafeMutableBufferPointer { phis in
                                lastK.withUnsafeMutableBufferPointer { ks in
                                    stats.withUnsafeMutableBufferPointer { st in
                                        guard let z0 = probe else {
                                            for i in 0..<(nc * nm) {
                                                let e = db[i]
                                                yb[i] = drive + (yb[i] - drive) * e
                                                pb[i] *= e
                                            }
                                            return
                                        }
                                        // Folds candidate `c`'s regressors into its statistics.
                                        @inline(__always) func fold(_ c: Int, phi: Double, k: Double) {
                                            phis[c] = phi
                                            ks[c] = k
                                            let x1 = phi, x2 = 1 - phi, z = z0 - k
                                            let s = c &* 6
                                            st[s] = st[s] * lam + x1 * x1
                                            st[s + 1] = st[s + 1] * lam + x1 * x2
                                            st[s + 2] = st[s + 2] * lam + x2 * x2
                                            st[s + 3] = st[s + 3] * lam + x1 * z
                                            st[s + 4] = st[s + 4] * lam + x2 * z
                                            st[s + 5] = st[s + 5] * lam + z * z
                                        }
                                        // Propagates mode `i` (amplitude index `a`), adding to `phi`, `k`.
                                        @inline(__always) func propagate(
                                            _ i: Int, amplitude a: Int, phi: inout Double, k: inout Double
                                        ) {
                                            let e = db[i]
                                            let yv = drive + (yb[i] - drive) * e
                                            let pv = pb[i] * e
                                            yb[i] = yv
                                            pb[i] = pv
                                            phi += ab[a] * pv
                                            k += ab[a] * yv
                                        }
                                        // The candidates' shapes (c % shapeCount), counted, not divided.
                                        var shape = 0
                                        var c = 0
                                        while c &+ 1 < nc {
                                            let next = shape &+ 1 == shapeCount ? 0 : shape &+ 1
                                            let b0 = c &* nm, b1 = b0 &+ nm
                                            let a0 = shape &* nm, a1 = next &* nm
                                            var phi0 = 0.0, k0 = gains[shape] * newDrive
                                            var phi1 = 0.0, k1 = gains[next] * newDrive
                                            for m in 0..<nm {
                                                propagate(b0 &+ m, amplitude: a0 &+ m, phi: &phi0, k: &k0)
                                                propagate(b1 &+ m, amplitude: a1 &+ m, phi: &phi1, k: &k1)
                                            }
                                            fold(c, phi: phi0, k: k0)
                                            fold(c &+ 1, phi: phi1, k: k1)
                                            shape = next &+ 1 == shapeCount ? 0 : next &+ 1
                                            c &+= 2
                                        }
                                        if c < nc {
                                            let b = c &* nm, a = shape &* nm
                                            var phi = 0.0, k = gains[shape] * newDrive
                                            for m in 0..<nm { propagate(b &+ m, amplitude: a &+ m, phi: &phi, k: &k) }
                                            fold(c, phi: phi, k: k)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// What every candidate's ridge solve shares: the prior rows (the same for every candidate)
    /// and which Biot penalty applies.
    private struct RidgePrior {
        /// Squared noise over the prior variances of the start and the offset.
        var n2: Double, r1: Double, r2: Double
        /// Prior means of the start and the offset, Celsius.
        var m1: Double, m2: Double
        /// `r1 m1^2 + r2 m2^2`.
        var priorCost: (start: Double, offset: Double)
        /// The Biot prior's penalties per candidate (nil: none applies).
        var biotPenalty: [Double]?
    }

    private func ridgePrior() -> RidgePrior {
        let cfg = configuration
        let n2 = cfg.noiseCelsius * cfg.noiseCelsius
        let r1 = n2 / (cfg.startSigmaCelsius * cfg.startSigmaCelsius)
        var sd = hasMeasuredAmbient ? cfg.offsetSigmaMeasured : cfg.offsetSigmaAssumed
        if hasMeasuredAmbient, let gap = offsetScaleCelsius {
            // A bath a degree above the target pins the offset far tighter than a 150 C oven.
            let floor = max(cfg.offsetFloorCelsius, cfg.offsetFloorPerReadingStep * readingStepCelsius)
            sd = min(sd, max(floor, cfg.offsetGapFraction * gap))
        }
        let r2 = n2 / (sd * sd)
        let m1 = firstProbeCelsius ?? 0
        let bath = hasMeasuredAmbient && inBath
        let m2 = hasMeasuredAmbient && !bath ? -(offsetScaleCelsius ?? 0) * cfg.offsetPriorGapFraction : 0
        return RidgePrior(
            n2: n2, r1: r1, r2: r2, m1: m1, m2: m2, priorCost: (r1 * m1 * m1, r2 * m2 * m2),
            biotPenalty: cfg.biotPrior != nil && hasMeasuredAmbient ? (bath ? biotPenaltyBath : biotPenaltyAir) : nil)
    }

    /// Candidate `c`'s ridge solve from its statistics `st` (and the prior penalties `tp`, `bp`,
    /// `bp` empty for none): start temperature, offset, cost (before the floor at 0). The one
    /// computation behind `solveAll`, `solveCosts` and `solution(index:)`, so they agree bit for bit.
    @inline(__always)
    private static func solve(
        _ c: Int, _ prior: RidgePrior, st: UnsafeBufferPointer<Double>, tp: UnsafeBufferPointer<Double>,
        bp: UnsafeBufferPointer<Double>
    ) -> (startCelsius: Double, offsetCelsius: Double, cost: Double) {
        let r1 = prior.r1, r2 = prior.r2, m1 = prior.m1, m2 = prior.m2, n2 = prior.n2
        let s = c * 6
        let a11 = st[s] + r1, a12 = st[s + 1], a22 = st[s + 2] + r2
        let b1 = st[s + 3] + r1 * m1, b2 = st[s + 4] + r2 * m2
        let det = a11 * a22 - a12 * a12
        var t0 = m1, d = m2
        if abs(det) > 1e-12 {
            t0 = (a22 * b1 - a12 * b2) / det
            d = (a11 * b2 - a12 * b1) / det
        }
        // cost = Szz + r1 m1^2 + r2 m2^2 - theta . b   (normal equations hold)
        var cost = st[s + 5] + prior.priorCost.start + prior.priorCost.offset - (t0 * b1 + d * b2)
        cost += n2 * tp[c]
        if bp.count > 0 { cost += n2 * bp[c] }
        return (t0, d, cost)
    }

    /// Calls `body` with the statistics and the prior penalties as buffer pointers (`bp` empty when
    /// no Biot penalty applies): read as the class's properties, each access paid a dynamic
    /// exclusivity check, a quarter of `cookcast predict`'s time on a 24 h cook.
    @inline(__always)
    private func withSolveInputs<R>(
        _ prior: RidgePrior,
        _ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) -> R
    ) -> R {
        stats.withUnsafeBufferPointer { st in
            tauPenalty.withUnsafeBufferPointer { tp in
                (prior.biotPenalty ?? []).withUnsafeBufferPointer { bp in body(st, tp, bp) }
            }
        }
    }

    /// Candidate `c`'s solution from its solve, with its model at the last fitted point from its
    /// regressors there (`lastPhi`, `lastK`).
    @inline(__always)
    private static func solution(
        _ c: Int, tauSeconds: Double, biot: Double, radiusFraction: Double,
        _ solved: (startCelsius: Double, offsetCelsius: Double, cost: Double), phi: Double, k: Double
    ) -> Solution {
        let t0 = solved.startCelsius, d = solved.offsetCelsius
        return Solution(
            index: c, tauSeconds: tauSeconds, biot: biot, radiusFraction: radiusFraction, startCelsius: t0,
            offsetCelsius: d, cost: max(0, solved.cost), lastModelCelsius: t0 * phi + k + d * (1 - phi))
    }

    /// Every candidate's ridge solve, in candidate order (`Solution.index`). The prior rows are
    /// the same for every candidate, so they are set up once.
    public func solveAll() -> [Solution] {
        var out: [Solution] = []
        out.reserveCapacity(nc)
        let prior = ridgePrior()
        let taus = tauOf, biots = biotOf, radii = radiusOf
        withSolveInputs(prior) { st, tp, bp in
            lastPhi.withUnsafeBufferPointer { phis in
                lastK.withUnsafeBufferPointer { ks in
                    for c in 0..<nc {
                        out.append(
                            Self.solution(
                                c, tauSeconds: taus[c], biot: biots[c], radiusFraction: radii[c],
                                Self.solve(c, prior, st: st, tp: tp, bp: bp), phi: phis[c], k: ks[c]))
                    }
                }
            }
        }
        return out
    }

    /// Every candidate's `Solution.cost`, by index: what ranking the candidates needs, without
    /// building the 1,340 solutions of which a grid step reads the few it keeps (`solution(index:)`):
    /// `solveAll()` was 8 % of a grid step's instructions. Bit-identical to `solveAll()`'s costs.
    public func solveCosts() -> [Double] {
        let prior = ridgePrior(), n = nc
        return withSolveInputs(prior) { st, tp, bp in
            [Double](unsafeUninitializedCapacity: n) { costs, initialized in
                for c in 0..<n { costs[c] = max(0, Self.solve(c, prior, st: st, tp: tp, bp: bp).cost) }
                initialized = n
            }
        }
    }

    /// Index of the cheapest of `costs` (the first of equal ones, as `solveAll().min` by cost).
    public static func cheapestIndex(_ costs: [Double]) -> Int {
        var best = 0
        for (i, c) in costs.enumerated() where c < costs[best] { best = i }
        return best
    }

    /// Candidate `index`'s solution, bit-identical to `solveAll()[index]`.
    public func solution(index c: Int) -> Solution {
        let prior = ridgePrior()
        let solved = withSolveInputs(prior) { st, tp, bp in Self.solve(c, prior, st: st, tp: tp, bp: bp) }
        return Self.solution(
            c, tauSeconds: tauOf[c], biot: biotOf[c], radiusFraction: radiusOf[c], solved, phi: lastPhi[c],
            k: lastK[c])
    }

    /// Model temperature `s` seconds after the last grid point for candidate `sol`, with the air
    /// (as measured, before the offset) held at `futureDriveCelsius`, plus the current residual
    /// decaying with the slowest mode.
    public func forecast(_ sol: Solution, afterSeconds sec: Double, futureDriveCelsius a: Double, residual: Double)
        -> Double
    {
        withFrozenForecast(sol, futureDriveCelsius: a, residual: residual) { $0.celsius(afterSeconds: sec) }
    }

    /// Calls `body` with candidate `sol`'s forecast frozen at the last grid point (see
    /// `FrozenForecast`): the fitter's arrays are read once, not at every evaluation.
    func withFrozenForecast<R>(
        _ sol: Solution, futureDriveCelsius a: Double, residual: Double, _ body: (FrozenForecast) -> R
    ) -> R {
        let n = nm, b = sol.index * nm, shape = sol.index % shapeCount, ab = shape * nm
        return withUnsafeTemporaryAllocation(
            of: Double.self, capacity: FrozenForecast.scratchCount(modeCount: n)
        ) { modes in
            rates.withUnsafeBufferPointer { rb in
                amps.withUnsafeBufferPointer { amb in
                    p.withUnsafeBufferPointer { pb in
                        y.withUnsafeBufferPointer { yb in
                            for m in 0..<n {
                                modes[4 * m] = rb[b + m]
                                modes[4 * m + 1] = amb[ab + m] * pb[b + m]
                                modes[4 * m + 2] = amb[ab + m]
                                modes[4 * m + 3] = yb[b + m] - a
                            }
                        }
                    }
                }
            }
            return body(
                FrozenForecast(
                    modes: modes, modeCount: n, a: a, staticPart: staticGain[shape] * a,
                    startCelsius: sol.startCelsius, offsetCelsius: sol.offsetCelsius, residual: residual))
        }
    }

    /// Normalised response of a candidate to a unit step of air from a uniform start.
    public func stepResponse(_ sol: Solution, atSeconds t: Double) -> Double {
        let b = sol.index * nm, ab = (sol.index % shapeCount) * nm
        var s = 0.0
        for m in 0..<nm {
            let x = rates[b + m] * t
            if x < 40 { s += amps[ab + m] * exp(-x) }
        }
        return 1 - s
    }

    /// Slowest decay rate of a candidate, 1/s.
    public func slowestRate(_ sol: Solution) -> Double { rates[sol.index * nm] }

    /// How many times faster the second mode of a candidate decays than the first (it depends on
    /// the shape and the Biot number only); nil with a single mode.
    public func secondRateRatio(_ sol: Solution) -> Double? {
        nm >= 2 ? rates[sol.index * nm + 1] / rates[sol.index * nm] : nil
    }

    /// Seconds after the last grid point until the forecast reaches `target`, or nil when it never
    /// does within `horizon` seconds.
    public func crossing(
        _ sol: Solution, targetCelsius: Double, futureDriveCelsius a: Double, residual: Double,
        horizonSeconds: Double = 7 * 86400
    ) -> Double? {
        withFrozenForecast(sol, futureDriveCelsius: a, residual: residual) { curve in
            if curve.celsius(afterSeconds: 0) >= targetCelsius { return 0 }
            var hi = 600.0
            while curve.celsius(afterSeconds: hi) < targetCelsius {
                hi *= 2
                if hi > horizonSeconds { return nil }
            }
            var lo = hi < 1200 ? 0 : hi / 2
            for _ in 0..<40 {
                let mid = 0.5 * (lo + hi)
                if curve.celsius(afterSeconds: mid) >= targetCelsius { hi = mid } else { lo = mid }
                if hi - lo < max(1, 2e-4 * hi) { break }
            }
            return hi
        }
    }
}
