import CookcastCore
import Foundation

/// The estimate at a grid step: the fallback ladder (conduction, stall, slope, prior), the 80 %
/// band and the smoothing.
extension ETAEstimator {
    func refresh(now: Double) {
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
            var atMeasuredAir = best
            atMeasuredAir.offsetCelsius = 0
            atMeasuredAir.lastModelCelsius -= best.offsetCelsius * (1 - fitter.lastPhi[best.index])
            if fitter.hasMeasuredAmbient && air <= targetCelsius {
                return setUnreachable(now: now, T: T, air: air, params: params)
            } else if fitter.hasMeasuredAmbient, air - targetCelsius < configuration.bathGapCelsius,
                air > goalCelsius + 0.1, best.offsetCelsius < 0, goalCelsius - T > 2,
                let c = fitter.crossing(
                    atMeasuredAir, targetCelsius: goalCelsius, futureDriveCelsius: air,
                    residual: T - atMeasuredAir.lastModelCelsius)
            {
                // A bath just above the target with a slightly cold fitted offset while the meat is
                // still degrees away: the fit's own asymptote sits under the target, but the data
                // cannot yet tell half a degree of offset from noise. Take the measured bath as the
                // asymptote (a straight line through the flattening curve finished such cooks 80 %
                // early) and say how uncertain it is. Close to the bath the data do pin the offset
                // (a probe that reads half a degree under its bath for an hour): then not.
                finish = now + c
                q10 = min(q10, now + 0.5 * c)
                q90 = now + 4 * c
                model = "conduction"
                message = "the bath (\(fmt(air)) C) is barely above the target: about \(formatDuration(c)) left, could be much longer"
            } else if let l = line, l.slope > 0.5 / 3600 {
                let lineRemaining = max(0, (goalCelsius - l.level) / l.slope)
                var rem = lineRemaining, longest = lineRemaining
                let hotAir = air - targetCelsius >= configuration.bathGapCelsius
                message =
                    hotAir
                    ? "the fitted curve levels off under the target; extrapolating the recent rise"
                    : "the air (\(fmt(air)) C) is barely above the target; extrapolating the recent rise"
                let usual = prior.totalHoursMean * 3600 - (now - origin)
                if hotAir, prior.cookCount > 0, usual > 600, lineRemaining > 0 {
                    // The fit's effective air is under the target although the air is not: an
                    // evaporative plateau, a probe still settling or (without a sensor) an air level
                    // the data cannot pin yet. A line through a slowing rise is early and one through
                    // a plateau late, so a long extrapolation (compared with the time seen so far) is
                    // weighed with what past cooks of the cut took, up to half and half; a short one
                    // near the end stays the line's.
                    let reach = lineRemaining / max(600, now - origin)
                    let w = min(0.5, 4 * reach * reach * reach)
                    rem = exp((1 - w) * log(lineRemaining) + w * log(usual))
                    longest = max(lineRemaining, usual)
                    message = "the curve does not say where it levels off; going by the recent rise and past cooks"
                }
                finish = now + rem
                q10 = now + 0.6 * min(rem, lineRemaining)
                q90 = now + 1.8 * longest
                model = "slope"
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
                    && air - targetCelsius >= configuration.bathGapCelsius)
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
    func setUnreachable(now: Double, T: Double, air: Double, params: [String: Double]) {
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

    func setPriorEstimate(now: Double, T: Double, air: Double, phase: EstimatePhase, params: [String: Double]) {
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
}

/// A temperature or number for messages, one decimal ("?" when not finite).
func fmt(_ v: Double) -> String {
    guard v.isFinite else { return "?" }
    return String(format: "%.1f", v)
}
