import CookcastCore
import Foundation

/// Incremental ETA for one probe: feed every raw reading with `update(_:)`, ask with
/// `estimate(atSeconds:)`.
///
/// Raw ticks are cleaned (`ReadingCleaner`) and averaged into fixed grid buckets; only a closed
/// bucket updates the fitters, so a tick costs a few additions and a grid step costs the same at
/// hour 1 and hour 24. The finish comes from a fallback ladder: the grey-box conduction fit
/// driven by the measured air (or, without a sensor, by an assumed constant air whose level is
/// fitted) -> the recent slope -> the cut's prior; where the physics is weak (no air sensor, air
/// close to the target, after a plateau) it is blended with the recent slope by how well each
/// forecast the last horizon. A plateau in the stall band switches to the stall model
/// (remaining plateau and plateau-to-finish time from past cooks of the cut, blended with
/// conduction from the plateau temperature). `NewtonFitter` (LAPACK, recent window) is kept as a
/// tested building block but is not on the live ladder: in backtests it was worse than the prior
/// rung on the near-asymptote cases it would serve.
///
/// ```swift
/// let est = ETAEstimator(targetCelsius: 95, prior: FitPrior.resolve(cut: brisket, priors: learned))
/// for r in readings { est.update(r) }
/// let e = est.estimate(atSeconds: now)   // e.finishSeconds, e.finishLowSeconds..., e.phase
/// ```
public final class ETAEstimator {
    /// Tuning knobs.
    public struct Configuration: Sendable {
        /// Grid bucket width, seconds.
        public var bucketSeconds = 30.0
        /// Grid points needed before any fit.
        public var minimumPoints = 4
        /// Inflation of the residual variance when weighting conduction candidates (residuals are
        /// autocorrelated, so the raw likelihood is far too sharp).
        public var candidateTemperature = 4.0
        /// Smallest half-width of the 80 % interval as a fraction of the remaining time.
        public var intervalFloorFraction = 0.12
        /// Typical bias between the probe and the air sensor, Celsius: near an asymptote (a bath just
        /// above the target) the interval covers the air being off by this much either way.
        public var airBiasCelsius = 1.0
        /// Gain of the smoothing per grid step (1 = none).
        public var smoothingGain = 0.5
        /// Recompute the estimate at every grid step (live). Off for bulk fitting of stored cooks,
        /// which asks with `refreshNow()` only where it needs an answer.
        public var refreshesEachBucket = true
        /// How many cooks' worth of trust the plateau physics gets against the learned
        /// plateau-to-finish time (weight of the learned time = n / (n + this)). Six: a learned
        /// ratio from a handful of cooks is noisy (the shipped brisket prior is three probes of one
        /// cook), and at 2 it held simulated briskets to the real cook's long finish (suite seed 7
        /// p90 0.33 -> 0.29, seed 11 0.46 -> 0.39; real cooks' checkpoint medians unchanged).
        public var stallPriorPseudoCount = 6.0
        /// Restart the conduction fit when a plateau ends (meat close to uniform at the plateau).
        public var restartsAfterStall = true
        /// Fixed factor on the modelled remaining time (1 = none).
        public var remainingScale = 1.0
        /// Apply the prior's learned remaining-time calibration (`FitPrior.etaScale`).
        public var usesCalibration = false
        /// The recent slope is blended in only without an air sensor or when the (effective) air is
        /// less than this far above the target, Celsius.
        public var slopeBlendGapCelsius = 20.0
        /// ... but not when the measured air is less than this far above the target: that is a
        /// controlled water bath, where the curve is the textbook conduction solution and a straight
        /// line through its flattening end only pulls the finish early, Celsius.
        public var slopeBlendMinGapCelsius = 3.0
        /// After a plateau, restart the fit with a dry surface: no evaporative offset prior.
        public var dryAfterStall = true
        /// After a plateau, read the recent slope only over `afterStallSlopeWindowSeconds`.
        public var slopeFromStallEnd = true
        /// Recent-slope window after a plateau, seconds (20-30 min were too noisy on real ribs and
        /// pork shoulder; windows reaching back to the plateau's end lagged the speeding-up climb).
        public var afterStallSlopeWindowSeconds = 2700.0
        /// Growth of the evaporative offset as the surface heats (see `Evaporation`; 0 = constant).
        public var evaporationGrowthGain = 1.0
        /// Surface temperature as a fraction of the way from the core to the air.
        public var evaporationSurfaceFraction = 0.3
        /// Fraction of the core's rise (first reading to target) after which evaporation grows.
        public var evaporationFromProgress = 0.5
        /// Fitter settings (shape is overridden from the cut).
        public var fitter = ConductionFitter.Configuration()

        /// Defaults.
        public init() {}
    }

