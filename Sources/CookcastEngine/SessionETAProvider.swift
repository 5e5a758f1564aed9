import CookcastCore
import CookcastFit

/// The live pipeline's ETA: a `SessionEstimator` (one `ETAEstimator` per meat probe; the
/// session's finish is the slowest probe's). Fits are handed to the store at every fit-grid step
/// (when an estimator closes a grid bucket), so history shows how the prediction evolved.
public final class SessionETAProvider: ETAProvider {
    private let session: SessionEstimator
    private var refreshedChannels: Set<Int> = []

    /// Creates the provider.
    /// - Parameters:
    ///   - targetCelsius: every probe's target internal temperature (nil: only probes with their own
    ///     in `channelTargetsCelsius` get an ETA).
    ///   - cut: the cut profile (nil: generic prior).
    ///   - priors: learned priors (database first, then the shipped ones).
    ///   - channelCuts: probes in another cut than the session's (their prior is that cut's).
    ///   - channelTargetsCelsius: probes with a target of their own.
    public init(
        targetCelsius: Double?, cut: CutProfile?, priors: [PriorRecord],
        channelCuts: [Int: CutProfile] = [:], channelTargetsCelsius: [Int: Double] = [:]
    ) {
        self.session = SessionEstimator(
            targetCelsius: targetCelsius,
            targetsByChannel: channelTargetsCelsius,
            prior: FitPrior.resolve(cut: cut, priors: priors),
            priorsByChannel: channelCuts.mapValues { FitPrior.resolve(cut: $0, priors: priors) })
    }

    public func update(with reading: Reading) {
        if session.update(reading) { refreshedChannels.insert(reading.channel) }
    }

    public func moment(atSeconds seconds: Double) -> ETAMoment {
        // Every probe's estimate once: the session's, each probe's own, the fits and the verdicts
        // all come from them.
        let all = session.estimates(atSeconds: seconds)
        let (e, channel) = session.estimate(from: all, atSeconds: seconds)
        var snapshot = ETASnapshot.collecting
        if e.phase != .collectingData || e.finishSeconds != nil {
            snapshot = ETASnapshot(e, channel: channel)
        }
        let probes = all.map { ETASnapshot($0, channel: $0.channel) }
        var fits: [FitRecord] = []
        if !refreshedChannels.isEmpty {
            fits = all.filter { refreshedChannels.contains($0.channel) }.map { estimate in
                var record = estimate.fitRecord
                record.elapsedSeconds = seconds
                return record
            }
            refreshedChannels.removeAll()
        }
        let verdicts = all.filter { $0.phase == .done }.map { DoneVerdict(channel: $0.channel, message: $0.message) }
        return ETAMoment(snapshot: snapshot, probes: probes, fitsToStore: fits, doneVerdicts: verdicts)
    }
}

extension ETASnapshot {
    /// The snapshot of an estimate, for `channel`.
    init(_ e: Estimate, channel: Int?) {
        self.init(
            phase: e.phase.shownName, finishSeconds: e.finishSeconds, lowSeconds: e.finishLowSeconds,
            highSeconds: e.finishHighSeconds, message: e.message,
            isConfident: e.phase == .predicting || e.phase == .stalled)
        self.channel = channel
    }
}

extension EstimatePhase {
    /// The phase as shown: its raw value with spaces (`collecting data`, `probe out`), a constant
    /// where `replacingOccurrences` built a string for every snapshot.
    var shownName: String {
        switch self {
        case .collectingData: "collecting data"
        case .warming: "warming"
        case .predicting: "predicting"
        case .stalled: "stalled"
        case .done: "done"
        case .probeOut: "probe out"
        case .unreachable: "unreachable"
        }
    }
}
