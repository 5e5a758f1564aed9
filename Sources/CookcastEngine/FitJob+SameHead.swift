import CookcastCore
import CookcastStore

extension FitJob {
    /// Probe readings a session's head fingerprint is made of.
    static let headReadingCount = 8

    /// A session's first `headReadingCount` probe readings (channel, millisecond and value, to
    /// the bit), nil with fewer. Two sessions with one head hold one cook: a `live --stdin`
    /// recording killed and never resumed and the logger's whole file imported afterwards, or a
    /// cook exported as CSV and imported back. No content hash tells them (one is a part of the
    /// other), and the cook was learned from twice, and in the backtest predicted with itself in
    /// its priors.
    func headFingerprint(session id: Int64) throws -> String? {
        let head = try store.firstProbeReadings(session: id, limit: Self.headReadingCount)
        guard head.count == Self.headReadingCount else { return nil }
        return head.map { r in
            "\(r.channel)@\(SessionClock.milliseconds(seconds: r.elapsedSeconds))=\((r.probeCelsius ?? Double.nan).bitPattern)"
        }.joined(separator: ",")
    }

    /// Of `sessions` (none played by cookcast), those whose head another holds too, each with the
    /// session learned from in its place: of each such group, the one with the most readings
    /// among those with a target (the whole cook, not its part), the lowest id on a tie.
    func sameHeadSessions(_ sessions: [(id: Int64, info: SessionInfo)]) throws -> [Int64: Int64] {
        var groups: [String: [(id: Int64, info: SessionInfo)]] = [:]
        for session in sessions {
            guard let head = try headFingerprint(session: session.id) else { continue }
            groups[head, default: []].append(session)
        }
        var counted: [Int64: Int64] = [:]
        for group in groups.values where group.count > 1 {
            // Ranked by (has a target, readings); the group is in id order, so a tie keeps the first.
            var best: (id: Int64, rank: (Int, Int))?
            for session in group {
                let readings = try store.summary(session: session.id)?.readingCount ?? 0
                let channels = try store.channels(session: session.id)
                let hasTarget = Goals(info: session.info, channels: channels, catalog: catalog).hasAnyTarget
                let rank = (hasTarget ? 1 : 0, readings)
                if best.map({ rank > $0.rank }) ?? true { best = (session.id, rank) }
            }
            guard let learned = best?.id else { continue }
            for session in group where session.id != learned { counted[session.id] = learned }
        }
        return counted
    }
}