    /// Target temperature, Celsius.
    public let targetCelsius: Double
    /// Channel this estimator follows.
    public let channel: Int
    /// The prior it started from.
    public let prior: FitPrior
    public let configuration: Configuration

    var cleaner = ReadingCleaner()
    var fitter: ConductionFitter
    var settleMin: Double?
    var preStall: ConductionFitter.Solution?
    var lastBest: ConductionFitter.Solution?
    var wasStalled = false
    var afterStall = false
    /// When the last plateau ended (grid seconds), nil before any.
    var stallEndSeconds: Double?
    var buffer = GridBuffer(capacity: 480)
    // open bucket
    var bucketIndex: Int?
    var bucketProbeSum = 0.0, bucketProbeN = 0.0, bucketAmbSum = 0.0, bucketAmbN = 0.0
    var originSeconds: Double?
    var doneSeconds: Double?
    var lastCleanProbe: (t: Double, v: Double)?
    var minProbe = Double.infinity
    var aboveSince: Double?
    var stall = StallTracker()
    var smoothedFinish: Double?
    var current: Estimate
    var lastGrid: GridPoint?
    var skill = ForecastSkill()
    var resolution = ReadingResolution()

    /// Creates an estimator for one probe.
    public init(
        targetCelsius: Double, prior: FitPrior = .generic, shape: BodyShape? = nil, channel: Int = 1,
        configuration: Configuration = Configuration()
    ) {
        self.targetCelsius = targetCelsius
        self.channel = channel
        self.prior = prior
        self.configuration = configuration
        var fc = configuration.fitter
        fc.shape = shape ?? BodyShape.forCut(prior.cut)
        fc.logTauPrior = (prior.logTauMean, prior.logTauSD)
        fitter = ConductionFitter(configuration: fc, assumedAmbientCelsius: prior.ambientCelsius)
        current = Estimate(
            elapsedSeconds: 0, finishSeconds: nil, finishLowSeconds: nil, finishHighSeconds: nil,
            phase: .collectingData, message: "waiting for readings", model: "none", probeCelsius: nil,
            targetCelsius: targetCelsius, channel: channel)
    }

    /// The temperature the modelled curve must cross for the probe to show the target: for a probe
    /// that reads in whole degrees, half a step below the first value it can show at or above the
    /// target (see `ReadingResolution`), Celsius.
    public var goalCelsius: Double { resolution.crossingCelsius(forTarget: targetCelsius) }

    /// Number of raw readings rejected by the cleaner.
    public var rejectedCount: Int { cleaner.rejectedCount }

    /// Feeds one raw reading (any order, any garbage). Constant cost; refits when a bucket closes.
    /// Returns true when the reading closed a grid bucket, i.e. the fit and the estimate were
    /// refreshed (the moments worth storing as a `FitRecord`).
    @discardableResult
    public func update(_ reading: Reading) -> Bool {
        guard let r = cleaner.clean(reading) else { return false }
        let t = r.elapsedSeconds
        if originSeconds == nil { originSeconds = t }
        let idx = Int((t / configuration.bucketSeconds).rounded(.down))
        var refreshed = false
        if let b = bucketIndex, idx != b {
            closeBucket()
            refreshed = true
        }
        bucketIndex = idx
        if let p = r.probeCelsius {
            if lastGrid == nil && current.finishSeconds == nil && doneSeconds == nil && p < targetCelsius {
                // Before the first grid point: answer from the prior right away.
                setPriorEstimate(
                    now: t, T: p, air: r.ambientCelsius ?? prior.ambientCelsius, phase: .collectingData,
                    params: ["probe_c": p])
            }
            bucketProbeSum += p; bucketProbeN += 1
            resolution.observe(p)
            minProbe = min(minProbe, p)
            // Done only after the probe was seen well below the target: a probe that starts in
            // the hot pit (before insertion) is not a finished cook.
            if p < targetCelsius { aboveSince = nil } else if aboveSince == nil { aboveSince = t }
            // ... unless it has read above the target for two minutes well below the air (or with no
            // air sensor): then the meat simply started past the target.
            let startedPast =
                (aboveSince.map { t - $0 >= 120 } ?? false)
                && (r.ambientCelsius.map { $0 - p > 15 } ?? true)
            if doneSeconds == nil, p >= targetCelsius, minProbe < targetCelsius - 3 || startedPast,
                let last = lastCleanProbe, last.v >= targetCelsius
            {
                doneSeconds = last.t
                markDone(at: t)
            }
            lastCleanProbe = (t, p)
        }
        if let a = r.ambientCelsius { bucketAmbSum += a; bucketAmbN += 1 }
        return refreshed
    }

    /// Closes the open bucket now (used before answering a query at the end of a replay).
    public func flush() {
        if bucketIndex != nil { closeBucket() }
    }

