import CookcastCore

/// When a recorded cook first reached its target: the truth that backtests score against.
public enum TargetCrossing {
    /// A single reading this far from both neighbours (which agree with each other) is a spike.
    static let spikeCelsius = 3.0

    /// First time the meat reaches `targetCelsius` (the scoring rule of prediction.md: the first
    /// reading at or above the target, linearly interpolated from the one before), in session
    /// seconds; nil if it never does. Isolated one-reading spikes (more than 3 C from both
    /// neighbours, which agree with each other) are skipped, and so are readings of a probe out of
    /// the meat: above the target faster than meat heats (`ProbeTargetWatch`, the target alarm's
    /// rule), until it reads under the target again or, under a known air, like meat. The real
    /// ribs' probe read the pit (98 C, the air 98 C) at 2.3 hours, 67 C before and 71 C after,
    /// and was pushed back into the meat at 84 C under a 145 C pit at 3.4 hours; the plain rule,
    /// which the shared scorer keeps, taught the cut's prior the 2.3 hours. Readings before time
    /// zero are left out, as the estimator leaves them out.
    public static func firstCrossingSeconds(_ readings: [Reading], targetCelsius: Double) -> Double? {
        var previous: (t: Double, c: Double)?
        var crossing: Double?
        forEachInMeat(readings, targetCelsius: targetCelsius) { t, c in
            if c >= targetCelsius {
                if let a = previous, a.c < targetCelsius {
                    crossing = a.t + (targetCelsius - a.c) / (c - a.c) * (t - a.t)
                } else {
                    crossing = t
                }
                return false
            }
            previous = (t, c)
            return true
        }
        return crossing
    }

    /// The highest reading of the meat, by the same rule (spikes and a probe out of the meat left
    /// out), Celsius; nil without one. `fit` said a ribs cook "never reached its target 90.0 C
    /// (peak 98.5 C)": the 98.5 C was the probe reading the pit, the meat's peak 86 C.
    public static func peakInMeatCelsius(_ readings: [Reading], targetCelsius: Double) -> Double? {
        var peak: Double?
        forEachInMeat(readings, targetCelsius: targetCelsius) { _, c in
            peak = max(peak ?? c, c)
            return true
        }
        return peak
    }

    /// Calls `body` with each probe reading of the meat in time order (time zero on, finite,
    /// isolated spikes and readings of a probe out of the meat skipped) until it returns false.
    private static func forEachInMeat(
        _ readings: [Reading], targetCelsius: Double, _ body: (_ seconds: Double, _ celsius: Double) -> Bool
    ) {
        // One pass (a 24-hour cook's 172,800 readings were copied three times), sorted only when
        // out of order: a session's readings come from the store in time order.
        var points: [(t: Double, c: Double, air: Double?)] = []
        points.reserveCapacity(readings.count)
        var inOrder = true
        for r in readings {
            // A reading before time zero is no part of the cook (`ETAEstimator.update`).
            guard let c = r.probeCelsius, c.isFinite, r.elapsedSeconds.isFinite, r.elapsedSeconds >= 0 else { continue }
            if let last = points.last, r.elapsedSeconds < last.t { inOrder = false }
            points.append((r.elapsedSeconds, c, r.ambientCelsius))
        }
        if !inOrder { points.sort { $0.t < $1.t } }
        var watch = ProbeTargetWatch()
        for (i, p) in points.enumerated() {
            if i > 0, i + 1 < points.count {
                let before = points[i - 1].c, after = points[i + 1].c
                let isolated =
                    abs(before - after) <= spikeCelsius
                    && abs(p.c - before) > spikeCelsius && abs(p.c - after) > spikeCelsius
                if isolated { continue }
            }
            _ = watch.observe(celsius: p.c, atSeconds: p.t, targetCelsius: targetCelsius, airCelsius: p.air)
            if watch.isOut { continue }
            if !body(p.t, p.c) { return }
        }
    }
}
