import Foundation

/// The rungs of the fallback ladder below plain conduction: a plateau in progress, a plateau ahead,
/// a fitted curve that levels off under the target, and the blend with the recent slope where the
/// physics is weak. Each rung returns a `Forecast`; `refresh` picks the rung and `publish` smooths it.
extension ETAEstimator {
    /// A finish with its 10-90 % range (absolute seconds) and what produced it.
    struct Forecast {
        var finishSeconds: Double
        var lowSeconds: Double
        var highSeconds: Double
        var model = "conduction"
        var phase = EstimatePhase.predicting
        /// Empty: `publish` words it from the remaining time. `Forecast.timeLeft` in it stands
        /// for the time left as published (after smoothing), so the words match the number.
        var message = ""

        /// Placeholder for the published time left in `message`.
        static let timeLeft = "{time left}"

        /// Stretches the finish and its range, as times remaining after `now`, by `factor`.
        mutating func scaleRemaining(by factor: Double, now: Double) {
            finishSeconds = now + factor * (finishSeconds - now)
            lowSeconds = now + factor * (lowSeconds - now)
            highSeconds = now + factor * (highSeconds - now)
        }
    }

    /// What every rung reads at one grid step.
    struct LadderStep {
        var now: Double
        var origin: Double
        var probeCelsius: Double
        var airCelsius: Double
        var best: ConductionFitter.Solution
        /// Least-squares line through the recent grid points (nil: too few).
        var line: (slope: Double, level: Double, sd: Double, n: Int)?
        /// Seconds the line's window spans (nil: no line).
        var lineSpanSeconds: Double?
    }

    /// On a plateau: the rest of it from past cooks, then conduction with a dry surface, blended
    /// with the learned plateau-to-finish time.
    func stalledForecast(_ step: LadderStep, stallStart st: Double) -> Forecast {
        let now = step.now, T = step.probeCelsius, air = step.airCelsius
        let d = now - st
        let (rem, lo, hi) = stallRemaining(elapsedSeconds: d)
        let ref = preStall ?? step.best
        // Physics: the rest of the plateau, then conduction with a dry surface.
        let post = postStallSeconds(from: T, air: dryAirCelsius(air: air, fittedOffset: ref.offsetCelsius), best: ref)
        var finish = now + rem + post
        var q10 = now + lo + 0.8 * post
        var q90 = now + hi + 1.25 * post
        if let learned = learnedStallToFinish(stallStart: stall.firstStart ?? st, origin: step.origin) {
            // Past cooks of the cut: time from the plateau's start to the finish (scaled by how
            // long this cook took to reach it), trusted in proportion to how many cooks say so.
            let (r, rlo, rhi) = truncatedRemaining(
                meanSeconds: learned.mean, sdSeconds: learned.sd, elapsedSeconds: now - (stall.firstStart ?? st))
            let w = learnedStallWeight
            finish = now + exp(w * log(r) + (1 - w) * log(max(60, finish - now)))
            q10 = now + min(rlo, q10 - now)
            q90 = now + max(rhi, q90 - now)
        }
        return Forecast(
            finishSeconds: finish, lowSeconds: q10, highSeconds: q90, model: "stall", phase: .stalled,
            message:
                "stalled at \(shown(T)) for \(formatDuration(d)); going by past cooks of this cut, about \(Forecast.timeLeft) to go"
        )
    }