    /// The latest estimate, as seen at `seconds` (the finish never lies before `seconds` unless done).
    public func estimate(atSeconds seconds: Double) -> Estimate {
        var e = current
        if e.phase != .done, let f = e.finishSeconds, f < seconds {
            e.finishSeconds = seconds
            e.finishLowSeconds = min(e.finishLowSeconds ?? seconds, seconds)
            e.finishHighSeconds = max(e.finishHighSeconds ?? seconds, seconds)
        }
        return e
    }

    /// Recomputes the estimate from the last grid point (only needed when
    /// `Configuration.refreshesEachBucket` is off).
    public func refreshNow() {
        if let g = lastGrid { refresh(now: g.seconds) }
    }

    /// When the first plateau began, seconds (nil: none so far).
    public var firstStallStartSeconds: Double? { stall.firstStart }

    /// Time constant of the conduction fit when the plateau began (nil: no plateau so far).
    public var preStallTauSeconds: Double? { preStall?.tauSeconds }

    func currentBest() -> ConductionFitter.Solution? {
        guard fitter.count > 0 else { return nil }
        return fitter.solveAll().min { $0.cost < $1.cost }
    }

    /// Fitted parameters of the current conduction fit (for learning priors).
    public var currentParameters: [String: Double] { current.parameters }

    /// Whether a plateau (stall) is in progress, and hours spent on plateaus so far.
    public var stallHours: Double { stall.totalSeconds(now: lastGrid?.seconds ?? 0) / 3600 }
    public var stallTemperatureCelsius: Double? { stall.meanTemperature }

    private func closeBucket() {
        guard let b = bucketIndex else { return }
        defer {
            bucketIndex = nil
            bucketProbeSum = 0; bucketProbeN = 0; bucketAmbSum = 0; bucketAmbN = 0
        }
        guard bucketProbeN > 0 else { return }
        let g = GridPoint(
            seconds: (Double(b) + 0.5) * configuration.bucketSeconds,
            probeCelsius: bucketProbeSum / bucketProbeN,
            ambientCelsius: bucketAmbN > 0 ? bucketAmbSum / bucketAmbN : nil)
        fitter.add(g)
        if let o = originSeconds, g.seconds - o < 1800, !afterStall {
            // Probe settling: it read the room before cooling to the meat's temperature.
            if let m = settleMin, g.probeCelsius < m - 0.3 {
                fitter.restartStatistics(startCelsius: g.probeCelsius)
            }
            settleMin = min(settleMin ?? g.probeCelsius, g.probeCelsius)
        }
        buffer.append(g)
        stall.observe(g, buffer: buffer, airCelsius: airForForecast(now: g.seconds), prior: prior)
        let stalledNow = stall.start != nil
        if stalledNow && !wasStalled {
            preStall = preStall ?? (configuration.refreshesEachBucket ? lastBest : nil) ?? currentBest()
        } else if !stalledNow && wasStalled && configuration.restartsAfterStall {
            // Off the plateau: the meat is close to uniform at the plateau temperature, so the
            // conduction fit restarts from here with the pre-stall time constant as its prior.
            var fc = fitter.configuration
            if let ps = preStall { fc.logTauPrior = (log(ps.tauSeconds), 0.4) }
            // The plateau ended because the surface dried: no evaporative cooling is left, so the
            // effective air's prior mean is the measured air itself.
            if configuration.dryAfterStall { fc.offsetPriorGapFraction = 0 }
            let f = ConductionFitter(configuration: fc, assumedAmbientCelsius: fitter.assumedAmbientCelsius)
            f.add(g)
            fitter = f
            afterStall = true
            stallEndSeconds = g.seconds
        }
        wasStalled = stalledNow
        lastGrid = g
        if configuration.refreshesEachBucket { refresh(now: g.seconds) }
    }

    private func markDone(at t: Double) {
        current = Estimate(
            elapsedSeconds: t, finishSeconds: doneSeconds, finishLowSeconds: doneSeconds,
            finishHighSeconds: doneSeconds, phase: .done,
            message: "done: the probe reached \(fmt(targetCelsius)) C", model: current.model,
            parameters: current.parameters, probeCelsius: lastCleanProbe?.v, targetCelsius: targetCelsius,
            channel: channel)
    }

    func airForForecast(now: Double) -> Double {
        guard fitter.hasMeasuredAmbient else { return fitter.assumedAmbientCelsius }
        // Recent level: long enough to average a controller's cycling, short enough to follow a
        // grill still coming up to temperature in a short cook.
        let window = min(1200, max(120, 0.15 * (now - (originSeconds ?? now))))
        let short = buffer.meanAmbient(since: now - window) ?? fitter.lastDriveCelsius
        if let o = originSeconds, now - o < 2700, short <= targetCelsius + 5, airStillRising(now: now) {
            // Early on a cold pit is usually still heating: assume it reaches its usual level. Not
            // when the air is already steady (a preheated bath a degree above the target is where it
            // will stay; the cut's usual level would finish it far too early).
            return max(short, prior.ambientCelsius)
        }
        if short < targetCelsius + 10, let long = buffer.meanAmbient(since: now - 14400) {
            return max(short, long)
        }
        return short
    }

