import Foundation

/// Plateau arithmetic: how long the stall and the climb after it take, from past cooks of the cut
/// and from the conduction fit.
extension ETAEstimator {
    /// Weight of past cooks' plateau-to-finish time against the plateau physics: `n / (n + k)` for
    /// `n` cooks of the cut and `k = Configuration.stallPriorPseudoCount`.
    var learnedStallWeight: Double {
        Double(prior.cookCount) / (Double(prior.cookCount) + configuration.stallPriorPseudoCount)
    }

    /// The air a dried surface sees after a plateau: the measured air plus at most 5 C either way
    /// of the fitted offset (the rest of the offset was the evaporation that made the plateau).
    func dryAirCelsius(air: Double, fittedOffset: Double) -> Double { air + min(5, max(-5, fittedOffset)) }

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
    /// conduction time constant held up by the cut's (see `climbTauSeconds`).
    func postStallSeconds(from: Double, air: Double, best: ConductionFitter.Solution) -> Double {
        guard air > goalCelsius + 0.5 else { return 6 * 3600 }
        let need = (goalCelsius - from) / (air - from)
        if need <= 0 { return 0 }
        let f = fitter
        // The step response scales with t / tau: a longer time constant is a slower clock.
        let clock = best.tauSeconds / climbTauSeconds(fitted: best.tauSeconds)
        var lo = 0.0, hi = 1800.0
        while f.stepResponse(best, atSeconds: hi * clock) < need && hi < 3 * 86400 { hi *= 2 }
        for _ in 0..<30 {
            let mid = 0.5 * (lo + hi)
            if f.stepResponse(best, atSeconds: mid * clock) >= need { hi = mid } else { lo = mid }
            if hi - lo < 10 { break }
        }
        return hi
    }

    /// Time constant for the climb after a plateau: the fitted one, but one shorter than the cut's
    /// learned one is shrunk halfway towards it (in log time). Fitted on the way into a plateau,
    /// where evaporation flattens the curve, it comes out short (real brisket probe 1: 3,700 s
    /// against the cut's 6,300 s) and the climb finished hours early; taking the cut's outright
    /// overshot when the cut's prior is one cook (leave-one-out pork shoulder @50 0.05 -> 0.29).
    func climbTauSeconds(fitted: Double) -> Double {
        let learned = exp(prior.logTauMean)
        return fitted < learned ? (fitted * learned).squareRoot() : fitted
    }
}