    /// Before the plateau of a cut that stalls: reach it, sit on it, then finish. Nil when the cut
    /// does not stall, a plateau was already seen, or the probe is not climbing towards one.
    func approachingStallForecast(_ step: LadderStep) -> Forecast? {
        let now = step.now, T = step.probeCelsius, air = step.airCelsius, best = step.best
        // The plateau a stalling cut is heading for: the cut's usual plateau, but never above the
        // air the meat effectively sees (the fitted offset is the evaporation that makes the
        // plateau): when that air has sunk towards the plateau, the crossing of the usual plateau
        // temperature ran out to tens of hours and the finish jumped by a day between ticks.
        let plateauCelsius = min(prior.stallCelsius, air + best.offsetCelsius - 3)
        guard prior.stalls, !afterStall, preStall == nil, T < prior.stallCelsius - 3,
            (step.line?.slope ?? 1) * 3600 > 4,
            targetCelsius > prior.stallCelsius + 5,
            let toStall = plateauCelsius > T + 1
                ? fitter.crossing(
                    best, targetCelsius: plateauCelsius, futureDriveCelsius: air,
                    residual: forecastResidual(T - best.lastModelCelsius))
                : 0
        else { return nil }
        // Time already spent creeping within `stallBandCelsius` of the plateau is time on it.
        let (rem, lo, hi) = stallRemaining(elapsedSeconds: stallBandEntrySeconds.map { max(0, now - $0) } ?? 0)
        let post = postStallSeconds(
            from: plateauCelsius, air: dryAirCelsius(air: air, fittedOffset: best.offsetCelsius), best: best)
        var finish = now + toStall + rem + post
        var q10 = now + 0.85 * toStall + lo + 0.8 * post
        var q90 = now + 1.2 * toStall + hi + 1.25 * post
        if let learned = learnedStallToFinish(stallStart: now + toStall, origin: step.origin) {
            let m = learned.mean, sd = learned.sd
            let w = learnedStallWeight
            let physics = rem + post
            finish = now + toStall + exp(w * log(m) + (1 - w) * log(max(60, physics)))
            q10 = min(q10, now + 0.85 * toStall + max(0.3 * m, m - 1.28 * sd))
            q90 = max(q90, now + 1.2 * toStall + m + 1.28 * sd)
        }
        return Forecast(
            finishSeconds: finish, lowSeconds: q10, highSeconds: q90, model: "conduction+stall",
            message:
                "heating towards the stall (about \(shown(plateauCelsius))); going by past cooks, about \(formatDuration(rem)) on it still to come"
        )
    }

