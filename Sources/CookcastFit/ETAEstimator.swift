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
/// forecast the last horizon. Late in a cook the finish is weighed with the slowest conduction
/// modes fitted to the recent window alone (`ApproachFit`, a regression LAPACK solves at each
/// grid step late in a cook). The conduction candidates' own linear parameters (start
/// temperature and air offset, with the prior rows) are two unknowns each, solved in closed form
/// from running statistics: a LAPACK call per candidate would cost 1,340 calls per grid step. A plateau in
/// the stall band switches to the stall model (remaining plateau and plateau-to-finish time from
/// past cooks of the cut, blended with conduction from the plateau temperature). `NewtonFitter`
/// (LAPACK, recent window) is kept as a tested building block but is not on the live ladder: in
/// backtests it was worse than the prior rung on the near-asymptote cases it would serve.
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
        /// How many of the best-weighted conduction candidates make the finish's quantiles (cost:
        /// one crossing each per grid step).
        public var candidatesKept = 8
        /// While the curve is young (`warming`) every candidate within the weight cut-off makes
        /// them, up to this many: a probe that has not moved yet only bounds the time constant from
        /// below, and dozens of candidates (88 of them 19 minutes into a simulated turkey) explain
        /// the flat start equally well. The 8 best sat at the bound, the earliest finish still
        /// possible: at 10 % of the way simulated cooks in `warming` were told 33-38 % of the time
        /// left too little (median, suites of seeds 7/11/31); with all of them 19-28 %, and at 15 %
        /// 1-7 % instead of 13-16 %. Scored checkpoints (25 % on) unchanged. Only in a cook's first
        /// half hour.
        public var youngCandidatesKept = 256
        /// Weight, in log time, of what past cooks of the cut took against a young fit that says
        /// sooner (see `weighWithPastCooks`).
        public var youngPastCooksWeight = 0.5
        /// Smallest half-width of the 80 % interval as a fraction of the remaining time.
        public var intervalFloorFraction = 0.12
        /// Scored forecasts a cook needs in each of its own records (`ForecastSkill`,
        /// `FinishRevisions`) before they may narrow the 80 % band below what past cooks' errors say.
        public var bandFromSkillMinimumCount = 10
        /// A move of the air level, as a fraction of the air-to-probe gap, that starts the band's
        /// own record afresh (`restartRecordOnAirShift`).
        public var recordAirShiftFraction = 0.3
        /// Typical bias between the probe and the air sensor, Celsius: near an asymptote (a bath just
        /// above the target) the interval covers the air being off by this much either way.
        public var airBiasCelsius = 1.0
        /// Gain of the smoothing per grid step (1 = none).
        public var smoothingGain = 0.5
        /// Until the plateau of a cut that stalls is over, a change of the finish by more than
        /// `plateauJumpFraction` of the time left is followed in log time with this time constant
        /// (at most `plateauJumpRemainingFraction` of the time left), not at once: there the rungs
        /// (plateau ahead, on it, recent slope, conduction) disagree by hours and a pit's swings
        /// flip between them (see `smoothedFinishSeconds`). 0 = off.
        public var plateauJumpSmoothingSeconds = 900.0
        /// Smallest change of the finish, as a fraction of the time left, that counts as a jump.
        public var plateauJumpFraction = 0.1
        /// Cap of the jump smoothing's time constant, as a fraction of the time left.
        public var plateauJumpRemainingFraction = 0.1
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
        /// Shortest window the air level ahead is read over once the air has stopped rising,
        /// seconds: a full cycle of a controller (3-15 min). With 2 minutes early in a cook, the
        /// level followed an oven's 15-minute swings of +-8 C and the ETA swung with it (real
        /// Probe-ability sirloin); pooled suites @50 0.063 -> 0.059, real cooks unchanged, and the
        /// median over the real cooks of the largest ETA change between readings 0.76 -> 0.43
        /// of the time left.
        public var steadyAirWindowSeconds = 900.0
        /// Grid points of the air further than this beyond the window's quartiles (or 1.5
        /// interquartile ranges, if more) are a lid or door opened (or a sensor glitch), not the
        /// level the meat will cook at, Celsius.
        public var lidDipCelsius = 10.0
        /// Measured air less than this far from the target is a controlled water bath, Celsius (air
        /// further below the target is a cold or dying pit, not a bath). One rule for everything
        /// that treats a bath differently, the conduction fitter included (`inBath`): no slope
        /// blend (the curve is the textbook conduction solution and a straight line through its
        /// flattening end only pulls the finish early), the bath surface coefficient in the Biot
        /// prior (5 C there before was no better), no evaporation in the offset prior, the bath
        /// rung of the ladder and a 20-minute reading of the bath's level.
        public var bathGapCelsius = 3.0
        /// For this long after the start a bath under the target counts as recovering from the
        /// cold meat going in (phase `warming`), not as a target out of reach (see
        /// `bathRecovering`), seconds.
        public var bathRecoverySeconds = 1200.0
        /// A rise faster than this between two grid points in the first half hour is the probe
        /// going into meat hotter than the room it read before (a cook joined midway, a reheat),
        /// not heating, Celsius per minute: the real pan-seared Combustion steak's centre climbed
        /// 5 C a minute at most, and the real T-bone's first minute in its bath 8 C (12.8 -> 21.1).
        public var insertionRiseCelsiusPerMinute = 12.0
        /// A stalling cut's probe is creeping towards its plateau once within this of the cut's
        /// plateau temperature, Celsius; heading for the plateau, the time spent since counts as
        /// time on it. The evaporative slowdown starts well below the flat part: simulated
        /// briskets and shoulders at half time (61-67 C, still rising 4-8 C/h) were given the whole
        /// plateau yet to come and finished 0.3-0.85 early in log time. Pooled suites @50
        /// 0.059 -> 0.056, holdout p90 0.342 -> 0.334, leave-one-out real @50 0.274 -> 0.227
        /// (@25 0.285 -> 0.294); 16 C did about the same, 8 C less.
        public var stallBandCelsius = 12.0
        /// After a plateau, restart the fit with a dry surface: no evaporative offset prior.
        public var dryAfterStall = true
        /// After a plateau, read the recent slope only over `afterStallSlopeWindowSeconds`.
        public var slopeFromStallEnd = true
        /// Recent-slope window after a plateau, seconds (20-30 min were too noisy on real ribs and
        /// pork shoulder; windows reaching back to the plateau's end lagged the speeding-up climb).
        public var afterStallSlopeWindowSeconds = 2700.0
        /// After a plateau, the slope is not blended in until the climb has lasted this long,
        /// seconds: a line through a few minutes of it is noise (with the line kept off the
        /// plateau, the real pulled pork's largest ETA jump between readings fell from 8.7 to
        /// 0.8 times the time left, 0.5 with `afterStallHandOffSeconds`; pooled suites @75
        /// 0.053 -> 0.051, real medians unchanged).
        public var afterStallSlopeSettleSeconds = 600.0
        /// After a plateau, the restarted fit takes over from the plateau's last finish over this
        /// long, seconds (see `handOffFromPlateau`).
        public var afterStallHandOffSeconds = 1200.0
        /// Window of the one-mode late-approach fit (`ApproachFit`, see `blendWithApproach`) as a
        /// fraction of the time since the start: at least 10 minutes, never back onto a plateau
        /// or into the first half of the heating.
        public var approachWindowFraction = 0.2
        /// Window of the two-mode late-approach fit, as a fraction of the time since the start
        /// (never into the first third of the heating). Pooled suites @75 0.051 -> 0.045 (seed 7
        /// 0.048 -> 0.027), leave-one-out real cooks @75 0.246 -> 0.232; 0.25 and 0.5 did less.
        public var approachTwoModesWindowFraction = 0.35
        /// The late-approach fit takes over the finish fully while what it says is left is at
        /// most this fraction of its window, and not at all from `approachHorizonNone` on
        /// (weighed in log time between).
        public var approachHorizonFull = 0.5
        /// See `approachHorizonFull`.
        public var approachHorizonNone = 1.5
        /// With an air sensor, the late-approach fit is used only while the level it closes on
        /// is at least this share of the way from the probe to the measured air: an approach to a
        /// level far under the air is an evaporative creep, not the first conduction mode.
        public var approachMinimumAirShare = 0.45
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
    /// When the probe last jumped into hotter meat early in the cook
    /// (`insertionRiseCelsiusPerMinute`): the readings before it are the room, not the meat.
    var insertionSeconds: Double?
    var preStall: ConductionFitter.Solution?
    var lastBest: ConductionFitter.Solution?
    var wasStalled = false
    var afterStall = false
    /// When the last plateau ended (grid seconds), nil before any.
    var stallEndSeconds: Double?
    /// The finish published on the plateau just before it ended (see `handOffFromPlateau`).
    var plateauExitFinish: Double?
    /// When the probe first came within `stallBandCelsius` of the cut's plateau (cuts that stall).
    var stallBandEntrySeconds: Double?
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
    var revisions = FinishRevisions()
    /// The air level the band's record was earned under (`restartRecordOnAirShift`).
    var recordAirCelsius: Double?
    var resolution = ReadingResolution()
    /// LAPACK workspace of the late-approach fits (`ApproachFit`).
    let approachSolver = LeastSquares()

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
        if e.model == "none", cleaner.rejectedProbeCount > 0 {
            // Readings came, none usable: say so rather than "waiting".
            let lo = Int(ReadingCleaner.probeRange.lowerBound), hi = Int(ReadingCleaner.probeRange.upperBound)
            e.message =
                "no usable probe reading yet: \(cleaner.rejectedProbeCount) rejected (outside \(lo) to \(hi) C, a device error code or a glitch)"
        }
        // Not done yet, so not finished before `seconds`: the estimate is from the last grid
        // point, which sparse readings can leave minutes behind, and neither the finish nor the
        // low end of its range may lie in the past (a range "from 10:02" shown at 10:05).
        if e.phase != .done, let f = e.finishSeconds {
            let finish = max(f, seconds)
            e.finishSeconds = finish
            if let lo = e.finishLowSeconds { e.finishLowSeconds = min(max(lo, seconds), finish) }
            if let hi = e.finishHighSeconds { e.finishHighSeconds = max(hi, finish) }
            if f < seconds {
                e.finishLowSeconds = e.finishLowSeconds ?? finish
                e.finishHighSeconds = e.finishHighSeconds ?? finish
            }
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

    func closeBucket() {
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
            if let previous = lastGrid, g.seconds > previous.seconds,
                (g.probeCelsius - previous.probeCelsius) / (g.seconds - previous.seconds) * 60
                    > configuration.insertionRiseCelsiusPerMinute
            {
                // Probe inserted into hotter meat: it read the room before. The fit restarts from
                // the meat's temperature, and lines and windows begin here. Without this, ten
                // seconds of a probe going from 20 to 62 C into a roast (a real ThermoPro log)
                // made the slope say "done in 48 s" for a finish seven hours away.
                insertionSeconds = g.seconds
                settleMin = nil
                fitter.restartStatistics(startCelsius: g.probeCelsius)
            }
            // Probe settling: it read the room before cooling to the meat's temperature.
            if let m = settleMin, g.probeCelsius < m - 0.3 {
                fitter.restartStatistics(startCelsius: g.probeCelsius)
            }
            settleMin = min(settleMin ?? g.probeCelsius, g.probeCelsius)
        }
        buffer.append(g)
        if stallBandEntrySeconds == nil, prior.stalls,
            g.probeCelsius >= prior.stallCelsius - configuration.stallBandCelsius
        {
            stallBandEntrySeconds = g.seconds
        }
        stall.observe(g, buffer: buffer, airCelsius: airForForecast(now: g.seconds), prior: prior)
        let stalledNow = stall.start != nil
        if stalledNow && !wasStalled {
            preStall = preStall ?? (configuration.refreshesEachBucket ? lastBest : nil) ?? currentBest()
        } else if !stalledNow && wasStalled && configuration.restartsAfterStall {
            // Off the plateau: the meat is close to uniform at the plateau temperature, so the
            // conduction fit restarts from here with the pre-stall time constant as its prior (held
            // up by the cut's: see `climbTauSeconds`).
            var fc = fitter.configuration
            if let ps = preStall { fc.logTauPrior = (log(climbTauSeconds(fitted: ps.tauSeconds)), 0.4) }
            // The plateau ended because the surface dried: no evaporative cooling is left, so the
            // effective air's prior mean is the measured air itself.
            if configuration.dryAfterStall { fc.offsetPriorGapFraction = 0 }
            let f = ConductionFitter(configuration: fc, assumedAmbientCelsius: fitter.assumedAmbientCelsius)
            f.add(g)
            fitter = f
            afterStall = true
            stallEndSeconds = g.seconds
            plateauExitFinish = current.phase == .stalled ? current.finishSeconds : nil
        }
        wasStalled = stalledNow
        lastGrid = g
        if configuration.refreshesEachBucket { refresh(now: g.seconds) }
    }

    func markDone(at t: Double) {
        current = Estimate(
            elapsedSeconds: t, finishSeconds: doneSeconds, finishLowSeconds: doneSeconds,
            finishHighSeconds: doneSeconds, phase: .done,
            message: "done: the probe reached \(fmt(targetCelsius)) C", model: current.model,
            parameters: current.parameters, probeCelsius: lastCleanProbe?.v, targetCelsius: targetCelsius,
            channel: channel)
    }

    /// Whether the curve is still young (phase `warming`): in the cook's first half hour the probe
    /// has risen less than 2 C.
    func isYoung(now: Double, probeCelsius T: Double) -> Bool {
        T - (fitter.firstProbeCelsius ?? T) < 2 && now - (originSeconds ?? now) < 1800
    }

    /// Whether air at `airCelsius` is a controlled water bath (`Configuration.bathGapCelsius`).
    func isBath(airCelsius: Double) -> Bool { abs(airCelsius - targetCelsius) < configuration.bathGapCelsius }

    /// Whether air at `air` is a measured bath that may still be recovering from the cold meat
    /// going in (or whose sensor is still settling): within `bathRecoverySeconds` of the start (an
    /// assumed air, without a sensor, never is). A bath a few tenths under the target then is no
    /// verdict yet (phase `warming`, not `unreachable`), and one barely above it gives no finish
    /// of its own (a line through the start of the rise swung between 60 % early and 10 % late on
    /// the built-in sous-vide simulation).
    func bathRecovering(now: Double, air: Double) -> Bool {
        fitter.hasMeasuredAmbient && isBath(airCelsius: air)
            && now - (originSeconds ?? now) < configuration.bathRecoverySeconds
    }

    /// What past cooks of the cut took, less the time this cook has run: seconds, may be negative.
    func usualRemainingSeconds(now: Double) -> Double {
        prior.totalHoursMean * 3600 - (now - (originSeconds ?? now))
    }

    func airForForecast(now: Double) -> Double {
        guard fitter.hasMeasuredAmbient else { return fitter.assumedAmbientCelsius }
        // Recent level: long enough to average a controller's cycling, short enough to follow a
        // grill still coming up to temperature in a short cook.
        let age = now - (originSeconds ?? now)
        let warmingUp = age < 2700 && airStillRising(now: now)
        let window = min(1200, max(warmingUp ? 120 : configuration.steadyAirWindowSeconds, 0.15 * age))
        let short =
            buffer.typicalAmbient(since: now - window, outlierCelsius: configuration.lidDipCelsius)
            ?? fitter.lastDriveCelsius
        if warmingUp, short <= targetCelsius + 5 {
            // Early on a cold pit is usually still heating: assume it reaches its usual level. Not
            // when the air is already steady (a preheated bath a degree above the target is where it
            // will stay; the cut's usual level would finish it far too early).
            return max(short, prior.ambientCelsius)
        }
        if short < targetCelsius + 10, let long = buffer.meanAmbient(since: now - 14400) {
            // A bath (less than `bathGapCelsius` from the target) holds its level: read it
            // over 20 minutes whatever the cook's age, so a controller's cycling and whole-degree
            // flicker (52.2 / 52.8 C) do not move an asymptote half a degree from the target.
            // Readings further than `bathGapCelsius` out are left out: the probe's air sensor
            // coming up from room air in its first minute in the bath pulled the built-in sous-vide
            // simulation's bath 0.6 C down for 20 minutes, under the target: "unreachable".
            if isBath(airCelsius: short),
                let steady = buffer.typicalAmbient(since: now - 1200, outlierCelsius: configuration.bathGapCelsius)
            {
                return max(steady, long)
            }
            return max(short, long)
        }
        return short
    }

    /// Whether the measured air rose over the last quarter hour (mean of the last 5 minutes over
    /// the mean of the last 15 by more than half a degree, i.e. heating by ~0.1 C/min or more);
    /// younger cooks compare the last third of their age with the whole, from 3 minutes on. A
    /// sensor's first readings in room air before it went into the bath are outliers, not a rise
    /// (`GridBuffer.typicalAmbient`): counted, a bath steady at 50.6 C from its second minute was
    /// taken for one still heating towards the cut's usual 57 C for a quarter of an hour (real
    /// swordfish at 10 minutes: 16 minutes left instead of 75). Younger than 3 minutes counts as
    /// rising.
    func airStillRising(now: Double) -> Bool {
        guard let o = originSeconds, now - o >= 180 else { return true }
        let span = min(300, (now - o) / 3)
        let dip = configuration.lidDipCelsius
        guard let recent = buffer.typicalAmbient(since: now - span, outlierCelsius: dip),
            let older = buffer.typicalAmbient(since: now - 3 * span, outlierCelsius: dip)
        else { return true }
        return recent - older > 0.5
    }
}
