import CookcastCore
import CookcastFit

/// The live pipeline's ETA: a `SessionEstimator` (one `ETAEstimator` per meat probe with a
/// target; the session's finish is the slowest probe's). Fits are handed to the store at every
/// fit-grid step (when an estimator closes a grid bucket), so history shows how the prediction
/// evolved.
public final class SessionETAProvider: ETAProvider {
    private let session: SessionEstimator
    private var refreshedChannels: Set<Int> = []
    /// Meat probes heard that have no target (neither their own nor the session's): no estimator,
    /// listed among the probes as such. Only probes with an ETA were listed, so of two probes
    /// given `--target 1=60` alone, `live --json` had no `probes` and probe 2's readings carried
    /// probe 1's ETA.
    private var untargetedChannels: Set<Int> = []

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
        if reading.probeCelsius != nil, session.estimator(channel: reading.channel) == nil {
            untargetedChannels.insert(reading.channel)
        }
    }

    public func moment(atSeconds seconds: Double, lostChannels: [Int: Double]) -> ETAMoment {
        // Every probe's estimate once: the session's, each probe's own, the fits and the verdicts
        // all come from them.
        let all = session.estimates(atSeconds: seconds)
        // A done probe stays done: its meat out and the probe unplugged is no news.
        let lost = lostChannels.filter { ch, _ in all.contains { $0.channel == ch && $0.phase != .done } }
        // A lost probe's last finish pinned the session's, the slowest, until it came back.
        let heard = lost.isEmpty ? all : all.filter { lost[$0.channel] == nil }
        var probes = all.map { e in
            lost[e.channel].map { last in
                // Its last finish as it stood at its last reading: the estimate of now holds a
                // finish that passed at now, so the "last ETA" followed the clock.
                let then = session.estimator(channel: e.channel)?.estimate(atSeconds: last) ?? e
                return ETASnapshot(lost: then, lastReadingSeconds: last, atSeconds: seconds)
            } ?? ETASnapshot(e, channel: e.channel)
        }
        if !untargetedChannels.isEmpty {
            probes += untargetedChannels.map { ETASnapshot(noTargetChannel: $0) }
            probes.sort { ($0.channel ?? 0) < ($1.channel ?? 0) }
        }
        var snapshot = ETASnapshot.collecting
        if !lost.isEmpty, heard.allSatisfy({ $0.phase == .done }) {
            snapshot = ETASnapshot(lost: lost, of: all.count, atSeconds: seconds)
            // What the slowest lost probe said last: through a link down for two minutes the meat
            // cooks on, and the last ETA is still the best guess there is, said as such.
            snapshot.lastFinishSeconds = probes.compactMap(\.lastFinishSeconds).max()
        } else {
            let (e, channel) = session.estimate(from: heard, atSeconds: seconds)
            if e.phase != .collectingData || e.finishSeconds != nil {
                snapshot = ETASnapshot(e, channel: channel)
            }
        }
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
        self.overdueSinceSeconds = e.overdueSinceSeconds
    }
}

extension ETASnapshot {
    /// The snapshot of a meat probe on `channel` with no target: `no target`, no finish.
    init(noTargetChannel channel: Int) {
        self = .noTarget
        self.channel = channel
    }

    /// The phase of a probe silent past the probe-lost limit.
    static let lostPhase = "lost"

    /// A lost probe's snapshot: no finish, its last one in `lastFinishSeconds` (none when that
    /// was only a placeholder: out of the meat, out of reach).
    init(lost e: Estimate, lastReadingSeconds: Double, atSeconds seconds: Double) {
        self.init(
            phase: Self.lostPhase, finishSeconds: nil, lowSeconds: nil, highSeconds: nil,
            message: "lost: no reading for \(Self.wholeSeconds(seconds - lastReadingSeconds)) s")
        self.channel = e.channel
        if e.phase.showsFinish { lastFinishSeconds = e.finishSeconds }
    }

    /// The session's snapshot when no probe still short of its target reports: `lost`, no finish
    /// (a stale one would say when a cook nobody hears is done), naming the lost probes (none
    /// when it is the cook's only one), `count` meat probes in all.
    init(lost: [Int: Double], of count: Int, atSeconds seconds: Double) {
        let channels = lost.keys.sorted()
        let who: String
        if count == 1 {
            // The cook's one probe: "probe 1" named a channel nobody chose.
            who = "probe"
        } else if channels.count == 1 {
            who = "probe \(channels[0])"
        } else if channels.count == count {
            who = "every probe"
        } else {
            who = "probes " + channels.map(String.init).joined(separator: ", ")
        }
        let latest = lost.values.max() ?? seconds
        self.init(
            phase: Self.lostPhase, finishSeconds: nil, lowSeconds: nil, highSeconds: nil,
            message: "\(who) lost: no reading for \(Self.wholeSeconds(seconds - latest)) s")
        self.channel = channels.count == 1 ? channels[0] : nil
    }

    private static func wholeSeconds(_ seconds: Double) -> Int { Int(max(0, seconds).rounded(.down)) }
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