    /// Conduction says never (its effective air is at or under the target): the bath rung, the
    /// recent slope (weighed with past cooks on long extrapolations), or past cooks alone. Nil when
    /// the target is out of reach (air at or below it is final: it cannot heat the meat past itself),
    /// or while a young bath is not yet clearly above it (see `bathRecovering`).
    func levelledOffForecast(_ step: LadderStep, conduction: Forecast) -> Forecast? {
        let now = step.now, origin = step.origin, T = step.probeCelsius, air = step.airCelsius, best = step.best
        var atMeasuredAir = best
        atMeasuredAir.offsetCelsius = 0
        atMeasuredAir.lastModelCelsius -= best.offsetCelsius * (1 - fitter.lastPhi[best.index])
        let usual = usualRemainingSeconds(now: now)
        let notClearlyAbove =
            (air <= targetCelsius && bathGoalCelsius == nil)
            || (bathRecovering(now: now, air: air) && air <= goalCelsius + 0.1)
        if fitter.hasMeasuredAmbient && notClearlyAbove {
            return nil
        } else if fitter.hasMeasuredAmbient, isBath(airCelsius: air),
            air > goalCelsius + 0.1, goalCelsius - T > 2 || bathGoalCelsius != nil,
            let c = fitter.crossing(
                atMeasuredAir, targetCelsius: goalCelsius, futureDriveCelsius: air,
                residual: T - atMeasuredAir.lastModelCelsius)
        {
            // A bath just above the target while the meat is still degrees away: the fit's own
            // asymptote sits under the target or within a few tenths of it, but the data cannot
            // yet tell that from noise. (Only for a cold fitted offset before: a bath 0.2 C above
            // the target with an offset of +0.01 C went to the line below, 60 % early.) Take the
            // measured bath as the asymptote (a straight line through the flattening curve
            // finished such cooks 80 % early) and say how uncertain it is. Close to the bath the
            // data do pin the offset (a probe that reads half a degree under its bath for an
            // hour): then not.
            let message =
                bathGoalCelsius.map { "\(bathHoldsTargetPhrase(air: air, goal: $0)) in about \(Forecast.timeLeft)" }
                ?? "the bath (\(shown(air))) is barely above the target: about \(Forecast.timeLeft) left"
            return Forecast(
                finishSeconds: now + c, lowSeconds: min(conduction.lowSeconds, now + 0.5 * c),
                highSeconds: now + 4 * c, message: message + ", could be much longer")
        } else if let l = step.line, l.slope > 0.5 / 3600 {
            let hotAir = !isBath(airCelsius: air)
            let straight = max(0, (goalCelsius - l.level) / l.slope)
            // In a bath the line closes on the measured bath as the meat does (`lineRemaining`): a
            // straight one through the flattening end of the rise finished the real whole-Fahrenheit
            // sous-vide cooks 55-98 % early within 2 C of the target.
            var closing: Double? = nil
            if !hotAir, let span = step.lineSpanSeconds {
                closing = Self.lineRemaining(l, spanSeconds: span, closingOn: air, goalCelsius: goalCelsius)
            }
            let lineRemaining = closing ?? straight
            var rem = lineRemaining, longest = lineRemaining
            var message: String
            if hotAir {
                message = "the fitted curve levels off under the target; extrapolating the recent rise"
            } else if closing != nil {
                message =
                    "the bath (\(shown(air))) is barely above the target; going by the recent rise, slowing as it closes on the bath"
            } else {
                message = "the air (\(shown(air))) is barely above the target; extrapolating the recent rise"
            }
            if hotAir, prior.knowsUsualTime, usual > 600, lineRemaining > 0 {
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
                message =
                    "the curve does not say where it levels off; going by the recent rise and \(prior.usualTimeSource)"
            }
            return Forecast(
                finishSeconds: now + rem, lowSeconds: now + 0.6 * min(rem, lineRemaining),
                highSeconds: now + 1.8 * longest, model: "slope", message: message)
        } else if air > goalCelsius + 0.1 && T > (fitter.firstProbeCelsius ?? T) - 1,
            usual > 0 || (goalCelsius - T < 1 && !isFlat(now: now))
        {
            // Creeping up to an air barely above the target: only past cooks can say how long.
            // Once the cook has run longer than they took, they say nothing: a probe 34 C under
            // the target, rising 0.01 C/h in a 150 C oven four hours into a chicken, was told
            // "10 min" at every tick (the floor); it is not rising towards the target (nil). Nor
            // is one within a degree of it that has not moved for an hour: 0.4 C under in a
            // 160 C oven, it was "10 min" for three hours.
            let rem = max(600, usual)
            return Forecast(
                finishSeconds: now + rem, lowSeconds: now + 0.3 * rem, highSeconds: now + 3 * rem, model: "prior",
                message: "creeping towards \(shownTarget) in air at \(shown(air)): a rough guess from "
                    + prior.usualTimeSource)
        }
        return nil
    }

    /// Whether the probe rose less than 0.1 C over the last hour of grid points (at least 20).
    func isFlat(now: Double) -> Bool {
        guard let line = buffer.line(since: now - 3600), line.n >= 20 else { return false }
        return line.slope * 3600 < 0.1
    }

    /// Whether the probe has not risen since it went in, an hour ago or more: flat over the last
    /// hour (`isFlat`) and within `notRisingCelsius` of its lowest grid point since it went in.
    /// Meat heats in air above it; a probe that has not in an hour is not in meat heading for the
    /// target (one left on the counter beside a 120 C pit was "about 48 h 00 min left", the fit's
    /// time constant at its bound). A plateau comes after a rise, and is not this.
    func hasNotRisenSinceItWentIn(now: Double, probeCelsius T: Double) -> Bool {
        guard let lowest = lowestSinceInsertionCelsius, T <= lowest + configuration.notRisingCelsius,
            let since = insertionSeconds ?? originSeconds, now - since >= 3600
        else { return false }
        return isFlat(now: now)
    }

