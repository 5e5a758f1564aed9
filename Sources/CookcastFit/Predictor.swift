import CookcastCore

/// The estimate at a moment of a recorded cook, from the readings up to then, as the live
/// pipeline shows it once the grid step that moment falls in closes (live shows the last closed
/// step's until then).
public enum Predictor {
    /// Replays `readings` (any order and garbage as recorded) with `elapsedSeconds <= atSeconds`
    /// through the same incremental `ETAEstimator` the live pipeline uses, for `channel` (nil: the
    /// first channel seen), closes the open grid bucket (all those readings are known by then) and returns the estimate at
    /// `atSeconds` (default: the last reading).
    ///
    /// ```swift
    /// let e = Predictor.predict(readings: rows, targetCelsius: 95, atSeconds: 20_000,
    ///                           cut: catalog.profile(named: "brisket"), priors: priors)
    /// print(e.finishSeconds ?? .nan, e.phase)
    /// ```
    public static func predict(
        readings: [Reading], targetCelsius: Double, atSeconds: Double? = nil, cut: CutProfile?,
        priors: [PriorRecord], channel: Int? = nil, configuration: ETAEstimator.Configuration = .init()
    ) -> Estimate {
        let ch = channel ?? readings.first?.channel ?? 1
        let est = ETAEstimator(
            targetCelsius: targetCelsius, prior: FitPrior.resolve(cut: cut, priors: priors), channel: ch,
            configuration: configuration)
        var last = 0.0
        let limit = atSeconds ?? .infinity
        for r in readings where r.channel == ch && r.elapsedSeconds <= limit {
            est.update(r)
            if r.elapsedSeconds.isFinite { last = max(last, r.elapsedSeconds) }
        }
        // Everything up to the query time is known: close the open bucket so it counts.
        est.flush()
        return est.estimate(atSeconds: atSeconds ?? last)
    }

    /// The session's estimate, as the live view shows it, for readings of several probes: each
    /// probe its own (a probe without an air sensor takes the pit's), the session's the slowest
    /// one's (`SessionEstimator`), as channel 0; or, given `channel`, that probe's own, as live
    /// has it (with the pit's air when it has no sensor of its own). `channelCuts` and
    /// `channelTargetsCelsius` are probes' own cuts and targets (`live --cut N=CUT --target N=C`);
    /// `targetCelsius` is every other probe's (nil: only probes with their own are predicted).
    public static func predictSession(
        readings: [Reading], targetCelsius: Double?, atSeconds: Double? = nil, cut: CutProfile?,
        priors: [PriorRecord], channel: Int? = nil, channelCuts: [Int: CutProfile] = [:],
        channelTargetsCelsius: [Int: Double] = [:], configuration: ETAEstimator.Configuration = .init()
    ) -> Estimate {
        predictSessionProbe(
            readings: readings, targetCelsius: targetCelsius, atSeconds: atSeconds, cut: cut, priors: priors,
            channel: channel, channelCuts: channelCuts, channelTargetsCelsius: channelTargetsCelsius,
            configuration: configuration
        ).estimate
    }

    /// `predictSession`, with the probe whose reading and target the estimate carries: `channel`
    /// when given, else the slowest probe (when every probe is done, the last to finish), so a
    /// caller can name it beside its own target (`probe 2 38.1 C, target 93.0 C`); nil only
    /// without any estimate of a probe.
    public static func predictSessionProbe(
        readings: [Reading], targetCelsius: Double?, atSeconds: Double? = nil, cut: CutProfile?,
        priors: [PriorRecord], channel: Int? = nil, channelCuts: [Int: CutProfile] = [:],
        channelTargetsCelsius: [Int: Double] = [:], configuration: ETAEstimator.Configuration = .init()
    ) -> (estimate: Estimate, channel: Int?) {
        let session = SessionEstimator(
            targetCelsius: targetCelsius, targetsByChannel: channelTargetsCelsius,
            prior: FitPrior.resolve(cut: cut, priors: priors),
            priorsByChannel: channelCuts.mapValues { FitPrior.resolve(cut: $0, priors: priors) },
            configuration: configuration)
        var last = 0.0
        let limit = atSeconds ?? .infinity
        for r in readings where r.elapsedSeconds <= limit {
            session.update(r)
            if r.elapsedSeconds.isFinite { last = max(last, r.elapsedSeconds) }
        }
        session.flush()
        let seconds = atSeconds ?? last
        if let channel, let probe = session.estimator(channel: channel) {
            return (probe.estimate(atSeconds: seconds), channel)
        }
        let all = session.estimates(atSeconds: seconds)
        let (estimate, slowest) = session.estimate(from: all, atSeconds: seconds)
        // Every probe done: the session's estimate is the last one's to finish (`SessionEstimator`).
        let lastDone = all.filter { $0.phase == .done }.max { ($0.finishSeconds ?? 0) < ($1.finishSeconds ?? 0) }
        return (estimate, slowest ?? lastDone?.channel)
    }
}