    /// Whether the measured air rose over the last quarter hour (mean of the last 5 minutes over
    /// the mean of the last 15 by more than half a degree, i.e. heating by ~0.1 C/min or more).
    /// Too short a history to tell counts as rising.
    func airStillRising(now: Double) -> Bool {
        guard let o = originSeconds, now - o >= 900 else { return true }
        guard let recent = buffer.meanAmbient(since: now - 300), let older = buffer.meanAmbient(since: now - 900)
        else { return true }
        return recent - older > 0.5
    }

    private func refresh(now: Double) {
        guard let g = lastGrid, let origin = originSeconds else { return }
        let T = g.probeCelsius
        var params: [String: Double] = ["probe_c": T]
        if let d = doneSeconds {
            current.elapsedSeconds = now
            current.finishSeconds = d
            return
        }
        // Probe out of the meat: a fast fall from the recent peak.
        if let peak = buffer.maxProbe(since: now - 600), peak - T > 8, now - origin > 600 {
            current = Estimate(
                elapsedSeconds: now, finishSeconds: current.finishSeconds,
                finishLowSeconds: current.finishLowSeconds, finishHighSeconds: current.finishHighSeconds,
                phase: .probeOut,
                message: "probe reads \(fmt(T)) C, \(fmt(peak - T)) C below its recent peak: is it still in the meat?",
                model: current.model, parameters: current.parameters, probeCelsius: T,
                targetCelsius: targetCelsius, channel: channel)
            return
        }
        let air = airForForecast(now: now)
        params["air_c"] = air
        fitter.offsetScaleCelsius = abs(air - targetCelsius)
        if fitter.count < configuration.minimumPoints {
            if afterStall, current.finishSeconds != nil {
                // The fit restarts after the plateau: hold the last answer for these few minutes.
                current.elapsedSeconds = now
                current.probeCelsius = T
                return
            }
            setPriorEstimate(now: now, T: T, air: air, phase: .collectingData, params: params)
            return
        }
        // Conduction candidates
        let sols = fitter.solveAll()
        var best = sols[0]
        for s in sols where s.cost < best.cost { best = s }
        let neff = max(1, fitter.effectiveCount - 2)
        let sigma2 = max(best.cost / neff, 0.02)
        let temp = 2 * sigma2 * configuration.candidateTemperature
        var ranked: [(w: Double, s: ConductionFitter.Solution)] = []
        ranked.reserveCapacity(64)
        // Weight > 0.02 <=> cost gap < temp * ln 50 (no exp for the many that fall out).
        let gapLimit = temp * log(50.0)
        for s in sols where s.cost - best.cost < gapLimit {
            ranked.append((exp(-(s.cost - best.cost) / temp), s))
        }
        ranked.sort { $0.w > $1.w }
        if ranked.count > 8 { ranked.removeLast(ranked.count - 8) }
        var etas: [(eta: Double, w: Double)] = []
        // Evaporation grows as the surface heats (see `Evaporation`): only once the core is past
        // `evaporationFromProgress` of its rise, when the offset is read from the data rather than
        // from the prior (the prior's offset is a whole-cook average that already includes it), and
        // not after a plateau (dry surface).
        let firstCelsius = fitter.firstProbeCelsius ?? T
        let progress = (T - firstCelsius) / max(1, targetCelsius - firstCelsius)
        let evaporation = Evaporation(
            growthGain: progress >= configuration.evaporationFromProgress && fitter.hasMeasuredAmbient && !afterStall
                ? configuration.evaporationGrowthGain : 0,
            surfaceFraction: configuration.evaporationSurfaceFraction)
        for (w, s) in ranked {
            let resid = T - s.lastModelCelsius
            let drive =
                air
                + evaporation.futureDriveShiftCelsius(
                    offsetCelsius: s.offsetCelsius, coreCelsius: T, airCelsius: air, targetCelsius: goalCelsius)
            if let c = fitter.crossing(s, targetCelsius: goalCelsius, futureDriveCelsius: drive, residual: resid) {
                etas.append((now + c, w))
            } else {
                etas.append((.infinity, w))
            }
        }
        if stall.start == nil { lastBest = best }
        params["tau_s"] = best.tauSeconds
        params["biot"] = best.biot
        params["radius_frac"] = best.radiusFraction
        params["start_c"] = best.startCelsius
        params["offset_c"] = best.offsetCelsius
        params["rms_c"] = sigma2.squareRoot()
        let q50 = weightedQuantile(etas, 0.5)
        var q10 = weightedQuantile(etas, 0.1)
        var q90 = weightedQuantile(etas, 0.9)
        if q50.isFinite, air + best.offsetCelsius - goalCelsius < 5 {
            // Near the asymptote the finish hangs on the last half degree: push the air (with its
            // offset) by a typical probe-to-air-sensor bias each way and widen the band to match.
            let sigma = configuration.airBiasCelsius
            let resid = T - best.lastModelCelsius
            var slow = best, fast = best
            slow.offsetCelsius -= sigma
            fast.offsetCelsius += sigma
            if let c = fitter.crossing(fast, targetCelsius: goalCelsius, futureDriveCelsius: air, residual: resid) {
                q10 = min(q10, now + c)
            }
            if let c = fitter.crossing(slow, targetCelsius: goalCelsius, futureDriveCelsius: air, residual: resid) {
                q90 = max(q90, now + c)
            } else {
                q90 = max(q90, now + 4 * (q50 - now))
            }
        }
        var finish = q50
        var model = "conduction"
        var phase: EstimatePhase = .predicting
        var message = ""

        var lineStart = max(now - max(600, 0.15 * (now - origin)), now - 7200)
        if configuration.slopeFromStallEnd, stallEndSeconds != nil {
            // After a plateau the climb speeds up as the surface dries out, so only the last 45
            // minutes say how fast it is now: a longer window reaches back onto the slower start of
            // the climb (or onto the flat plateau) and pushes the finish late.
            lineStart = max(lineStart, now - configuration.afterStallSlopeWindowSeconds)
        }
        let line = buffer.line(since: lineStart)
        if let l = line { params["slope_c_per_h"] = l.slope * 3600 }
        // Score both models on what they forecast a horizon ago, then file today's forecasts.
        skill.settle(now: now, observed: T)
        let skillHorizon = min(5400, max(300, 0.2 * (now - origin)))
        let condAhead = fitter.forecast(
            best, afterSeconds: skillHorizon, futureDriveCelsius: air, residual: T - best.lastModelCelsius)
        let slopeAhead = line.map { $0.level + $0.slope * skillHorizon }
        skill.file(due: now + skillHorizon, conduction: condAhead, slope: slopeAhead)
        params["skill_conduction_c"] = skill.rmsConduction
        params["skill_slope_c"] = skill.rmsSlope

        // The plateau a stalling cut is heading for: the cut's usual plateau, but never above the
        // air the meat effectively sees (the fitted offset is the evaporation that makes the
        // plateau): when that air has sunk towards the plateau, the crossing of the usual plateau
        // temperature ran out to tens of hours and the finish jumped by a day between ticks.
        let plateauCelsius = min(prior.stallCelsius, air + best.offsetCelsius - 3)
        // Stall: remaining plateau from the prior, then conduction from the plateau temperature.
        if let st = stall.start, T < targetCelsius - 2 {
            let d = now - st
            let (rem, lo, hi) = stallRemaining(elapsedSeconds: d)
            let ref = preStall ?? best
            // Physics: the rest of the plateau, then conduction with a dry surface (no evaporative
            // part of the offset).
            let post = postStallSeconds(from: T, air: air + min(5, max(-5, ref.offsetCelsius)), best: ref)
            finish = now + rem + post
            q10 = now + lo + 0.8 * post
            q90 = now + hi + 1.25 * post
            if let learned = learnedStallToFinish(stallStart: stall.firstStart ?? st, origin: origin) {
                // Past cooks of the cut: time from the plateau's start to the finish (scaled by how
                // long this cook took to reach it), trusted in proportion to how many cooks say so.
                let (r, rlo, rhi) = truncatedRemaining(
                    meanSeconds: learned.mean, sdSeconds: learned.sd, elapsedSeconds: now - (stall.firstStart ?? st))
                let w = Double(prior.cookCount) / (Double(prior.cookCount) + configuration.stallPriorPseudoCount)
                finish = now + exp(w * log(r) + (1 - w) * log(max(60, finish - now)))
                q10 = now + min(rlo, q10 - now)
                q90 = now + max(rhi, q90 - now)
            }
            model = "stall"
            phase = .stalled
            message =
                "stalled at \(fmt(T)) C for \(formatDuration(d)); going by past cooks of this cut, about \(formatDuration(finish - now)) to go"
            params["stall_start_s"] = st
        } else if prior.stalls, !afterStall, preStall == nil, T < prior.stallCelsius - 3,
            (line?.slope ?? 1) * 3600 > 4,
            targetCelsius > prior.stallCelsius + 5,
            let toStall = plateauCelsius > T + 1
                ? fitter.crossing(
                    best, targetCelsius: plateauCelsius, futureDriveCelsius: air, residual: T - best.lastModelCelsius)
                : 0
        {
            // Before a stall of a cut that stalls: reach the plateau, sit on it, then finish.
            let (rem, lo, hi) = stallRemaining(elapsedSeconds: 0)
            let post = postStallSeconds(
                from: plateauCelsius, air: air + min(5, max(-5, best.offsetCelsius)), best: best)
            finish = now + toStall + rem + post
            q10 = now + 0.85 * toStall + lo + 0.8 * post
            q90 = now + 1.2 * toStall + hi + 1.25 * post
            if let learned = learnedStallToFinish(stallStart: now + toStall, origin: origin) {
                let m = learned.mean, sd = learned.sd
                let w = Double(prior.cookCount) / (Double(prior.cookCount) + configuration.stallPriorPseudoCount)
                let physics = rem + post
                finish = now + toStall + exp(w * log(m) + (1 - w) * log(max(60, physics)))
                q10 = min(q10, now + 0.85 * toStall + max(0.3 * m, m - 1.28 * sd))
                q90 = max(q90, now + 1.2 * toStall + m + 1.28 * sd)
            }
            model = "conduction+stall"
            message =
                "heating towards the stall (about \(fmt(plateauCelsius)) C); past cooks spent about \(formatDuration(rem)) on it"
        } else if !finish.isFinite || air + best.offsetCelsius <= goalCelsius + 0.3 {
            // Conduction says never: fall back to the recent slope, else unreachable. Air at or
            // below the target is final (it cannot heat the meat past itself).
            if fitter.hasMeasuredAmbient && air <= targetCelsius {
                return setUnreachable(now: now, T: T, air: air, params: params)
            } else if let l = line, l.slope > 0.5 / 3600 {
                let rem = (goalCelsius - l.level) / l.slope
                finish = now + max(0, rem)
                q10 = now + 0.6 * rem
                q90 = now + 1.8 * rem
                model = "slope"
                message = "the air (\(fmt(air)) C) is barely above the target; extrapolating the recent rise"
            } else if air > goalCelsius + 0.1 && T > (fitter.firstProbeCelsius ?? T) - 1 {
                // Creeping up to an air barely above the target: only past cooks can say how long.
                let rem = max(600, prior.totalHoursMean * 3600 - (now - origin))
                finish = now + rem
                q10 = now + 0.3 * rem
                q90 = now + 3 * rem
                model = "prior"
                message =
                    "creeping towards \(fmt(targetCelsius)) C in air at \(fmt(air)) C: a rough guess from past cooks"
            } else {
                return setUnreachable(now: now, T: T, air: air, params: params)
            }
        } else {
            if T - (fitter.firstProbeCelsius ?? T) < 2 && now - origin < 1800 { phase = .warming }
            // Blend with the recent slope by how well each forecast the last horizon.
            // With a measured air well above the target the conduction forecast is well posed and
            // a straight line (which ignores the slowing of a concave rise) only biases it early;
            // the slope is a check where the physics is weak: no air sensor (the air level is a
            // fitted unknown), an air close to the target (the finish hangs on its last degrees), or
            // after a plateau (the fit restarted from an only roughly uniform meat and a drying surface).
            let physicsWeak =
                !fitter.hasMeasuredAmbient || afterStall
                || (air + best.offsetCelsius - targetCelsius < configuration.slopeBlendGapCelsius
                    && air - targetCelsius >= configuration.slopeBlendMinGapCelsius)
            if phase != .warming, physicsWeak, skill.settledCount >= 10, let l = line, l.slope > 0.5 / 3600,
                finish.isFinite, finish > now
            {
                let rs = max(60, (goalCelsius - l.level) / l.slope)
                let rc = finish - now
                let wc = 1 / max(0.01, skill.msConduction), ws = 1 / max(0.01, skill.msSlope)
                let blended = exp((wc * log(rc) + ws * log(rs)) / (wc + ws))
                let k = blended / rc
                finish = now + blended
                q10 = now + k * (q10 - now)
                q90 = now + k * (q90 - now)
                params["slope_weight"] = ws / (wc + ws)
            }
        }
        if model == "conduction" || model == "slope" {
            // Learned calibration of the remaining time (see FitPrior.etaScale).
            let k = (configuration.usesCalibration ? prior.etaScale : 1) * configuration.remainingScale
            finish = now + k * (finish - now)
            q10 = now + k * (q10 - now)
            q90 = now + k * (q90 - now)
        }
        if !q10.isFinite { q10 = finish }
        if !q90.isFinite { q90 = finish + 2 * max(600, finish - now) }
        // Cap at a sane horizon.
        let horizon = now + 48 * 3600
        finish = min(finish, horizon)
        q90 = min(max(q90, finish), horizon * 1.5)
        q10 = max(now, min(q10, finish))
        // Smoothing: follow big changes at once, damp the small jitter.
        if let prev = smoothedFinish, current.phase == phase {
            let rem = max(60, finish - now)
            if abs(finish - prev) < 0.25 * rem {
                finish = prev + configuration.smoothingGain * (finish - prev)
            }
        }
        smoothedFinish = finish
        let rem = max(0, finish - now)
        // 80 % band: the model's own spread, widened to what past cooks say its error is.
        let z = 1.2816 * max(prior.etaScaleLogSD, configuration.intervalFloorFraction)
        let lo = min(q10, now + rem * exp(-z)), hi = max(q90, now + rem * exp(z))
        if message.isEmpty {
            message =
                phase == .warming
                ? "warming up: about \(formatDuration(rem)) left (rough, the curve is still young)"
                : "about \(formatDuration(rem)) left"
        }
        current = Estimate(
            elapsedSeconds: now, finishSeconds: finish, finishLowSeconds: max(now, lo), finishHighSeconds: hi,
            phase: phase, message: message, model: model, parameters: params, probeCelsius: T,
            targetCelsius: targetCelsius, channel: channel)
    }