    /// Just after a plateau the fit restarts from a handful of points and knows little, so its
    /// finish is weighed in log time against the one published on the plateau, its weight growing
    /// from 0 to 1 over `afterStallHandOffSeconds`: the ETA does not leap when the plateau ends.
    func handOffFromPlateau(_ forecast: inout Forecast, now: Double) {
        guard let end = stallEndSeconds, let held = plateauExitFinish, forecast.finishSeconds.isFinite else { return }
        let w = (now - end) / configuration.afterStallHandOffSeconds
        guard w < 1, forecast.finishSeconds > now else { return }
        let fitted = forecast.finishSeconds - now
        let blended = exp(w * log(fitted) + (1 - w) * log(max(60, held - now)))
        forecast.scaleRemaining(by: blended / fitted, now: now)
    }

    /// Blends the conduction finish with the recent slope's, weighted by how well each forecast
    /// the last horizon, where the physics is weak. Returns the slope's weight when it blended.
    ///
    /// With a measured air well above the target the conduction forecast is well posed and a
    /// straight line (which ignores the slowing of a concave rise) only biases it early; the slope
    /// is a check where the physics is weak: no air sensor (the air level is a fitted unknown), an
    /// air close to the target (the finish hangs on its last degrees), or after a plateau (the fit
    /// restarted from an only roughly uniform meat and a drying surface). Never in a bath.
    func blendWithSlope(_ forecast: inout Forecast, _ step: LadderStep) -> Double? {
        let now = step.now, air = step.airCelsius
        let physicsWeak =
            !fitter.hasMeasuredAmbient || afterStall
            || (air + step.best.offsetCelsius - targetCelsius < configuration.slopeBlendGapCelsius
                && !isBath(airCelsius: air))
        guard forecast.phase != .warming, physicsWeak, skill.settledCount >= 10, let l = step.line,
            l.slope > 0.5 / 3600, forecast.finishSeconds.isFinite, forecast.finishSeconds > now,
            now - (stallEndSeconds ?? -.infinity) >= configuration.afterStallSlopeSettleSeconds
        else { return nil }
        let rs = max(60, slowedLineSeconds(step) ?? (goalCelsius - l.level) / l.slope)
        let rc = forecast.finishSeconds - now
        let wc = 1 / max(0.01, skill.msConduction), ws = 1 / max(0.01, skill.msSlope)
        let blended = exp((wc * log(rc) + ws * log(rs)) / (wc + ws))
        forecast.scaleRemaining(by: blended / rc, now: now)
        return ws / (wc + ws)
    }

    /// What the recent line says is left once the rise's slowing is taken into account, for cuts
    /// that do not stall (nil: the straight line stands).
    ///
    /// The line closes on the effective air `L` (`lineRemaining`), the best candidate's air plus
    /// its offset. Weighed in log time by how far the line reaches and how far the level stands
    /// above the target (`slopeSlowingReach*`, `slopeSlowingMargin*`). Cuts that stall are left
    /// out: after their plateau the climb speeds up as the surface dries.
    func slowedLineSeconds(_ step: LadderStep) -> Double? {
        guard !prior.stalls, let l = step.line, let span = step.lineSpanSeconds, l.slope > 0 else { return nil }
        let cfg = configuration
        let level = step.airCelsius + step.best.offsetCelsius
        let left = level - l.level, margin = level - goalCelsius
        guard margin > 0, left > margin else { return nil }
        let straight = (goalCelsius - l.level) / l.slope
        let heating = step.now - (insertionSeconds ?? step.origin)
        let reachWeight = ramp(
            straight / max(1, heating), full: cfg.slopeSlowingReachFull, none: cfg.slopeSlowingReachNone)
        let marginWeight = ramp(
            margin / (left - margin), full: cfg.slopeSlowingMarginFull, none: cfg.slopeSlowingMarginNone)
        let w = reachWeight * marginWeight
        guard w > 0, let slowed = Self.lineRemaining(l, spanSeconds: span, closingOn: level, goalCelsius: goalCelsius)
        else { return nil }
        return exp(w * log(slowed) + (1 - w) * log(straight))
    }

