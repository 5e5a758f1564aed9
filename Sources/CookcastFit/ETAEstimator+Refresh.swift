import CookcastCore
import Foundation

/// The estimate at a grid step: the conduction candidates' finish quantiles, the rung of the
/// fallback ladder that applies (see `ETAEstimator+Ladder.swift`), then smoothing and the 80 % band.
extension ETAEstimator {
    /// Recomputes `current` from the last grid point.
    func refresh(now: Double) {
        guard let g = lastGrid, let origin = originSeconds else { return }
        let T = g.probeCelsius
        var params: [String: Double] = ["probe_c": T]
        if let d = doneSeconds {
            current.elapsedSeconds = now
            current.finishSeconds = d
            current.probeCelsius = T  // the meat rests: the probe goes on, the finish stands
            return
        }
        if T >= targetCelsius, minProbe >= targetCelsius - 3 {
            // Never seen under the target, and not done: the probe reads the hot pit before it
            // goes in, came past the target after its first reading, or no air is known (meat
            // past it from the first reading is done at once under a known air,
            // `ProbeTargetWatch`). Done once it holds there two minutes (well under the air, when
            // known); until then no finish: not the prior's "about 0 min left (a first guess)", nor
            // the moment itself ("in 0s" at every reading of a probe lying in the pit).
            current = Estimate(
                elapsedSeconds: now, finishSeconds: nil, finishLowSeconds: nil, finishHighSeconds: nil,
                phase: .collectingData,
                message: "the probe reads \(shown(T)), past the target \(shownTarget): done if it holds there",
                model: "none", parameters: params, probeCelsius: T, targetCelsius: targetCelsius, channel: channel)
            return
        }
        let air = airForForecast(now: now)
        params["air_c"] = air
        bathGoalCelsius = bathGoal(now: now, air: air)
        fitter.offsetScaleCelsius = abs(air - targetCelsius)
        fitter.inBath = isBath(airCelsius: air)
        fitter.readingStepCelsius = resolution.step?.celsius ?? 0
        if fitter.count < configuration.minimumPoints {
            if afterStall || movedInMeat, current.finishSeconds != nil {
                // The fit restarts after the plateau, or with the probe moved to another spot of
                // the meat: hold the last answer for these few minutes. (Moved, the first answer
                // was past cooks' total time less the time run, as at the start: "4 h 45 min" for
                // ribs an hour from done.)
                current.elapsedSeconds = now
                current.probeCelsius = T
                if movedInMeat {
                    current.phase = .warming
                    current.message =
                        "probe moved within the meat: the last estimate stands until its curve there shows"
                    timeLeftWording = nil
                }
                return
            }
            if outOfReachBeforeTheFit(now: now, probeCelsius: T, air: air) {
                // The measured air, steady at or under the target, with the probe not rising: no
                // first answer from past cooks (they were heated).
                return setUnreachable(now: now, T: T, air: air, params: params)
            }
            setPriorEstimate(now: now, T: T, air: air, phase: .collectingData, params: params)
            return
        }
        if movedInMeat {
            // The curve of the new spot is followed at once, not smoothed from the held answer.
            movedInMeat = false
            smoothedFinish = nil
        }
        // Conduction candidates
        // Ranked by cost alone: only the best and the kept candidates' solutions are built.
        let costs = fitter.solveCosts()
        let best = fitter.solution(index: ConductionFitter.cheapestIndex(costs))
        // In a bath that holds the target, done within the margin of where the probe levels off.
        bathGoalCelsius = bathGoal(now: now, air: air, offsetCelsius: best.offsetCelsius)
        if let goal = bathGoalCelsius, T >= goal, minProbe < goal - 3 {
            doneSeconds = now
            markDone(at: now, message: "done: \(shown(T)), \(bathHoldsTargetPhrase(air: air, goal: goal))")
            return
        }
        let neff = max(1, fitter.effectiveCount - 2)
        let sigma2 = max(best.cost / neff, 0.02)
        let temp = 2 * sigma2 * configuration.candidateTemperature
        var ranked: [(w: Double, index: Int)] = []
        ranked.reserveCapacity(64)
        // Weight > 0.02 <=> cost gap < temp * ln 50 (no exp for the many that fall out).
        let gapLimit = temp * log(50.0)
        for (i, cost) in costs.enumerated() where cost - best.cost < gapLimit {
            ranked.append((exp(-(cost - best.cost) / temp), i))
        }
        let young = isYoung(now: now, probeCelsius: T)
        let kept = young ? configuration.youngCandidatesKept : configuration.candidatesKept
        Self.keepHeaviest(&ranked, count: kept)
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
        for (w, i) in ranked {
            let s = fitter.solution(index: i)
            let resid = forecastResidual(T - s.lastModelCelsius)
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
        let finishes = WeightedQuantiles(etas)
        let q50 = finishes.quantile(0.5)
        var q10 = finishes.quantile(0.1)
        var q90 = finishes.quantile(0.9)
        if q50.isFinite, air + best.offsetCelsius - goalCelsius < 5 {
            // Near the asymptote the finish hangs on the last half degree: push the air (with its
            // offset) by a typical probe-to-air-sensor bias each way and widen the band to match.
            let sigma = configuration.airBiasCelsius
            let resid = forecastResidual(T - best.lastModelCelsius)
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
        var lineStart = max(now - max(600, 0.15 * (now - origin)), now - 7200, insertionSeconds ?? origin)
        if configuration.slopeFromStallEnd, let end = stallEndSeconds {
            // After a plateau the climb speeds up as the surface dries out, so only the last 45
            // minutes say how fast it is now: a longer window reaches back onto the slower start of
            // the climb and pushes the finish late. Never onto the plateau itself: just after it
            // ended, a line through it sent the real pulled pork's ETA 15 hours late.
            lineStart = max(lineStart, now - configuration.afterStallSlopeWindowSeconds, end)
        }
        let bottom = buffer.bottomOfFall(since: lineStart, fallCelsius: configuration.lineFallCelsius)
        if let bottom, now - bottom >= configuration.lineAfterFallSeconds {
            // Heating meat does not fall: a probe that did (a lid opened, the meat basted or turned,
            // the probe moved) and climbs again rises at the rate since the bottom. Through the
            // fall, the real Combustion pork shoulder's line said 10 C/h where it climbed 17 after
            // a lid, and the finish was 0.4-1.2 of the time left late for 25 minutes.
            lineStart = bottom
        }
        // Too few minutes since a bottom to read the rate there: the median line, which the fall
        // does not bend (`lineThroughFallSpanSeconds`); the least-squares line otherwise, or when
        // the window holds too few spans for a median.
        let line =
            (bottom != nil && lineStart != bottom
                ? buffer.medianLine(
                    since: lineStart, spanSeconds: configuration.lineThroughFallSpanSeconds,
                    levelSeconds: configuration.lineThroughFallLevelSeconds) : nil)
            ?? buffer.line(since: lineStart)
        if let l = line { params["slope_c_per_h"] = l.slope * 3600 }
        // Score both models on what they forecast a horizon ago, then file today's forecasts.
        skill.settle(now: now, observed: T)
        let skillHorizon = skillHorizonSeconds(now: now)
        let condAhead = fitter.forecast(
            best, afterSeconds: skillHorizon, futureDriveCelsius: air,
            residual: forecastResidual(T - best.lastModelCelsius))
        let slopeAhead = line.map { $0.level + $0.slope * skillHorizon }
        restartRecordOnAirShift(airCelsius: air, probeCelsius: T, now: now)
        // While the curve is young its fit bounds the finish more than it places it (see
        // `weighWithPastCooks`): what it forecasts then is not scored against the rise, or its
        // misses (30-80 % of the rise) would hold the band wide for an hour after.
        skill.file(
            now: now, due: now + skillHorizon, conduction: condAhead, slope: slopeAhead,
            conductionRise: young ? 0 : condAhead - T)
        params["skill_conduction_c"] = skill.rmsConduction
        params["skill_slope_c"] = skill.rmsSlope

        var forecast = Forecast(finishSeconds: q50, lowSeconds: q10, highSeconds: q90)
        let step = LadderStep(
            now: now, origin: origin, probeCelsius: T, airCelsius: air, best: best, line: line,
            lineSpanSeconds: line.map { _ in now - lineStart })
        if hasNotRisenSinceItWentIn(now: now, probeCelsius: T) {
            return setUnreachable(now: now, T: T, air: air, params: params)
        } else if let st = stall.start, T < targetCelsius - 2 {
            forecast = stalledForecast(step, stallStart: st)
            params["stall_start_s"] = st
        } else if let f = approachingStallForecast(step) {
            forecast = f
        } else if !forecast.finishSeconds.isFinite
            // In a bath that holds the target the goal is already its margin under the bath.
            || air + best.offsetCelsius <= goalCelsius + (bathGoalCelsius == nil ? 0.3 : 0)
        {
            guard let f = levelledOffForecast(step, conduction: forecast) else {
                return setUnreachable(now: now, T: T, air: air, params: params)
            }
            forecast = f
        } else {
            if young {
                forecast.phase = .warming
                weighWithPastCooks(&forecast, now: now, probeCelsius: T)
            }
            if let w = blendWithSlope(&forecast, step) { params["slope_weight"] = w }
            handOffFromPlateau(&forecast, now: now)
            if let w = blendWithApproach(&forecast, step) { params["approach_weight"] = w }
            if let rate = followAcceleratingRise(&forecast, step) { params["rate_now_c_per_h"] = rate }
            if let goal = bathGoalCelsius {
                forecast.message = "\(bathHoldsTargetPhrase(air: air, goal: goal)) in about \(Forecast.timeLeft)"
            }
        }
        publish(forecast, now: now, probeCelsius: T, params: params)
    }

    /// Keeps the `count` heaviest of the weighted candidates, heaviest first, equal weights in
    /// candidate order: what a stable sort by weight gave, without sorting the hundreds that pass
    /// the weight cut-off when only the 8 best are kept.
    static func keepHeaviest(_ ranked: inout [(w: Double, index: Int)], count kept: Int) {
        func before(_ a: (w: Double, index: Int), _ b: (w: Double, index: Int)) -> Bool {
            a.w > b.w || (a.w == b.w && a.index < b.index)
        }
        guard ranked.count > kept, kept <= 16 else {
            ranked.sort(by: before)
            if ranked.count > kept { ranked.removeLast(ranked.count - kept) }
            return
        }
        var top: [(w: Double, index: Int)] = []
        top.reserveCapacity(kept + 1)
        for x in ranked {
            if top.count == kept {
                guard kept > 0, before(x, top[kept - 1]) else { continue }
                top.removeLast()
            }
            var j = top.count
            while j > 0 && before(x, top[j - 1]) { j -= 1 }
            top.insert(x, at: j)
        }
        ranked = top
    }

    /// Whether the cook's own record (`ForecastSkill`, `FinishRevisions`) has scored enough
    /// forecasts since its count last restarted to set the 80 % band.
    var recordVouches: Bool {
        let minimumCount = configuration.bandFromSkillMinimumCount
        return skill.relativeCount >= minimumCount && revisions.count >= minimumCount
    }

    /// The band's own record is earned under the air level `recordAirCelsius`; when the level
    /// ahead moves off it by more than `recordAirShiftFraction` of the air-to-probe gap (a fire
    /// that died or was stoked, an oven turned up), the band is past cooks' again until the record
    /// has scored its count anew (forecasts made for the old air cannot vouch for the new one).
    /// Until the record vouches, smaller moves carry the level along: taken while a pit was still
    /// coming up (92 C on the way to 110), a frozen level later sat a third of the shrinking gap
    /// off the steady air, and a record that had forecast well for an hour was thrown away.
    func restartRecordOnAirShift(airCelsius air: Double, probeCelsius T: Double, now: Double) {
        guard let level = recordAirCelsius else {
            recordAirCelsius = air
            return
        }
        guard abs(air - level) > configuration.recordAirShiftFraction * max(1, abs(level - T)) else {
            if !recordVouches { recordAirCelsius = air }
            return
        }
        recordAirCelsius = air
        skill.restartRelativeCount(now: now)
        revisions.restartCount(now: now)
    }

    /// Scoring horizons are this fraction of the cook's age...
    static let skillHorizonAgeFraction = 0.2
    /// ...within these bounds, seconds.
    static let skillHorizonRangeSeconds = 300.0...5400.0

    /// How far ahead forecasts are scored (`ForecastSkill`, `FinishRevisions`): a fifth of the cook
    /// so far, 5 minutes to 90.
    func skillHorizonSeconds(now: Double) -> Double {
        let range = Self.skillHorizonRangeSeconds, age = now - (originSeconds ?? now)
        return min(range.upperBound, max(range.lowerBound, Self.skillHorizonAgeFraction * age))
    }

    /// How many scoring horizons fit between `now` and `finish`. They lengthen as the cook ages, so
    /// there are fewer of them than the time left over today's horizon: a quarter of the way
    /// through, about 7 where that count says 15.
    func skillHorizonsLeft(now: Double, finish: Double) -> Double {
        let origin = originSeconds ?? now, range = Self.skillHorizonRangeSeconds
        let fraction = Self.skillHorizonAgeFraction
        // Ages where the horizon leaves its lower bound and reaches its upper one.
        let growsFrom = range.lowerBound / fraction, stopsAt = range.upperBound / fraction
        var age = max(1, now - origin)
        let end = finish - origin
        var count = 0.0
        if age < growsFrom, age < end {
            let next = min(end, growsFrom)
            count += (next - age) / range.lowerBound
            age = next
        }
        if age < stopsAt, age < end {
            let next = min(end, stopsAt)
            count += log(next / age) / fraction
            age = next
        }
        if age < end { count += (end - age) / range.upperBound }
        return count
    }

    /// How long after a slowdown sped up again the message says so, seconds.
    static let spedUpNoteSeconds = 3600.0

    /// Calibration, a sane horizon, smoothing and the 80 % band; then the estimate is current.
    func publish(_ forecast: Forecast, now: Double, probeCelsius T: Double, params: [String: Double]) {
        var params = params
        var finish = forecast.finishSeconds, q10 = forecast.lowSeconds, q90 = forecast.highSeconds
        let model = forecast.model, phase = forecast.phase
        var message = forecast.message
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
        finish = smoothedFinishSeconds(finish, now: now, phase: phase)
        smoothedFinish = finish
        let rem = max(0, finish - now)
        // 80 % band: the model's own spread, widened to what past cooks say its error is, or to
        // this cook's own record when it has one and it is better: what conduction's forecasts
        // missed by and what the published finish has been revised by, whichever is worse.
        let scoringHorizon = skillHorizonSeconds(now: now)
        revisions.settle(now: now, finishSeconds: finish)
        revisions.file(due: now + scoringHorizon, now: now, finishSeconds: finish)
        var logSD = prior.etaScaleLogSD
        if recordVouches {
            // Misses over one horizon, compounded as a random walk over the horizons left.
            let horizonsLeft = max(1, skillHorizonsLeft(now: now, finish: finish))
            let record = max(skill.rmsRelativeConduction, revisions.rmsRelative) * horizonsLeft.squareRoot()
            logSD = min(logSD, record)
        }
        params["band_log_sd"] = logSD
        let z = 1.2816 * max(logSD, configuration.intervalFloorFraction)
        let lo = min(q10, now + rem * exp(-z)), hi = max(q90, now + rem * exp(z))
        if message.isEmpty, phase == .predicting, stall.firstStart == nil,
            let spedUp = stall.slowdownEndedSeconds, now - spedUp < Self.spedUpNoteSeconds
        {
            // Why the stall the cook may be waiting for is no longer in the forecast.
            message =
                "the rise sped up again before a stall (wrapped?): no stall expected, about \(Forecast.timeLeft) left"
        }
        if message.isEmpty {
            message =
                phase == .warming
                ? "warming up: about \(Forecast.timeLeft) left (rough, the curve is still young)"
                : "about \(Forecast.timeLeft) left"
        }
        message = worded(message, remainingSeconds: rem)
        current = Estimate(
            elapsedSeconds: now, finishSeconds: finish, finishLowSeconds: max(now, lo), finishHighSeconds: hi,
            phase: phase, message: message, model: model, parameters: params, probeCelsius: T,
            targetCelsius: targetCelsius, channel: channel)
    }

    /// The published finish for a new raw `finish`. A change of phase (a plateau found, or over)
    /// is new information and is followed at once; within a phase small changes are damped (half
    /// of the change per grid step, more of it in the last minutes: `smoothingRemainingFraction`)
    /// and big ones, over a quarter of the time left, are followed at
    /// once (a lid opened, the fire dying), except on the way to and over the plateau of a cut
    /// that stalls. There a change over a tenth of the time left is followed in log time with a
    /// time constant of 15 minutes (at most a tenth of the time left): the plateau ahead, the
    /// recent slope and conduction disagree by hours, and a pit's swings flip the estimate between
    /// them. On the simulated suite of seed 7 the finish moved by more than a tenth of the time
    /// left between grid steps 90 times (nearly all on briskets and pork shoulders), now 45; the
    /// scored medians of every suite and of the real cooks are unchanged.
    func smoothedFinishSeconds(_ finish: Double, now: Double, phase: EstimatePhase) -> Double {
        guard let previous = smoothedFinish, current.phase == phase else { return finish }
        let remaining = max(60, finish - now), previousRemaining = max(60, previous - now)
        let cfg = configuration
        if cfg.plateauJumpSmoothingSeconds > 0, prior.stalls,
            stallEndSeconds == nil || (cfg.smoothsLaterPlateaus && stall.start != nil),
            now > current.elapsedSeconds, abs(finish - previous) >= cfg.plateauJumpFraction * remaining
        {
            let timeConstant = min(
                cfg.plateauJumpSmoothingSeconds, cfg.plateauJumpRemainingFraction * previousRemaining)
            let gain = 1 - exp(-(now - current.elapsedSeconds) / timeConstant)
            return now + exp(log(previousRemaining) + gain * (log(remaining) - log(previousRemaining)))
        }
        if abs(finish - previous) < 0.25 * remaining {
            // The damping's time constant (a grid step's over the log of what the gain leaves) is
            // at most `smoothingRemainingFraction` of the time left: near the end of a cook, and
            // through all of a short one, the number keeps up with the rise.
            let stepTimeConstant = -cfg.bucketSeconds / log(1 - cfg.smoothingGain)
            let steps = max(1, stepTimeConstant / (cfg.smoothingRemainingFraction * previousRemaining))
            return previous + (1 - pow(1 - cfg.smoothingGain, steps)) * (finish - previous)
        }
        return finish
    }

    /// The target will not be reached at the current air: the phase says so; the finish is what
    /// past cooks of the cut took (a number for callers that need one, with a very wide band).
    func setUnreachable(now: Double, T: Double, air: Double, params: [String: Double]) {
        let rem = min(48 * 3600, max(1800, usualRemainingSeconds(now: now)))
        let recovering = bathRecovering(now: now, air: air)
        let message: String
        if recovering {
            message =
                "the bath (\(shown(air))) is not clearly above the target \(shownTarget) yet: about \(formatDuration(rem)) left going by \(prior.usualTimeSource) once it is"
        } else if air <= targetCelsius {
            message =
                "the air (\(shown(air))) is not above the target \(shownTarget): it will not get there unless the heat goes up"
        } else {
            message = "the probe is not rising towards \(shownTarget) at this air temperature"
        }
        current = Estimate(
            elapsedSeconds: now, finishSeconds: now + rem, finishLowSeconds: now + 0.5 * rem,
            finishHighSeconds: now + min(3 * rem, 72 * 3600), phase: recovering ? .warming : .unreachable,
            message: message, model: "prior", parameters: params, probeCelsius: T, targetCelsius: targetCelsius,
            channel: channel)
        smoothedFinish = nil
    }

    /// Before the fit has points: what past cooks of the cut took (their total time less the time
    /// this cook has run) when the cut has learned cooks, else conduction from a uniform start at
    /// the prior time constant. The learned time constant alone does not make a finish: the cooks
    /// it comes from were fitted with their own Biot number and evaporative offset, and with a
    /// textbook surface (Biot 2.5, no offset) it finished a simulated chicken in 12 minutes and a
    /// turkey in an hour, where the cuts' past cooks took 1.1 and 3.7 hours.
    func setPriorEstimate(now: Double, T: Double, air: Double, phase: EstimatePhase, params: [String: Double]) {
        let usual = usualRemainingSeconds(now: now)
        let pastCooks = prior.knowsUsualTime && usual > 300
        var finish: Double? = pastCooks ? now + usual : nil
        if !pastCooks, air > goalCelsius + 0.5 {
            let modes = ConductionModes(
                shape: fitter.configuration.shape, tauSeconds: exp(prior.logTauMean), biot: 2.5)
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
        let rem = min(48 * 3600, finish.map { $0 - now } ?? max(1800, usual))
        current = Estimate(
            elapsedSeconds: now, finishSeconds: now + rem, finishLowSeconds: now + 0.4 * rem,
            finishHighSeconds: now + 2.5 * rem, phase: phase,
            message: worded(
                pastCooks
                    ? "collecting data: about \(Forecast.timeLeft) left going by \(prior.usualTimeSource)"
                    : "collecting data: about \(Forecast.timeLeft) left (a first guess until the curve shows)",
                remainingSeconds: rem),
            model: "prior", parameters: params, probeCelsius: T, targetCelsius: targetCelsius, channel: channel)
    }
}

extension ETAEstimator {
    /// `template` with the time left (`Forecast.timeLeft`) put in, remembered so that a query
    /// later than the grid step (`estimate(atSeconds:)`) words the time left at its own moment:
    /// `predict --at` between sparse readings said "in 17m 33s ... about 29 min left".
    func worded(_ template: String, remainingSeconds: Double) -> String {
        guard let slot = template.range(of: Forecast.timeLeft) else {
            timeLeftWording = nil
            return template
        }
        let before = String(template[..<slot.lowerBound]), after = String(template[slot.upperBound...])
        let minutes = shownMinutes(remainingSeconds)
        let message = before + formatMinutes(minutes) + after
        timeLeftWording = (before, after, minutes, message)
        return message
    }

    /// What of the fitted curve's miss at the last grid point (`reading - model`) the forecast
    /// carries on (decaying with the slowest mode). A probe that reports in whole degrees says only
    /// that the meat is within half a step of its reading, so a curve inside that band is not
    /// pulled towards the rounded value: only the miss beyond half a step counts. Carried whole,
    /// the rounding moved every forecast by up to half a degree (a simulated suite logged in whole
    /// degrees: p90 0.341 -> 0.322; the real whole-Fahrenheit T-bone @90 0.081 -> 0.015).
    func forecastResidual(_ miss: Double) -> Double {
        guard configuration.residualBeyondReadingStep, let step = resolution.step else { return miss }
        let half = step.celsius / 2
        return miss > 0 ? max(0, miss - half) : min(0, miss + half)
    }

    /// A temperature for messages, one decimal ("57.0 C"). Messages are Celsius, as everything
    /// stored is (an alarm stores the estimate's words); displays convert them
    /// (`TemperatureText` in the CLI).
    func shown(_ celsius: Double) -> String { TemperatureUnit.celsius.format(celsius: celsius) }

    /// The target for messages, with every decimal it has ("93.333333333 C" for 200 F, see
    /// `TemperatureUnit.formatExactCelsius`): shown in Fahrenheit, one decimal ("93.3 C") said
    /// "done: the probe reached 199.9 F" to a cook who asked for 200 F.
    var shownTarget: String { TemperatureUnit.formatExactCelsius(targetCelsius) }

    /// A temperature difference for messages ("0.3 C").
    func shownDifference(_ celsius: Double) -> String { TemperatureUnit.celsius.formatDifference(celsius: celsius) }
}