    /// The target will not be reached at the current air: the phase says so; the finish is what
    /// past cooks of the cut took (a number for callers that need one, with a very wide band).
    private func setUnreachable(now: Double, T: Double, air: Double, params: [String: Double]) {
        let elapsed = now - (originSeconds ?? now)
        let rem = min(48 * 3600, max(1800, prior.totalHoursMean * 3600 - elapsed))
        current = Estimate(
            elapsedSeconds: now, finishSeconds: now + rem, finishLowSeconds: now + 0.5 * rem,
            finishHighSeconds: now + min(3 * rem, 72 * 3600), phase: .unreachable,
            message: air <= targetCelsius
                ? "the air (\(fmt(air)) C) is not above the target \(fmt(targetCelsius)) C: it will not get there unless the heat goes up"
                : "the probe is not rising towards \(fmt(targetCelsius)) C at this air temperature",
            model: "prior", parameters: params, probeCelsius: T, targetCelsius: targetCelsius, channel: channel)
        smoothedFinish = nil
    }

    private func setPriorEstimate(now: Double, T: Double, air: Double, phase: EstimatePhase, params: [String: Double]) {
        // Prior: conduction from a uniform start at the prior time constant.
        let modes = ConductionModes(shape: fitter.configuration.shape, tauSeconds: exp(prior.logTauMean), biot: 2.5)
        var finish: Double? = nil
        if air > goalCelsius + 0.5 {
            let need = (goalCelsius - T) / (air - T)
            if need <= 0 {
                finish = now
            } else {
                var lo = 0.0, hi = 3600.0
                while modes.stepResponse(atSeconds: hi) < need && hi < 7 * 86400 { hi *= 2 }
                for _ in 0..<40 {
                    let mid = 0.5 * (lo + hi)
                    if modes.stepResponse(atSeconds: mid) >= need { hi = mid } else { lo = mid }
                }
                finish = now + hi + (prior.stalls ? prior.stallHoursMean * 3600 : 0)
            }
        }
        let elapsed = now - (originSeconds ?? now)
        let rem = min(48 * 3600, finish.map { $0 - now } ?? max(1800, prior.totalHoursMean * 3600 - elapsed))
        current = Estimate(
            elapsedSeconds: now, finishSeconds: now + rem, finishLowSeconds: now + 0.4 * rem,
            finishHighSeconds: now + 2.5 * rem, phase: phase,
            message: "collecting data: about \(formatDuration(rem)) left going by past cooks",
            model: "prior", parameters: params, probeCelsius: T, targetCelsius: targetCelsius, channel: channel)
    }