    /// What the recent `line` (over `spanSeconds`) says is left to `goalCelsius`, seconds, once its
    /// rise slows as it closes on a steady `level`: heating towards it goes as `dT/dt ∝ L - T`, the
    /// line's slope is the rate at its window's middle, so the rate now is `slope (L - T) / (L -
    /// T_mid)` and the goal is `(L - T) / rate ln((L - T) / (L - goal))` away, never sooner than
    /// the straight line. Nil unless the line rises and the level stands above the goal.
    static func lineRemaining(
        _ l: (slope: Double, level: Double, sd: Double, n: Int), spanSeconds: Double, closingOn level: Double,
        goalCelsius: Double
    ) -> Double? {
        let left = level - l.level, margin = level - goalCelsius
        guard l.slope > 0, margin > 0, left > margin else { return nil }
        let middle = l.level - l.slope * spanSeconds / 2
        let rate = level - middle > left ? l.slope * left / (level - middle) : l.slope
        return left / rate * log(left / margin)
    }

    /// A rise that speeds up while the best conduction candidate sits at the shortest time
    /// constant of the grid, or the next (the prior on the time constant decides which): no
    /// candidate driven by the measured air bends the way the readings do, so the heat comes from
    /// something hotter than the air sensor (a pan under a steak, a grill's embers). The physics
    /// is pinned at a bound, and the ladder falls back on the data: the line over the latest part
    /// of the heating (`acceleratingLineFraction` of it, at least `acceleratingLineMinimumSeconds`),
    /// when it is steeper than the usual recent line, its rate carried from its window's middle to
    /// now at the pace the two lines' rates say the rise is gaining. A rise that is still speeding
    /// up gets there no later than its rate now says, so this only ever brings the finish earlier.
    /// Returns that rate, C/h (nil: not applied).
    func followAcceleratingRise(_ forecast: inout Forecast, _ step: LadderStep) -> Double? {
        let now = step.now
        guard configuration.followsAcceleratingRise, forecast.phase != .warming, !isBath(airCelsius: step.airCelsius),
            fitter.configuration.taus.count > 1, step.best.tauSeconds <= fitter.configuration.taus[1],
            let usual = step.line, forecast.finishSeconds.isFinite, forecast.finishSeconds > now
        else { return nil }
        let heatingStart = insertionSeconds ?? step.origin
        let window = max(
            configuration.acceleratingLineMinimumSeconds, configuration.acceleratingLineFraction * (now - heatingStart))
        // Never back before the probe went in, as the usual line.
        let since = max(now - window, heatingStart)
        guard let latest = buffer.line(since: since), latest.n >= 3, latest.slope > usual.slope,
            latest.slope > 0, goalCelsius > latest.level
        else { return nil }
        // Each line's slope is the rate at its window's middle: the rise gained the difference
        // between the two over the time between their middles, and gains on at that pace over the
        // half window from the latest line's middle to now.
        var rate = latest.slope
        if let usualSpan = step.lineSpanSeconds {
            let latestSpan = now - since
            let between = (usualSpan - latestSpan) / 2
            if between > 0 { rate += (latest.slope - usual.slope) / between * latestSpan / 2 }
        }
        let finish = now + (goalCelsius - latest.level) / rate
        guard finish < forecast.finishSeconds else { return nil }
        forecast.scaleRemaining(by: (finish - now) / (forecast.finishSeconds - now), now: now)
        forecast.model = "slope"
        forecast.message =
            "rising faster than the air explains (a pan or embers under it?): about \(Forecast.timeLeft) left at the latest rate"
        return rate * 3600
    }

