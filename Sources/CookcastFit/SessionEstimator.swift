import CookcastCore

/// ETAs for every probe of a session: one `ETAEstimator` per channel, created on the channel's
/// first probe reading; the session is done when its slowest probe is.
///
/// A channel that only reports the pit (an ambient probe) gets no estimator of its own, nor does a
/// probe without a target (no session-wide target, none of its own): its air still counts. The
/// pit is one for every probe in it: a probe's reading without an air temperature takes the latest one of
/// the session, if it is at most `PitAir.maxAgeSeconds` old.
///
/// ```swift
/// let session = SessionEstimator(targetCelsius: 95, prior: prior)
/// for r in readings { session.update(r) }          // any channels, interleaved
/// let e = session.estimate(atSeconds: now)          // the slowest probe's estimate, channel 0
/// ```
public final class SessionEstimator {
    /// Default target for channels without their own (nil: only channels with their own target
    /// get an estimate).
    public let targetCelsius: Double?
    /// Default prior for channels without their own.
    public let prior: FitPrior
    public let configuration: ETAEstimator.Configuration
    private var targets: [Int: Double]
    private var priors: [Int: FitPrior]
    private var estimators: [Int: ETAEstimator] = [:]
    private var pitAir = PitAir()

    /// Creates a session estimator; `targetsByChannel` and `priorsByChannel` override the target
    /// and the prior per probe (a probe in another cut than the session's). With no default
    /// target, a probe gets an estimate only when `targetsByChannel` has one for it.
    public init(
        targetCelsius: Double?, targetsByChannel: [Int: Double] = [:], prior: FitPrior = .generic,
        priorsByChannel: [Int: FitPrior] = [:], configuration: ETAEstimator.Configuration = .init()
    ) {
        self.targetCelsius = targetCelsius
        self.targets = targetsByChannel
        self.prior = prior
        self.priors = priorsByChannel
        self.configuration = configuration
    }

    /// Channels seen so far, ascending.
    public var channels: [Int] { estimators.keys.sorted() }

    /// The estimator of one channel (nil before its first reading).
    public func estimator(channel: Int) -> ETAEstimator? { estimators[channel] }

    /// Routes a reading to its channel's estimator; true when that channel's fit was refreshed.
    @discardableResult
    public func update(_ reading: Reading) -> Bool {
        var reading = reading
        if let air = pitAir.air(for: reading) { reading.ambientCelsius = air }
        let ch = reading.channel
        guard reading.probeCelsius != nil || estimators[ch] != nil else { return false }
        if estimators[ch] == nil {
            guard let target = targets[ch] ?? targetCelsius else { return false }
            estimators[ch] = ETAEstimator(
                targetCelsius: target, prior: priors[ch] ?? prior, channel: ch,
                configuration: configuration)
        }
        return estimators[ch]?.update(reading) ?? false
    }

    /// Closes every probe's open grid bucket (before answering at the end of a replay).
    public func flush() {
        for estimator in estimators.values { estimator.flush() }
    }

    /// Every channel's estimate at `seconds`.
    public func estimates(atSeconds seconds: Double) -> [Estimate] {
        channels.compactMap { estimators[$0]?.estimate(atSeconds: seconds) }
    }

    /// The latest finish among `pool`'s probes not yet done (one at least).
    private static func slowestPending(_ pool: [Estimate]) -> Estimate {
        let pending = pool.filter { $0.phase != .done }
        return pending.max { a, b in
            (a.finishSeconds ?? .infinity) < (b.finishSeconds ?? .infinity)
        } ?? pending[0]
    }

    /// The session's estimate: the slowest probe that still has a finish (probes out of the meat
    /// or unreachable are reported only when every other probe is done, or there is none), as
    /// channel 0.
    public func estimate(atSeconds seconds: Double) -> Estimate {
        estimate(from: estimates(atSeconds: seconds), atSeconds: seconds).estimate
    }

    /// The session's estimate made from every channel's (`estimates(atSeconds:)`, taken once by
    /// a caller that needs them too), with the channel its finish is for: the slowest probe still
    /// short of its target, nil before any reading or once every probe is done.
    public func estimate(from all: [Estimate], atSeconds seconds: Double) -> (estimate: Estimate, channel: Int?) {
        guard !all.isEmpty else {
            let waiting = Estimate(
                elapsedSeconds: seconds, finishSeconds: nil, finishLowSeconds: nil, finishHighSeconds: nil,
                phase: .collectingData, message: "waiting for readings", model: "none", probeCelsius: nil,
                targetCelsius: targetCelsius ?? targets.values.max() ?? 0, channel: 0)
            return (waiting, nil)
        }
        let usable = all.filter(\.phase.showsFinish)
        // Every probe with a finish is done: one out of the meat or out of reach is what is left,
        // not a session "done" (probe 2 fallen out of its meat while probe 1's was done said so).
        let placeholders = all.filter { !$0.phase.showsFinish }
        let pool = usable.contains { $0.phase != .done } || placeholders.isEmpty ? usable : placeholders
        if pool.allSatisfy({ $0.phase == .done }) {
            var e = pool.max { ($0.finishSeconds ?? 0) < ($1.finishSeconds ?? 0) } ?? pool[0]
            e.channel = 0
            // One probe says how it finished (a bath holding the target brings the meat within a
            // fraction of a degree of it); several are summed up.
            if pool.count > 1 { e.message = "done: every probe reached its target" }
            return (e, nil)
        }
        var slowest = Self.slowestPending(pool)
        let ch = slowest.channel
        slowest.channel = 0
        // Which probe it is matters beside others (or a probe that has no target of its own, on
        // channel 1): a one-probe cook's view has no per-probe part.
        if all.count > 1 || ch != 1 { slowest.message = "probe \(ch): " + slowest.message }
        return (slowest, ch)
    }
}