    /// Plateau-start-to-finish seconds expected from past cooks (mean, SD): the learned ratio to
    /// the time it took to reach the plateau when known, else the learned hours.
    func learnedStallToFinish(stallStart: Double, origin: Double) -> (mean: Double, sd: Double)? {
        let toPlateau = stallStart - origin
        if let r = prior.stallFinishRatioMean, toPlateau > 1800 {
            return (r * toPlateau, prior.stallFinishRatioSD * toPlateau)
        }
        if let h = prior.stallToFinishHoursMean { return (h * 3600, prior.stallToFinishHoursSD * 3600) }
        return nil
    }

    /// Median and 10/90 % of `D - d` for `D ~ Normal(mean, sd)` truncated to `D > d`.
    func truncatedRemaining(meanSeconds m: Double, sdSeconds s: Double, elapsedSeconds d: Double) -> (
        Double, Double, Double
    ) {
        let pd = min(0.98, normalCDF((d - m) / s))
        func q(_ u: Double) -> Double { max(600, m + s * inverseNormalCDF(pd + (1 - pd) * u) - d) }
        return (q(0.5), q(0.1), q(0.9))
    }

    /// Remaining plateau (median) and its 10/90 % given `d` seconds on it: the prior length,
    /// a normal truncated to D > d (a hazard-style update: a long plateau is expected to end soon).
    func stallRemaining(elapsedSeconds d: Double) -> (Double, Double, Double) {
        let m = max(0.25, prior.stallHoursMean) * 3600
        let s = max(0.2, prior.stallHoursSD) * 3600
        var samples: [Double] = []
        let pd = min(0.98, normalCDF((d - m) / s))
        for k in 0..<40 {
            let u = pd + (1 - pd) * (Double(k) + 0.5) / 40
            let dur = m + s * inverseNormalCDF(min(0.9999, u))
            samples.append(max(0, dur - d))
        }
        let mean = samples[19] * 0.5 + samples[20] * 0.5
        return (mean, samples[4], samples[35])
    }

