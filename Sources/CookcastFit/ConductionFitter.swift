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
                                        // The candidate's shape (c % shapeCount), counted, not divided.
                                        var shape = 0
                                        for c in 0..<nc {
                                            let b = c * nm
                                            let a = shape * nm
                                            var phi = 0.0, k = gains[shape] * newDrive
                                            for m in 0..<nm {
                                                let e = db[b + m]
                                                let yv = drive + (yb[b + m] - drive) * e
                                                let pv = pb[b + m] * e
                                                yb[b + m] = yv
                                                pb[b + m] = pv
                                                phi += ab[a + m] * pv
                                                k += ab[a + m] * yv
                                            }
                                            phis[c] = phi
                                            ks[c] = k
                                            let x1 = phi, x2 = 1 - phi, z = z0 - k
                                            let s = c * 6
                                            st[s] = st[s] * lam + x1 * x1
                                            st[s + 1] = st[s + 1] * lam + x1 * x2
                                            st[s + 2] = st[s + 2] * lam + x2 * x2
                                            st[s + 3] = st[s + 3] * lam + x1 * z
                                            st[s + 4] = st[s + 4] * lam + x2 * z
                                            st[s + 5] = st[s + 5] * lam + z * z
                                            shape += 1
                                            if shape == shapeCount { shape = 0 }
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

    /// Every candidate's ridge solve (cost order not guaranteed). The prior rows are the same for
    /// every candidate, so they are set up once, and the per-candidate arrays are read through
    /// buffer pointers: read as the class's properties, each access paid a dynamic exclusivity
    /// check, a quarter of `cookcast predict`'s time on a 24 h cook.
    public func solveAll() -> [Solution] {
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
        let startPriorCost = r1 * m1 * m1, offsetPriorCost = r2 * m2 * m2
        let taus = tauOf, biots = biotOf, radii = radiusOf
        let biotPenalty = cfg.biotPrior != nil && hasMeasuredAmbient ? (bath ? biotPenaltyBath : biotPenaltyAir) : nil
        var out: [Solution] = []
        out.reserveCapacity(nc)
        stats.withUnsafeBufferPointer { st in
            lastPhi.withUnsafeBufferPointer { phis in
                lastK.withUnsafeBufferPointer { ks in
                    tauPenalty.withUnsafeBufferPointer { tp in
                        (biotPenalty ?? []).withUnsafeBufferPointer { bp in
                            for c in 0..<nc {
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
                                var cost = st[s + 5] + startPriorCost + offsetPriorCost - (t0 * b1 + d * b2)
                                cost += n2 * tp[c]
                                if bp.count > 0 { cost += n2 * bp[c] }
                                // model at the last fitted point
                                let phi = phis[c]
                                out.append(
                                    Solution(
                                        index: c, tauSeconds: taus[c], biot: biots[c], radiusFraction: radii[c],
                                        startCelsius: t0, offsetCelsius: d, cost: max(0, cost),
                                        lastModelCelsius: t0 * phi + ks[c] + d * (1 - phi)))
                            }
                        }
                    }
                }
            }
        }
        return out
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
