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
    /// Target temperature, Celsius.
    public let targetCelsius: Double
    /// Channel this estimator follows.
    public let channel: Int
    /// The prior it started from.
    public let prior: FitPrior
    public let configuration: Configuration
    /// The air this cook's pit is expected to reach, Celsius (`usualAirCelsius(prior:...)`): the
    /// air assumed without a sensor, before a sensor has read, and while a pit still heats up.
    let usualAirCelsius: Double

    // The four per-reading filters below are `@exclusivity(unchecked)`: each is mutated once per
    // reading by `update`, which nothing re-enters (the estimator is not `Sendable`, so one
    // thread at a time), and the runtime's dynamic access checks on them were 9 % of `cookcast
    // fit`'s instructions (callgrind: 446 M -> 395 M for a 12 h cook). Every other property keeps
    // its checks.
    @exclusivity(unchecked) var cleaner = ReadingCleaner()
    var fitter: ConductionFitter
    var settleMin: Double?
    /// Whether the fit restarted because the probe came back into the meat elsewhere
    /// (`ProbeOutOfMeat`) and has too few points yet: the last answer stands meanwhile.
    var movedInMeat = false
    /// When the probe last went into the meat: jumped into hotter meat early in the cook
    /// (`insertionRiseCelsiusPerMinute`: the readings before it are the room, not the meat), or came
    /// back into it elsewhere after a fall (`ProbeOutOfMeat`).
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
    /// Sum of the open bucket's probe reading times, seconds: its point is dated at their mean.
    var bucketProbeSecondsSum = 0.0
    /// Lattice a full bucket's point is dated on, seconds (see `closeBucket`).
    static let datingLatticeSeconds = 5.0
    var originSeconds: Double?
    var doneSeconds: Double?
    var lastCleanProbeCelsius: Double?
    var minProbe = Double.infinity
    /// The alarm's watch of the target on the same readings: its `.reached` verdict is the
    /// estimator's done, and a probe that jumps above the target faster than meat heats is out of
    /// the meat (reading the pit), not done (`ProbeTargetWatch`).
    @exclusivity(unchecked) var targetWatch = ProbeTargetWatch()
    /// Whether the probe fell out of the meat, and where it came back (`ProbeOutOfMeat`).
    @exclusivity(unchecked) var outOfMeat = ProbeOutOfMeat()
    /// The highest grid point within `ProbeOutOfMeat.peakWindowSeconds` of the last one, Celsius.
    var recentPeakCelsius: Double?
    /// How the next grid point restarts the fit: the probe came back elsewhere in the meat
    /// (`.elsewhere`), or went into it at last (`.putIn`); nil: it does not.
    var pendingRestart: ProbeOutOfMeat.Verdict?
    /// The lowest grid point since the probe went in (`insertionSeconds`, else the start), Celsius.
    var lowestSinceInsertionCelsius: Double?
    var stall = StallTracker()
    var smoothedFinish: Double?
    var current: Estimate
    /// The words of `current` either side of the time left (`Forecast.timeLeft`), the time left
    /// they were given at the grid step and the words they made (see `worded`); nil when they
    /// carry no time left.
    var timeLeftWording: (before: String, after: String, minutes: Int, message: String)?
    var lastGrid: GridPoint?
    var skill = ForecastSkill()
    var revisions = FinishRevisions()
    /// The air level the band's record was earned under (`restartRecordOnAirShift`).
    var recordAirCelsius: Double?
    /// In a bath that holds the target, the temperature the meat is done at: where the probe
    /// levels off less `Configuration.bathFinishMarginCelsius` (see `bathGoal`; nil otherwise, set
    /// at each refresh).
    var bathGoalCelsius: Double?
    @exclusivity(unchecked) var resolution = ReadingResolution()
    /// LAPACK workspace of the late-approach fits (`ApproachFit`).
    let approachSolver = LeastSquares()
    /// The late-approach fits' design columns, kept from one grid step to the next (see
    /// `ApproachColumns`): one store per window.
    let oneModeColumns = ApproachColumns(), twoModeColumns = ApproachColumns()

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
        usualAirCelsius = Self.usualAirCelsius(prior: prior, targetCelsius: targetCelsius, configuration: configuration)
        fitter = ConductionFitter(configuration: fc, assumedAmbientCelsius: usualAirCelsius)
        current = Estimate(
            elapsedSeconds: 0, finishSeconds: nil, finishLowSeconds: nil, finishHighSeconds: nil,
            phase: .collectingData, message: "waiting for readings", model: "none", probeCelsius: nil,
            targetCelsius: targetCelsius, channel: channel)
    }

    /// The temperature the modelled curve must cross for the probe to show the target: for a probe
    /// that reads in whole degrees, half a step below the first value it can show at or above the
    /// target (see `ReadingResolution`); in a bath that holds the target, never closer to the bath
    /// than `Configuration.bathFinishMarginCelsius` (the meat closes on it only asymptotically).
    /// Celsius.
    public var goalCelsius: Double {
        min(resolution.crossingCelsius(forTarget: targetCelsius), bathGoalCelsius ?? .infinity)
    }

    /// Number of raw readings rejected by the cleaner.
    public var rejectedCount: Int { cleaner.rejectedCount }

    /// Feeds one raw reading (any order, any garbage). Constant cost; refits when a bucket closes.
    /// Returns true when the reading closed a grid bucket, i.e. the fit and the estimate were
    /// refreshed (the moments worth storing as a `FitRecord`). A reading before time zero (a
    /// negative time: a `live --stdin` line from before the session's start, stored and exported
    /// as it came) is no part of the cook predicted, whose time runs from the start, and is
    /// ignored: live met it out of order, after the first readings, and its cleaner dropped it;
    /// stored first in time order, it made `predict` of the exported cook count the 31 minutes
    /// before the start as cooking (the roast chicken at 300 s: finish 2100 s, not 5752 s).
    @discardableResult
    public func update(_ reading: Reading) -> Bool {
        guard !(reading.elapsedSeconds < 0) else { return false }
        // The watch sees what the cleaner drops as out of a meat probe's range: a probe pulled out
        // reads a 163 C oven, and that is the news.
        if let p = reading.probeCelsius, p.isFinite, ReadingCleaner.ambientRange.contains(p),
            !Reading.isDeviceSentinel(p),
            targetWatch.observe(
                celsius: p, atSeconds: reading.elapsedSeconds, targetCelsius: targetCelsius,
                airCelsius: reading.ambientCelsius.flatMap { $0.isFinite ? $0 : nil }) == .reached,
            doneSeconds == nil
        {
            // Done when the target alarm's watch says the meat reached it: two readings at the
            // target with the probe's level there (`ProbeTargetWatch.levelCelsius`), once seen well
            // under it, or past it from the probe's first reading well under a known air, or for
            // two minutes.
            doneSeconds = targetWatch.reachedSeconds
            markDone(at: reading.elapsedSeconds)
        }
        guard var r = cleaner.clean(reading) else { return false }
        // Out of the meat its readings say nothing about the meat: kept out of the fit.
        if targetWatch.isOut { r.probeCelsius = nil }
        let t = r.elapsedSeconds
        if originSeconds == nil { originSeconds = t }
        if let p = r.probeCelsius {
            let verdict = outOfMeat.observe(
                celsius: p, atSeconds: t, recentPeakCelsius: recentPeakCelsius,
                lowestCelsius: lowestSinceInsertionCelsius,
                airCelsius: r.ambientCelsius ?? buffer.latestAmbient(points: 1).first)
            switch verdict {
            case .out: r.probeCelsius = nil  // no part of the cook (see `ProbeOutOfMeat`)
            case .elsewhere, .putIn:
                pendingRestart = verdict
                recentPeakCelsius = nil
            case .inMeat, .putBack: break
            }
        }
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
                    now: t, T: p, air: r.ambientCelsius ?? usualAirCelsius, phase: .collectingData,
                    params: ["probe_c": p])
            }
            bucketProbeSum += p; bucketProbeN += 1; bucketProbeSecondsSum += t
            resolution.observe(p)
            minProbe = min(minProbe, p)
            lastCleanProbeCelsius = p
        }
        if let a = r.ambientCelsius { bucketAmbSum += a; bucketAmbN += 1 }
        return refreshed
    }

    /// Closes the open bucket now (used before answering a query at the end of a replay): its
    /// point is dated at its readings' mean time, as every point is (see `closeBucket`).
    public func flush() {
        if bucketIndex != nil { closeBucket(partFilled: true) }
    }

    /// An estimate whose finish passed more than this long ago, the target not reached, says it
    /// is overdue instead of its words of the moment it was made, seconds.
    static let overdueAfterSeconds = 60.0

    /// The latest estimate, as seen at `seconds` (the finish never lies before `seconds` unless done).
    public func estimate(atSeconds seconds: Double) -> Estimate {
        var e = current
        if e.model == "none", cleaner.rejectedProbeCount > 0 {
            // Readings came, none usable: say so rather than "waiting".
            let lo = Int(ReadingCleaner.probeRange.lowerBound), hi = Int(ReadingCleaner.probeRange.upperBound)
            e.message =
                "no usable probe reading yet: \(cleaner.rejectedProbeCount) rejected (outside \(lo) to \(hi) C, a device error code or a glitch)"
        }
        if e.phase != .done, !targetWatch.isConfirmedOut, let peak = outOfMeat.fellFromCelsius,
            let latest = outOfMeat.latestCelsius
        {
            // Its readings are held back from the grid, so no grid point comes to say so. A jump
            // the cleaner holds until the next readings confirm it is what the probe reads now
            // (put back, it said "reads 56.7 C, 27.5 C below its recent peak" beside 84.5 C).
            let reading = cleaner.heldProbeCelsius ?? latest
            let back = outOfMeat.isSettling || ProbeOutOfMeat.isBack(reading, nearLevel: peak)
            e.phase = .probeOut
            e.probeCelsius = reading
            e.message =
                back
                ? "probe reads \(shown(reading)) again: back in the meat? waiting a minute for it to settle"
                : "probe reads \(shown(reading)), \(shownDifference(peak - reading)) below its recent peak: is it still in the meat?"
        }
        if e.phase != .done, targetWatch.isConfirmedOut {
            // Between grid points too: its readings are kept out of the fit, so none may come.
            let reading = targetWatch.latestCelsius ?? e.probeCelsius ?? targetCelsius
            e.phase = .probeOut
            e.probeCelsius = reading
            e.message = "probe reads \(shown(reading)), above the target within a minute: is it out of the meat?"
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
            if seconds - f > Self.overdueAfterSeconds, e.phase.showsFinish {
                // Its words were for the moment it was made: "about 2 min left" beside "in 0s"
                // when a logger that writes only on a change said nothing for ten minutes.
                e.message = "due \(formatDuration(seconds - f)) ago: waiting for the probe to reach \(shownTarget)"
                e.overdueSinceSeconds = f
                // The model was wrong by at least as long as it is overdue: the range says so (it
                // was "12:40-12:40", no uncertainty at all, eight minutes after the finish passed).
                e.finishHighSeconds = max(e.finishHighSeconds ?? finish, seconds + (seconds - f))
            } else if seconds > e.elapsedSeconds, let wording = timeLeftWording {
                // The time left as of `seconds`, not of the grid step: the number beside says so
                // (worded afresh only when the minutes shown change, and not over other words).
                let minutes = shownMinutes(finish - seconds)
                if minutes != wording.minutes, e.message == wording.message {
                    e.message = wording.before + formatMinutes(minutes) + wording.after
                }
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
        return fitter.solution(index: ConductionFitter.cheapestIndex(fitter.solveCosts()))
    }

    /// Fitted parameters of the current conduction fit (for learning priors).
    public var currentParameters: [String: Double] { current.parameters }

    /// Whether a plateau (stall) is in progress, and hours spent on plateaus so far.
    public var stallHours: Double { stall.totalSeconds(now: lastGrid?.seconds ?? 0) / 3600 }
    public var stallTemperatureCelsius: Double? { stall.meanTemperature }

    /// Turns the open bucket into a grid point dated at its probe readings' mean time, where a
    /// steady rise has the value of their mean: on a 5 s lattice for a bucket the next reading
    /// closed, exactly for the part-filled one a query closes (`partFilled`, see `flush`).
    ///
    /// Dated at the bucket's centre, a point lagged its readings by half their interval (5 s for a
    /// reading every 10 s, up to 15 s for one a minute) or, next to a gap or at a query 1 s into a
    /// bucket, by up to 15 s; each answer leaned later by as much. The lattice keeps the fitter's
    /// steps to a few lengths (25, 30, 35 s for a probe read every 7 s), whose decays it keeps
    /// (`ConductionFitter.decayCache`): to the second, such a probe's steps took a dozen lengths
    /// and a grid step's p99 went from 111 to 220 us.
    func closeBucket(partFilled: Bool = false) {
        guard bucketIndex != nil else { return }
        defer {
            bucketIndex = nil
            bucketProbeSum = 0; bucketProbeN = 0; bucketAmbSum = 0; bucketAmbN = 0; bucketProbeSecondsSum = 0
        }
        guard bucketProbeN > 0 else { return }
        let meanSeconds = bucketProbeSecondsSum / bucketProbeN
        // Never on or before the last point (a bucket's readings all lie after the last one's).
        let lattice = Self.datingLatticeSeconds
        let dated = max(
            partFilled ? meanSeconds : lattice * (meanSeconds / lattice).rounded(),
            (lastGrid?.seconds ?? -.infinity) + 1)
        let g = GridPoint(
            seconds: dated,
            probeCelsius: bucketProbeSum / bucketProbeN,
            ambientCelsius: bucketAmbN > 0 ? bucketAmbSum / bucketAmbN : nil)
        if pendingRestart == .putIn {
            // Put into the meat at last (`ProbeOutOfMeat`): what came before was the probe lying
            // in the room, and the cook starts here.
            startCook(atSeconds: g.seconds)
        }
        fitter.add(g)
        if pendingRestart == .elsewhere {
            // Pushed deeper, or put back into another spot (`ProbeOutOfMeat`): the curve starts
            // afresh here, as for a probe put into the meat.
            insertionSeconds = g.seconds
            fitter.restartStatistics(startCelsius: g.probeCelsius)
            movedInMeat = true
        }
        if let o = originSeconds, g.seconds - o < 1800, !afterStall, pendingRestart == nil {
            // The rise is measured over a bucket at least: points are dated where their readings
            // were taken, so two can lie a second apart (a probe's reading just before a boundary
            // and its resend just after), and the 0.25 C of noise between them read as 15 C a
            // minute threw the fit away at every such pair.
            if let previous = lastGrid, g.seconds > previous.seconds,
                (g.probeCelsius - previous.probeCelsius)
                    / max(g.seconds - previous.seconds, configuration.bucketSeconds) * 60
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
        pendingRestart = nil
        buffer.append(g)
        lowestSinceInsertionCelsius =
            insertionSeconds == g.seconds
            ? g.probeCelsius : min(lowestSinceInsertionCelsius ?? g.probeCelsius, g.probeCelsius)
        // The meat's level: not the probe settling into it (the room, then cold meat) in the first
        // minutes of the cook, nor before it went in.
        recentPeakCelsius = buffer.maxProbe(
            since: max(
                g.seconds - ProbeOutOfMeat.peakWindowSeconds, insertionSeconds ?? -.infinity,
                (originSeconds ?? g.seconds) + ProbeOutOfMeat.peakWindowSeconds))
        if stallBandEntrySeconds == nil, prior.stalls,
            g.probeCelsius >= prior.stallCelsius - configuration.stallBandCelsius
        {
            stallBandEntrySeconds = g.seconds
        }
        stall.observe(
            g, buffer: buffer, airCelsius: airForForecast(now: g.seconds), prior: prior,
            insertionSeconds: insertionSeconds)
        let stalledNow = stall.start != nil
        // A rise that slowed towards a plateau and sped up again before it stopped (the meat
        // wrapped, or its surface dried early: `StallTracker.slowdownEndedSeconds`) is off it too.
        let slowdownEndsNow =
            stall.slowdownEndedSeconds == g.seconds && !afterStall && configuration.restartsAfterSlowdown
        if stalledNow && !wasStalled {
            preStall = preStall ?? (configuration.refreshesEachBucket ? lastBest : nil) ?? currentBest()
        } else if (!stalledNow && wasStalled && configuration.restartsAfterStall) || slowdownEndsNow {
            // Off the plateau: the meat is close to uniform at the plateau temperature, so the
            // conduction fit restarts from here with the pre-stall time constant as its prior (held
            // up by the cut's: see `climbTauSeconds`).
            var fc = fitter.configuration
            // Off a slowdown the fit before it stands for the one before a plateau: a plateau that
            // still comes (a foil that keeps some evaporation) climbs off it as off a first one.
            if slowdownEndsNow { preStall = lastBest ?? currentBest() }
            if let ps = preStall { fc.logTauPrior = (log(climbTauSeconds(fitted: ps.tauSeconds)), 0.4) }
            // The plateau ended because the surface dried: no evaporative cooling is left, so the
            // effective air's prior mean is the measured air itself.
            if configuration.dryAfterStall { fc.offsetPriorGapFraction = 0 }
            let f = ConductionFitter(configuration: fc, assumedAmbientCelsius: fitter.assumedAmbientCelsius)
            f.add(g)
            fitter = f
            afterStall = true
            stallEndSeconds = g.seconds
            plateauExitFinish = current.phase == .stalled || slowdownEndsNow ? current.finishSeconds : nil
        }
        wasStalled = stalledNow
        lastGrid = g
        if configuration.refreshesEachBucket { refresh(now: g.seconds) }
    }

    /// Starts the cook afresh at `seconds`, the probe having lain in the room until then: the fit
    /// (modal states too: the meat is uniform at its temperature now), the plateau watch and the
    /// band's record start here, and the cook's age counts from here.
    func startCook(atSeconds seconds: Double) {
        originSeconds = seconds
        insertionSeconds = seconds
        settleMin = nil
        movedInMeat = false
        fitter = ConductionFitter(
            configuration: fitter.configuration, assumedAmbientCelsius: fitter.assumedAmbientCelsius)
        stall = StallTracker()
        skill = ForecastSkill()
        revisions = FinishRevisions()
        recordAirCelsius = nil
        smoothedFinish = nil
    }

    func markDone(at t: Double, message: String? = nil) {
        current = Estimate(
            elapsedSeconds: t, finishSeconds: doneSeconds, finishLowSeconds: doneSeconds,
            finishHighSeconds: doneSeconds, phase: .done,
            message: message ?? "done: the probe reached \(shownTarget)", model: current.model,
            parameters: current.parameters, probeCelsius: lastCleanProbeCelsius, targetCelsius: targetCelsius,
            channel: channel)
    }

    /// Whether the curve is still young (phase `warming`): the probe has risen less than 2 C, in
    /// the cook's first `Configuration.youngMaxSeconds`.
    func isYoung(now: Double, probeCelsius T: Double) -> Bool {
        T - (fitter.firstProbeCelsius ?? T) < configuration.youngRiseCelsius
            && now - (originSeconds ?? now) < configuration.youngMaxSeconds
    }

    /// What past cooks of the cut took, less the time this cook has run: seconds, may be negative.
    func usualRemainingSeconds(now: Double) -> Double {
        usualTotalSeconds(now: now) - (now - (originSeconds ?? now))
    }

    /// What past cooks of the cut took, seconds. A cooking guide's time (`FitPrior.totalHoursFromGuide`)
    /// is for a usual piece from the fridge (`guideStartCelsius`) in the cut's usual air to its usual
    /// target, so it is scaled to this cook's air ahead, start and target as Newton's law scales a
    /// heating time, by ln((air - start) / (air - target)), within a third and three times: a leg of
    /// lamb (guide 1.75 h at 175 C) in a 110 C oven takes about twice as long. Not in a bath, where the
    /// meat closes on the air and the log says nothing useful.
    func usualTotalSeconds(now: Double) -> Double {
        let total = prior.totalHoursMean * 3600
        guard prior.totalHoursFromGuide, let usualTarget = prior.usualTargetCelsius else { return total }
        // An oven still heating up is taken at its usual level at least, and the start is the
        // coldest the probe has been in the meat (it may have read the room before going in).
        let usualAir = prior.ambientCelsius, usualStart = Self.guideStartCelsius
        let air = airStillRising(now: now) ? max(airForForecast(now: now), usualAir) : airForForecast(now: now)
        let start = lowestSinceInsertionCelsius ?? fitter.firstProbeCelsius ?? usualStart
        guard !isBath(airCelsius: air), air > goalCelsius + 1, start < goalCelsius, usualAir > usualTarget + 1
        else { return total }
        let ratio = log((air - start) / (air - goalCelsius)) / log((usualAir - usualStart) / (usualAir - usualTarget))
        return total * min(3, max(1.0 / 3, ratio))
    }

    /// Where a cooking guide's time starts from: meat from the fridge, Celsius.
    static let guideStartCelsius = 4.0
}
