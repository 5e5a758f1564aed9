import CookcastCore
import CookcastStore

extension FitJob {
    /// Probe readings a session's head fingerprint is made of.
    static let headReadingCount = 8

    /// A session's first `headReadingCount` probe readings (channel, millisecond and value, to
    /// the bit), nil with fewer. Two sessions with one head may hold one cook: a `live --stdin`
    /// recording killed and never resumed and the logger's whole file imported afterwards, or a
    /// cook exported as CSV and imported back. No content hash tells them (one is a part of the
    /// other), and the cook was learned from twice, and in the backtest predicted with itself in
    /// its priors. The head only finds the candidates: `agreeOverTheirOverlap` decides.
    func headFingerprint(session id: Int64) throws -> String? {
        let head = try store.firstProbeReadings(session: id, limit: Self.headReadingCount)
        guard head.count == Self.headReadingCount else { return nil }
        return head.map { r in
            "\(r.channel)@\(SessionClock.milliseconds(seconds: r.elapsedSeconds))=\((r.probeCelsius ?? Double.nan).bitPattern)"
        }.joined(separator: ",")
    }

    /// Of `sessions` (none played by cookcast), those that hold a cook another holds too, each
    /// with the session learned from in its place. Candidates share a head (`headFingerprint`);
    /// they are one cook only when every probe value on a channel both hold (channel, millisecond,
    /// value to the bit) agrees over their whole overlap (`agreeOverTheirOverlap`): a whole-degree
    /// logger at a fixed interval gives different cooks from the fridge the same first 8 probe
    /// readings. Of each cook, the session learned from is the one with the most readings among
    /// those with a target (the whole cook, not its part), the lowest id on a tie.
    func sameHeadSessions(_ sessions: [(id: Int64, info: SessionInfo)]) throws -> [Int64: Int64] {
        var groups: [String: [(id: Int64, info: SessionInfo)]] = [:]
        for session in sessions {
            guard let head = try headFingerprint(session: session.id) else { continue }
            groups[head, default: []].append(session)
        }
        var counted: [Int64: Int64] = [:]
        for group in groups.values where group.count > 1 {
            for cook in try Self.oneCookEach(group.sorted { $0.id < $1.id }, readings: readingKeys(session:)) {
                guard cook.count > 1 else { continue }
                let learned = try sessionLearnedFrom(cook)
                for session in cook where session.id != learned { counted[session.id] = learned }
            }
        }
        return counted
    }

    /// The session of `cook` (sessions of one cook, in id order) learned from: ranked by (has a
    /// target, readings), a tie keeping the first.
    private func sessionLearnedFrom(_ cook: [(id: Int64, info: SessionInfo)]) throws -> Int64 {
        var best: (id: Int64, rank: (Int, Int))?
        for session in cook {
            let readings = try store.summary(session: session.id)?.readingCount ?? 0
            let channels = try store.channels(session: session.id)
            let hasTarget = Goals(info: session.info, channels: channels, catalog: catalog).hasAnyTarget
            let rank = (hasTarget ? 1 : 0, readings)
            if best.map({ rank > $0.rank }) ?? true { best = (session.id, rank) }
        }
        return best?.id ?? cook[0].id
    }

    /// `group` (in id order) split into cooks: a session joins the first cook whose every session
    /// agrees with it over their overlap, else starts one. Readings are read once per session.
    static func oneCookEach<Session>(
        _ group: [Session], readings: (Session) throws -> StoredReadings
    ) rethrows -> [[Session]] {
        var cooks: [[(session: Session, readings: StoredReadings)]] = []
        for session in group {
            let mine = try readings(session)
            if let index = cooks.firstIndex(where: { $0.allSatisfy { agreeOverTheirOverlap($0.readings, mine) } }) {
                cooks[index].append((session, mine))
            } else {
                cooks.append([(session, mine)])
            }
        }
        return cooks.map { $0.map(\.session) }
    }

    /// A session's readings by (channel, millisecond), their probe values as bits (nil as NaN's),
    /// and its last millisecond.
    struct StoredReadings: Sendable {
        struct Key: Hashable, Sendable {
            var channel: Int
            var milliseconds: Int64
        }
        var values: [Key: UInt64]
        var lastMilliseconds: Int64
        /// The channels with readings.
        var channels: Set<Int>

        init(_ readings: [Reading]) {
            var values: [Key: UInt64] = [:]
            values.reserveCapacity(readings.count)
            var last = Int64.min
            for r in readings {
                let ms = SessionClock.milliseconds(seconds: r.elapsedSeconds)
                values[Key(channel: r.channel, milliseconds: ms)] = (r.probeCelsius ?? .nan).bitPattern
                last = max(last, ms)
            }
            self.values = values
            lastMilliseconds = last
            channels = Set(values.keys.map(\.channel))
        }
    }

    private func readingKeys(session: (id: Int64, info: SessionInfo)) throws -> StoredReadings {
        StoredReadings(try store.readings(session: session.id))
    }

    /// Whether two sessions hold one cook over their overlap (up to the end of the shorter): every
    /// reading before its last moment, on a channel both hold, is in the other at the same channel
    /// and millisecond with the same probe value, to the bit; at that last moment (a recorder
    /// killed between two channels' rows of one moment) the readings both hold agree. A part of a
    /// cook (a killed recording) and the whole of it agree; two cooks that begin alike part
    /// somewhere. Probe values only, on shared channels: a vendor's raw export holds its sensors'
    /// channels and its air on a channel of its own, its canonical CSV the air beside the probe,
    /// and compared whole they were two cooks, each in the other's leave-one-out priors.
    static func agreeOverTheirOverlap(_ a: StoredReadings, _ b: StoredReadings) -> Bool {
        let end = min(a.lastMilliseconds, b.lastMilliseconds)
        for (one, other) in [(a, b), (b, a)] {
            for (key, probe) in one.values where key.milliseconds <= end && other.channels.contains(key.channel) {
                guard let theirs = other.values[key] else {
                    if key.milliseconds == end { continue }
                    return false
                }
                if theirs != probe { return false }
            }
        }
        return true
    }
}