    /// Time for the centre to go from a uniform `from` to the target at `air`, with the fitted
    /// conduction time constant.
    func postStallSeconds(from: Double, air: Double, best: ConductionFitter.Solution) -> Double {
        guard air > goalCelsius + 0.5 else { return 6 * 3600 }
        let need = (goalCelsius - from) / (air - from)
        if need <= 0 { return 0 }
        let f = fitter
        var lo = 0.0, hi = 1800.0
        while f.stepResponse(best, atSeconds: hi) < need && hi < 3 * 86400 { hi *= 2 }
        for _ in 0..<30 {
            let mid = 0.5 * (lo + hi)
            if f.stepResponse(best, atSeconds: mid) >= need { hi = mid } else { lo = mid }
            if hi - lo < 10 { break }
        }
        return hi
    }
}

func weightedQuantile(_ xs: [(eta: Double, w: Double)], _ q: Double) -> Double {
    guard !xs.isEmpty else { return .infinity }
    let s = xs.sorted { $0.eta < $1.eta }
    let total = s.reduce(0) { $0 + $1.w }
    var acc = 0.0
    for x in s {
        acc += x.w
        if acc >= q * total { return x.eta }
    }
    return s[s.count - 1].eta
}

func fmt(_ v: Double) -> String {
    guard v.isFinite else { return "?" }
    return String(format: "%.1f", v)
}