    /// 1 at or beyond `full`, 0 at or beyond `none`, linear between (either order).
    private func ramp(_ x: Double, full: Double, none: Double) -> Double {
        min(1, max(0, (x - none) / (full - none)))
    }

    /// While the curve is young (phase `warming`) the cut's past cooks weigh in.
    ///
    /// The point: a probe that has barely moved bounds the finish from below more than it places
    /// it (the candidates that explain a flat start best are the quickest still possible), so
    /// when past cooks say later, the finish is weighed with theirs in log time
    /// (`youngPastCooksWeight` once the probe has risen `youngRiseCelsius`, more before, up to
    /// `youngFlatPastCooksWeight` for a probe that has not moved); when they say sooner, the fit stands for the first half
    /// hour. At
    /// 10 % of the way the simulated cooks in `warming` were off by a median 27-29 % of the time
    /// left, mostly early (suites of seeds 7/11/31), now 16-18 %; at 15 % and at every scored
    /// checkpoint (25 % on) the medians do not change. A blend both ways from the start made
    /// simulated @25 worse (0.060 -> 0.072); after half an hour without a rise it is both ways
    /// (`youngBothWaysAfterSeconds`).
    ///
    /// The band: it takes in what past cooks took, give or take 1.28 of their SD. Ten minutes into
    /// a simulated turkey the young fit said "1 h left, 12:02-13:16" for a 15:08 finish.
    func weighWithPastCooks(_ forecast: inout Forecast, now: Double, probeCelsius T: Double) {
        // What past cooks took, less the time this one has run; once over half their time has
        // run, never less than their whole time scaled by the rise still to go: a probe that has
        // not moved (meat from the freezer, a probe in the bone) has all of it still to go, and
        // counting down the time run alone told a frozen roast "1 min left" when past cooks
        // finished, then "6 h". (From the start, it made birds, whose centres barely move in the
        // first quarter, late at 25 %.)
        let first = fitter.firstProbeCelsius ?? T
        let toGo = goalCelsius > first ? min(1, max(0, (goalCelsius - T) / (goalCelsius - first))) : 0
        let usualTotal = usualTotalSeconds(now: now), run = now - (originSeconds ?? now)
        let usual = max(usualTotal - run, run > 0.5 * usualTotal ? usualTotal * toGo : 0)
        let scaled = prior.totalHoursFromGuide ? usualTotal / (prior.totalHoursMean * 3600) : 1
        let spread = 1.2816 * prior.totalHoursSD * 3600 * scaled
        guard prior.knowsUsualTime, usual > 0 else { return }
        let fitted = forecast.finishSeconds - now
        let flatForLong = now - (originSeconds ?? now) > configuration.youngBothWaysAfterSeconds
        if fitted > 0, usual > fitted || flatForLong {
            // A probe that has not moved says nothing yet of when it will arrive: past cooks (or,
            // for a cut with none, cooking guides) weigh all the more. Once it has risen, a
            // guide, written for a usual size, weighs less than past cooks would.
            let rise = max(0, T - first)
            let flat = configuration.youngFlatPastCooksWeight
            let source = prior.totalHoursFromGuide ? configuration.youngGuideWeightFactor : 1
            let risen = source * configuration.youngPastCooksWeight
            let w = flat + (risen - flat) * min(1, rise / configuration.youngRiseCelsius)
            forecast.scaleRemaining(by: exp(w * log(usual) + (1 - w) * log(fitted)) / fitted, now: now)
        }
        forecast.lowSeconds = min(forecast.lowSeconds, now + max(0.5 * usual, usual - spread))
        forecast.highSeconds = max(forecast.highSeconds, now + usual + spread)
    }

