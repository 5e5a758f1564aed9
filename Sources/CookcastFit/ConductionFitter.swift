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
    /// Per candidate and mode (at `modeIndex`), like `decay`, `y` and `p`: decay rates, 1/s.
    var rates: [Double] = []
    /// Mode amplitudes per (Biot, radius) shape: they do not depend on tau, so they are stored once
    /// per shape (`shapeCount` x `nm`), which keeps the hot loops' memory traffic down.
    var amps: [Double] = []
    /// `amps` and `staticGain` for the candidate pairs of `step`, lane by lane (`pairAmps`: per
    /// pattern and mode two values; `pairGains`: per pattern two): the shapes of a pair's two
    /// candidates repeat every `pairPatternCount` pairs.
    var pairAmps: [Double] = [], pairGains: [Double] = []
    let pairPatternCount: Int
    let shapeCount: Int
    /// Modal air states and modal start weights (what is left of the start, `exp(-rate t)`).
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
    /// What is left of a mode's start (`p`, `exp(-rate t)`) below which it is taken as gone (0):
    /// left alone it sank into the subnormal numbers, where every multiplication takes a slow
    /// microcode path, and stayed there (half the smallest subnormal rounds back up to it), so a
    /// grid step of a long cook spent most of its time on modes that had died out. At 1e-150
    /// the mode's share of `phi` is still a normal number when squared (the statistics' `phi^2`).
    static let negligibleDecay = 1e-150
    var sumWeight = 0.0
    var pointCount = 0
    /// Candidates in pairs (the last one with a padding candidate when their number is odd).
    let pairCount: Int

    /// Where candidate `c`'s mode `m` is in `rates`, `decay`, `y` and `p`: the candidates go in
    /// pairs, each mode of a pair's two side by side, so that `step` moves both with one vector
    /// operation. The arrays hold `2 * pairCount * nm` values.
    @inline(__always)
    func modeIndex(_ c: Int, _ m: Int) -> Int { (c >> 1) &* (2 &* nm) &+ 2 &* m &+ (c & 1) }

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
        var unitRates: [[Double]] = [], gains: [Double] = []
        for bi in configuration.biots {
            for r in configuration.radii {
                let m = ConductionModes(
                    shape: configuration.shape, tauSeconds: 1, biot: bi, radiusFraction: r, count: nm)
                amps.append(contentsOf: m.amplitudes)
                unitRates.append(m.rates)
                // The modes left out are fast: they follow the current air at once.
                gains.append(1 - m.amplitudes.reduce(0, +))
            }
        }
        staticGain = gains
        for tau in configuration.taus {
            for bi in configuration.biots {
                for r in configuration.radii {
                    tauOf.append(tau); biotOf.append(bi); radiusOf.append(r)
                }
            }
        }
        nc = tauOf.count
        pairCount = (nc + 1) / 2
        let modeValues = 2 * pairCount * nm
        // A padding candidate (odd `nc`) takes the last one's rates: finite, and never read.
        rates = [Double](repeating: 0, count: modeValues)
        for slot in 0..<(2 * pairCount) {
            let c = min(slot, nc - 1)
            let unit = unitRates[c % shapeCount], tau = tauOf[c]
            for m in 0..<nm { rates[(slot >> 1) * 2 * nm + 2 * m + (slot & 1)] = unit[m] / tau }
        }
        // Pair q's lanes are candidates 2q and 2q+1, shapes (2q) % shapeCount and (2q+1) % shapeCount.
        pairPatternCount = shapeCount % 2 == 0 ? shapeCount / 2 : shapeCount
        for pattern in 0..<pairPatternCount {
            let shapes = [(2 * pattern) % shapeCount, (2 * pattern + 1) % shapeCount]
            for m in 0..<nm {
                for shape in shapes { pairAmps.append(amps[shape * nm + m]) }
            }
            for shape in shapes { pairGains.append(gains[shape]) }
        }
        y = [Double](repeating: 0, count: modeValues)
        p = [Double](repeating: 1, count: modeValues)
        stats = [Double](repeating: 0, count: nc * 6)
        lastModel = [Double](repeating: 0, count: nc)
        decay = [Double](repeating: 1, count: modeValues)
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
                for i in rates.indices { reused[i] = exp(-rates[i] * dt) }
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
                if originSeconds != nil { for i in y.indices { y[i] = a * (1 - p[i]) } }
            }
        }
        guard let origin = originSeconds, let last = lastSeconds else {
            originSeconds = g.seconds
            lastSeconds = g.seconds
            firstProbeCelsius = g.probeCelsius
            lastDriveCelsius = g.ambientCelsius ?? (hasMeasuredAmbient ? lastDriveCelsius : assumedAmbientCelsius)
            for i in y.indices { y[i] = 0; p[i] = 1 }
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
                drive: drive, newDrive: newDrive, probe: nil, lam: 1, nm: nm, patternCount: pairPatternCount,
                decay: decay, pairAmps: pairAmps, pairGains: pairGains, y: &y, p: &p, lastPhi: &lastPhi,
                lastK: &lastK, stats: &stats)
            return
        }
        let memory = max(configuration.minimumMemorySeconds, configuration.memoryFraction * elapsed)
        let lam = exp(-dt / memory)
        pointCount += 1
        sumWeight = sumWeight * lam + 1
        Self.step(
            drive: drive, newDrive: newDrive, probe: g.probeCelsius, lam: lam, nm: nm, patternCount: pairPatternCount,
            decay: decay, pairAmps: pairAmps, pairGains: pairGains, y: &y, p: &p, lastPhi: &lastPhi, lastK: &lastK,
            stats: &stats)
        lastProbeCelsius = g.probeCelsius
    }

    /// One grid step for every candidate in a single pass over the modal states: propagate them
    /// over the step with the air `drive`, then (with a `probe` reading) fold the point into the
    /// candidate's forgetting sufficient statistics, regressors evaluated at `newDrive`.
    /// Hot loops take the arrays inout: one exclusivity check per call, not per element.
    ///
    /// Candidates go two at a time, as the two lanes of one vector (`modeIndex`): each
    /// candidate's modal sums are a chain of `modeCount` dependent additions, and one candidate
    /// alone kept the core waiting on them (in pairs of scalars a step of 3,000 points took 22 us a
    /// point instead of 28.5; as vectors the loads, stores and arithmetic halve again). Each lane's
    /// arithmetic and its order are those of one candidate alone, so every value is bit-identical
    /// to one candidate at a time.
    private static func step(
        drive: Double, newDrive: Double, probe: Double?, lam: Double, nm: Int, patternCount: Int, decay: [Double],
        pairAmps: [Double], pairGains: [Double], y: inout [Double], p: inout [Double], lastPhi: inout [Double],
        lastK: inout [Double], stats: inout [Double]
    ) {
        typealias Pair = SIMD2<Double>
        let nc = lastPhi.count, pairs = (nc + 1) / 2
        let negligible = Pair(repeating: negligibleDecay), zero = Pair()
        let drives = Pair(repeating: drive)
        /// The pair of values at `i` (even) of `buffer`.
        @inline(__always) func load(_ buffer: UnsafePointer<Double>, _ i: Int) -> Pair {
            UnsafeRawPointer(buffer + i).loadUnaligned(as: Pair.self)
        }
        @inline(__always) func store(_ v: Pair, _ buffer: UnsafeMutablePointer<Double>, _ i: Int) {
            UnsafeMutableRawPointer(buffer + i).storeBytes(of: v, as: Pair.self)
        }
        pairAmps.withUnsafeBufferPointer { ab in
            decay.withUnsafeBufferPointer { db in
                pairGains.withUnsafeBufferPointer { gb in
                    p.withUnsafeMutableBufferPointer { pb in
                        y.withUnsafeMutableBufferPointer { yb in
                            lastPhi.withUnsafeMutableBufferPointer { phis in
                                lastK.withUnsafeMutableBufferPointer { ks in
                                    stats.withUnsafeMutableBufferPointer { st in
                                        guard let amps = ab.baseAddress, let gains = gb.baseAddress,
                                            let e = db.baseAddress, let ys = yb.baseAddress, let ps = pb.baseAddress
                                        else { return }  // no candidates: nothing to step
                                        guard let z0 = probe else {
                                            for i in stride(from: 0, to: 2 * pairs * nm, by: 2) {
                                                let ei = load(e, i)
                                                store(drives + (load(ys, i) - drives) * ei, ys, i)
                                                let decayed = load(ps, i) * ei
                                                store(
                                                    decayed.replacing(with: zero, where: decayed .< negligible), ps, i)
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
                                        // The pairs' shape patterns (q % patternCount), counted, not divided.
                                        var pattern = 0
                                        for q in 0..<pairs {
                                            let base = q &* (2 &* nm), patternBase = pattern &* (2 &* nm)
                                            var phi = zero
                                            var k = load(gains, 2 &* pattern) * newDrive
                                            for m in 0..<nm {
                                                let i = base &+ 2 &* m
                                                let ei = load(e, i)
                                                let yv = drives + (load(ys, i) - drives) * ei
                                                let decayed = load(ps, i) * ei
                                                let pv = decayed.replacing(with: zero, where: decayed .< negligible)
                                                store(yv, ys, i)
                                                store(pv, ps, i)
                                                let a = load(amps, patternBase &+ 2 &* m)
                                                phi += a * pv
                                                k += a * yv
                                            }
                                            let c = 2 &* q
                                            fold(c, phi: phi[0], k: k[0])
                                            if c &+ 1 < nc { fold(c &+ 1, phi: phi[1], k: k[1]) }
                                            pattern = pattern &+ 1 == patternCount ? 0 : pattern &+ 1
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
        let n = nm, c = sol.index, shape = sol.index % shapeCount, ab = shape * nm
        return withUnsafeTemporaryAllocation(
            of: Double.self, capacity: FrozenForecast.scratchCount(modeCount: n)
        ) { modes in
            rates.withUnsafeBufferPointer { rb in
                amps.withUnsafeBufferPointer { amb in
                    p.withUnsafeBufferPointer { pb in
                        y.withUnsafeBufferPointer { yb in
                            for m in 0..<n {
                                let i = modeIndex(c, m)
                                modes[4 * m] = rb[i]
                                modes[4 * m + 1] = amb[ab + m] * pb[i]
                                modes[4 * m + 2] = amb[ab + m]
                                modes[4 * m + 3] = yb[i] - a
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
        let ab = (sol.index % shapeCount) * nm
        var s = 0.0
        for m in 0..<nm {
            let x = rates[modeIndex(sol.index, m)] * t
            if x < 40 { s += amps[ab + m] * exp(-x) }
        }
        return 1 - s
    }

    /// Slowest decay rate of a candidate, 1/s.
    public func slowestRate(_ sol: Solution) -> Double { rates[modeIndex(sol.index, 0)] }

    /// How many times faster the second mode of a candidate decays than the first (it depends on
    /// the shape and the Biot number only); nil with a single mode.
    public func secondRateRatio(_ sol: Solution) -> Double? {
        nm >= 2 ? rates[modeIndex(sol.index, 1)] / rates[modeIndex(sol.index, 0)] : nil
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