func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

/// Acklam's rational approximation, |error| < 1.2e-9.
func inverseNormalCDF(_ p: Double) -> Double {
    let a = [
        -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
        -3.066479806614716e+01, 2.506628277459239e+00,
    ]
    let b = [
        -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
        -1.328068155288572e+01,
    ]
    let c = [
        -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
        4.374664141464968e+00, 2.938163982698783e+00,
    ]
    let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
    let pl = 0.02425
    let p = min(max(p, 1e-12), 1 - 1e-12)
    if p < pl {
        let q = (-2 * log(p)).squareRoot()
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    if p > 1 - pl {
        let q = (-2 * log(1 - p)).squareRoot()
        return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    let q = p - 0.5, r = q * q
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
}

/// Running score of the two forecasters: each grid step files what conduction and the recent
/// slope expect the probe to read one horizon ahead; when that time comes the squared misses are
/// averaged with exponential forgetting. Bounded: at most `capacity` pending forecasts.
struct ForecastSkill: Sendable {
    struct Pending: Sendable { var due: Double; var conduction: Double; var slope: Double? }
    private var pending: [Pending] = []
    private var head = 0
    let capacity = 400
    /// Mean squared miss, Celsius^2 (priors favour conduction until evidence comes in).
    private(set) var msConduction = 1.0
    private(set) var msSlope = 4.0
    private(set) var settledCount = 0
    var rmsConduction: Double { msConduction.squareRoot() }
    var rmsSlope: Double { msSlope.squareRoot() }

    mutating func file(due: Double, conduction: Double, slope: Double?) {
        if pending.count - head >= capacity { head += 1 }
        pending.append(Pending(due: due, conduction: conduction, slope: slope))
        if head > 512 {
            pending.removeFirst(head)
            head = 0
        }
    }

    mutating func settle(now: Double, observed: Double) {
        while head < pending.count, pending[head].due <= now {
            let p = pending[head]
            head += 1
            settledCount += 1
            let ec = p.conduction - observed
            msConduction = 0.95 * msConduction + 0.05 * min(400, ec * ec)
            if let s = p.slope {
                let es = s - observed
                msSlope = 0.95 * msSlope + 0.05 * min(400, es * es)
            }
        }
    }
}
