import Foundation

/// The air ahead: the level the forecast holds, the air a pit or bath is heading for, and what a
/// bath is (`Configuration.bathGapCelsius`) and what it lets the meat reach.
extension ETAEstimator {
    /// The air a pit is expected to reach (`ETAEstimator.usualAirCelsius`): the cut's typical one,
    /// or for a cut cooked in a bath (its typical air within `bathGapCelsius` of its usual target)
    /// as far above this cook's target as it usually sits above the usual one. A bath is set to
    /// the meat's target: a T-bone in a 52.2 C bath for 51.7 C was taken for one heating on to the
    /// cut's 57 C while its bath still rose, and told 19 minutes left of 50.
    static func usualAirCelsius(prior: FitPrior, targetCelsius: Double, configuration: Configuration) -> Double {
        guard let usualTarget = prior.usualTargetCelsius,
            abs(prior.ambientCelsius - usualTarget) < configuration.bathGapCelsius
        else { return prior.ambientCelsius }
        return targetCelsius + prior.ambientCelsius - usualTarget
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

    /// Where the meat is done in a measured bath at `air` that holds the target (see
    /// `Configuration.bathFinishMarginCelsius`): a sous-vide bath set to the target itself is
    /// the usual way to cook, and the core only closes on it asymptotically. The margin counts
    /// from where the probe levels off: the bath, or under it by the fitted `offsetCelsius` for a
    /// probe that reads cooler than the bath's sensor (by at most 1 C). Nil elsewhere, and while a
    /// young bath may still be recovering from the cold meat going in.
    func bathGoal(now: Double, air: Double, offsetCelsius: Double = 0) -> Double? {
        let margin = configuration.bathFinishMarginCelsius
        guard fitter.hasMeasuredAmbient, isBath(airCelsius: air), !bathRecovering(now: now, air: air),
            targetCelsius > air - margin, targetCelsius <= air + configuration.bathHoldsTargetCelsius
        else { return nil }
        return air + max(-1, min(0, offsetCelsius)) - margin
    }

    /// "the bath (57.0 C) holds the target: within 0.3 C of it" (or of where the probe levels off
    /// in it), for messages.
    func bathHoldsTargetPhrase(air: Double, goal: Double) -> String {
        let margin = configuration.bathFinishMarginCelsius, level = goal + margin
        let of = air - level < 0.1 ? "it" : "where the probe levels off (\(shown(level)))"
        return "the bath (\(shown(air))) holds the target: within \(shownDifference(margin)) of \(of)"
    }

    /// The air level the forecast holds ahead (see ARCHITECTURE.md, "Air level ahead"): the recent
    /// level without lid dips, a fire turned up at once, a pit still heating up at the cut's usual
    /// air, a bath over 20 minutes.
    func airForForecast(now: Double) -> Double {
        guard fitter.hasMeasuredAmbient else { return fitter.assumedAmbientCelsius }
        // Recent level: long enough to average a controller's cycling, short enough to follow a
        // grill still coming up to temperature in a short cook.
        let age = now - (originSeconds ?? now)
        let warmingUp = age < 2700 && airStillRising(now: now)
        let window = min(1200, max(warmingUp ? 120 : configuration.steadyAirWindowSeconds, 0.15 * age))
        var short =
            buffer.typicalAmbient(since: now - window, outlierCelsius: configuration.lidDipCelsius)
            ?? fitter.lastDriveCelsius
        let latest = buffer.latestAmbient(points: configuration.raisedFirePoints)
        if latest.count == configuration.raisedFirePoints, let low = latest.min(),
            low > short + configuration.lidDipCelsius
        {
            short = latest.reduce(0, +) / Double(latest.count)
        }
        if warmingUp, short <= targetCelsius + 5 {
            // Early on a cold pit is usually still heating: assume it reaches its usual level. Not
            // when the air is already steady (a preheated bath a degree above the target is where it
            // will stay; the cut's usual level would finish it far too early).
            return max(short, usualAirCelsius)
        }
        if short <= targetCelsius, age >= configuration.heatOffAfterSeconds,
            let held = buffer.typicalAmbient(
                since: now - configuration.heatOffAfterSeconds, outlierCelsius: configuration.lidDipCelsius),
            held <= targetCelsius, let trend = buffer.line(since: now - configuration.heatOffAfterSeconds),
            trend.slope < 0
        {
            // The heat is off: the air under the target for a quarter of an hour, the meat cooling
            // in it. A pit that sagged under the target with the meat still rising (a smoker's
            // fire between two loads) comes back; its level is the hours before.
            return short
        }
        if short < targetCelsius + 10, let long = buffer.meanAmbient(since: now - 14400) {
            // A bath (less than `bathGapCelsius` from the target) holds its level: read it
            // over 20 minutes whatever the cook's age, so a controller's cycling and whole-degree
            // flicker (52.2 / 52.8 C) do not move an asymptote half a degree from the target.
            // Readings further than `bathGapCelsius` out are left out: the probe's air sensor
            // coming up from room air in its first minute in the bath pulled the built-in sous-vide
            // simulation's bath 0.6 C down for 20 minutes, under the target: "unreachable".
            if isBath(airCelsius: short),
                let steady = buffer.typicalAmbient(
                    since: bathLevelSince(now: now), outlierCelsius: configuration.bathGapCelsius)
            {
                return max(steady, long)
            }
            return max(short, long)
        }
        return short
    }

    /// Whether the target is out of reach before the fit has its points (`minimumPoints`): the
    /// measured air ahead at or under the target and no longer rising (`airStillRising`: a pit
    /// still heating up is not), not a bath (a bath under the target may still be recovering from
    /// the cold meat, see `bathRecovering`), and the probe not rising (within `notRisingCelsius` of
    /// its lowest point since it went in). The air cannot heat the meat past itself, as the
    /// levelled-off rung says once the fit has its points; but a probe falling by more than 0.3 C
    /// a grid step in the first half hour restarts the fit at every step (settling from the room
    /// into cold meat), so a probe at 40 C cooling in 22 C air, target 60 C, was "about 4 h 27 min
    /// left going by past cooks" for 12 minutes, and would have been for up to 30 with a faster
    /// fall. A probe rising under a cold air sensor (a pan under a steak) is left to the fit.
    func outOfReachBeforeTheFit(now: Double, probeCelsius T: Double, air: Double) -> Bool {
        guard fitter.hasMeasuredAmbient, air <= targetCelsius, !isBath(airCelsius: air),
            !airStillRising(now: now), let lowest = lowestSinceInsertionCelsius
        else { return false }
        return T <= lowest + configuration.notRisingCelsius
    }

    /// Where a bath's level is read from, seconds: the last 20 minutes, but when the last 5 are
    /// steady not before the bath last lay more than `bathRecoveredCelsius` under their level
    /// (still coming back from the cold meat, or from a lid), and at least the last 5 minutes.
    /// Counted, a whole-Fahrenheit bath back at 51.7-52.2 C after ten minutes at 50.0-50.6 C read
    /// 51.3 C for the next ten, under its 51.7 C target: "it will not get there" while the meat
    /// rose 4 C.
    func bathLevelSince(now: Double) -> Double {
        let cfg = configuration
        var since = now - cfg.bathLevelSeconds
        let latest = now - cfg.bathRecentLevelSeconds
        if let spread = buffer.ambientSpread(since: latest), spread <= cfg.bathSteadySpreadCelsius,
            let recent = buffer.typicalAmbient(since: latest, outlierCelsius: cfg.bathGapCelsius),
            let under = buffer.newestAmbient(under: recent - cfg.bathRecoveredCelsius, since: since)
        {
            since = min(latest, under + 1)
        }
        return since
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