    /// Late in a cook, weighs the finish in log time with the approach fitted to the recent window
    /// alone (`ApproachFit`): each fit fully while what it says is left is short against its
    /// window, not at all once it is long (see `approachHorizonFull`).
    ///
    /// Two fits, the shorter one winning where both apply: the first two conduction modes over the
    /// last `approachTwoModesWindowFraction` of the cook, the second decaying faster by the ratio
    /// the fitted Biot number and the cut's shape give (by 75 % of the way the second mode still
    /// bends the curve, and the first mode alone read it as closing early); then the first mode
    /// alone over the last `approachWindowFraction`, which has less to fit near the end. Not the
    /// two-mode fit for cuts that stall (after the plateau the evaporative creep bends the curve,
    /// not a second mode) nor in a bath (the measured bath is the level, and the finish hangs on
    /// its last tenths of a degree). Returns the approach's total weight when it blended.
    func blendWithApproach(_ forecast: inout Forecast, _ step: LadderStep) -> Double? {
        let now = step.now, T = step.probeCelsius, air = step.airCelsius
        let cfg = configuration
        let full = cfg.approachHorizonFull, none = cfg.approachHorizonNone
        guard forecast.phase != .warming, forecast.finishSeconds.isFinite, forecast.finishSeconds > now,
            T < goalCelsius
        else { return nil }
        // Heating started at the beginning of the cook (or when the probe went in), or afresh at
        // the end of a plateau.
        let heatingStart = stallEndSeconds ?? insertionSeconds ?? step.origin
        // What is left by the curve fitted over `fraction` of the cook, and its weight. The window
        // never reaches into the start of the heating, where faster modes than those fitted are
        // still alive: it keeps to the last half of it with one mode, the last two thirds with two
        // (on 13-26 minute synthetic cooks, two-mode fits reaching back to the start finished 18-26 %
        // of the time left early).
        func approach(fraction: Double, secondRateRatio: Double?) -> (left: Double, w: Double)? {
            let start = max(now - max(600, fraction * (now - step.origin)), heatingStart)
            let latest = secondRateRatio == nil ? 0.5 : 2.0 / 3
            guard now - start >= 600, now - start <= latest * (now - heatingStart) else { return nil }
            let series = buffer.probeSeries(since: start)
            guard
                let fit = ApproachFit.fit(
                    seconds: series.seconds, celsius: series.celsius, now: now, secondRateRatio: secondRateRatio,
                    solver: approachSolver, columns: secondRateRatio == nil ? oneModeColumns : twoModeColumns),
                fit.levelCelsius > goalCelsius + 0.5,
                !fitter.hasMeasuredAmbient || fit.levelCelsius - T >= cfg.approachMinimumAirShare * (air - T),
                let left = fit.secondsUntil(goalCelsius)
            else { return nil }
            let reach = left / (now - start)
            let w = min(1, max(0, (none - reach) / (none - full)))
            return w > 0 ? (max(30, left), w) : nil
        }
        let conduction = forecast.finishSeconds - now
        var logLeft = log(conduction)
        var weight = 0.0
        let one = approach(fraction: cfg.approachWindowFraction, secondRateRatio: nil)
        // The one-mode fit has the last word: at full weight nothing the two-mode fit says can
        // change the answer, so it is not fitted (its search of up to 20 time constants is a late grid step's cost).
        if (one?.w ?? 0) < 1, !prior.stalls, !(fitter.hasMeasuredAmbient && isBath(airCelsius: air)),
            let ratio = fitter.secondRateRatio(step.best),
            let two = approach(fraction: cfg.approachTwoModesWindowFraction, secondRateRatio: ratio)
        {
            logLeft = two.w * log(two.left) + (1 - two.w) * logLeft
            weight = two.w
        }
        if let one {
            logLeft = one.w * log(one.left) + (1 - one.w) * logLeft
            weight = one.w + (1 - one.w) * weight
        }
        guard weight > 0 else { return nil }
        forecast.scaleRemaining(by: exp(logLeft) / conduction, now: now)
        return weight
    }
}
