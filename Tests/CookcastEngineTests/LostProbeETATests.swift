import CookcastCore
import CookcastFit
import Foundation
import Testing

@testable import CookcastEngine

/// A probe unplugged (or lost) mid-cook: its last ETA stood on its line, and, the session's being
/// the slowest probe's, pinned the whole cook's until it came back. Past the probe-lost limit it
/// says `lost` (its last finish kept as the last known) and the session follows the probes heard.
@Suite struct LostProbeETATests {
    /// The two birds and the pit of `ProbeETATests`, every 10 s to `end`; probe 2 (the big bird,
    /// the slowest) silent from `silentFrom` on.
    static func cook(until end: Double, probe2SilentFrom silentFrom: Double) -> [SourceEvent] {
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for t in stride(from: 0.0, through: end, by: 10) {
            events += ProbeETATests.readings(at: t).filter { $0.channel != 2 || t < silentFrom }.map { .reading($0) }
        }
        return events
    }

    /// Runs `events` through the live pipeline with the 74 C target and the ETA; the statuses the
    /// sink saw after each reading, by reading time and channel.
    static func run(_ events: [SourceEvent]) async throws -> (StatusRecordingSink, [(Reading, LiveStatus)]) {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sink = StatusRecordingSink()
        _ = try await LivePipeline(
            store: store, configuration: .init(sessionID: id, alarmRules: AlarmRules(targetCelsius: 74)),
            eta: SessionETAProvider(targetCelsius: 74, cut: nil, priors: []), sinks: [sink]
        ).run(ScriptedSource(events: events))
        return (sink, sink.afterReadings)
    }

    /// Lost two minutes before its finish and silent long past it, the probe's last ETA is what
    /// it said at its last reading: it followed the clock (the estimate of each later moment
    /// holds a finish no earlier than that moment), "last ETA 07:01", then 07:06, then 07:13.
    @Test func aLostProbesLastETAStaysWhatItSaid() async throws {
        let finish2 = ProbeETATests.finish(ProbeETATests.big)
        let silentFrom = ((finish2 - 120) / 10).rounded() * 10
        let (_, statuses) = try await Self.run(Self.cook(until: finish2 + 1200, probe2SilentFrom: silentFrom))
        let before = try #require(statuses.last { $0.0.elapsedSeconds == silentFrom - 10 }?.1)
        let said = try #require(before.probeETAs.first { $0.channel == 2 }?.finishSeconds)
        let later = statuses.filter { $0.0.elapsedSeconds > finish2 + 300 }.compactMap { _, status in
            status.probeETAs.first { $0.channel == 2 && $0.phase == "lost" }?.lastFinishSeconds
        }
        #expect(later.count > 50)
        #expect(later.allSatisfy { abs($0 - said) < 1 }, "said \(said), later \(Set(later).sorted().prefix(5))")
    }

    @Test func aProbeSilentPastTheLimitIsLostAndTheSessionFollowsTheOther() async throws {
        let smallFinish = ProbeETATests.finish(ProbeETATests.small)
        let silentFrom = (0.5 * smallFinish / 10).rounded() * 10
        let end = 0.66 * smallFinish
        let (sink, statuses) = try await Self.run(Self.cook(until: end, probe2SilentFrom: silentFrom))
        let lastHeard = silentFrom - 10

        // Probe 2's last reading: it was the slowest, and the session's.
        let before = try #require(statuses.last { $0.0.elapsedSeconds == lastHeard }?.1)
        let lastFinish2 = try #require(before.probeETAs.first { $0.channel == 2 }?.finishSeconds)
        #expect(before.eta.channel == 2 && before.eta.finishSeconds == lastFinish2)

        // Within the 60 s limit it still stands; past it, lost, and the session's ETA is probe 1's,
        // no longer the silent probe's last. (Times at which that did not hold, none expected.)
        var standingTooLong: [Double] = [], lostTooSoon: [Double] = [], notFollowing: [Double] = []
        for (reading, status) in statuses where reading.elapsedSeconds > lastHeard {
            let t = reading.elapsedSeconds
            let p2 = try #require(status.probeETAs.first { $0.channel == 2 })
            let p1 = try #require(status.probeETAs.first { $0.channel == 1 })
            if t <= lastHeard + 60 {
                if p2.phase == "lost" || status.eta.channel != 2 { lostTooSoon.append(t) }
                continue
            }
            if p2.phase != "lost" || p2.finishSeconds != nil || p2.lastFinishSeconds != lastFinish2 || p2.isConfident
                || !p2.message.hasPrefix("lost: no reading for ")
            {
                standingTooLong.append(t)
            }
            if status.eta.channel != 1 || p1.finishSeconds == nil || status.eta.finishSeconds != p1.finishSeconds
                || status.eta.phase != p1.phase
            {
                notFollowing.append(t)
            }
        }
        #expect(lostTooSoon.isEmpty, "probe 2 lost within the limit at \(lostTooSoon)")
        #expect(standingTooLong.isEmpty, "probe 2 not lost past the limit at \(standingTooLong.prefix(5))")
        #expect(notFollowing.isEmpty, "the session not probe 1's at \(notFollowing.prefix(5))")
        let last = try #require(statuses.last?.1)
        #expect(last.probeETAs.map(\.phase) == ["predicting", "lost"])
        #expect(sink.alarms.contains { $0.kind == .probeLost && $0.channel == 2 })
    }

    @Test func everyProbeLostSaysSoRatherThanAStaleETA() async throws {
        let smallFinish = ProbeETATests.finish(ProbeETATests.small)
        let end = (0.5 * smallFinish / 10).rounded() * 10
        // Nothing more after `end`: the link drops two minutes later, the first event to notice.
        let events =
            Self.cook(until: end, probe2SilentFrom: .infinity) + [
                .connection(.disconnected, elapsedSeconds: end + 120, detail: "link lost")
            ]
        let (sink, statuses) = try await Self.run(events)
        let heard = try #require(statuses.last?.1)
        #expect(heard.eta.finishSeconds != nil && heard.eta.phase == "predicting")
        let status = try #require(sink.lastStatus)
        #expect(status.eta.phase == "lost", "\(status.eta)")
        #expect(status.eta.finishSeconds == nil && status.eta.lowSeconds == nil)
        #expect(status.eta.message == "every probe lost: no reading for 120 s", "\(status.eta.message)")
        #expect(status.probeETAs.map(\.phase) == ["lost", "lost"])
        #expect(status.probeETAs.allSatisfy { $0.lastFinishSeconds != nil })
        // What the slowest said last stays in sight, as such: the meat cooks on through a dropped link.
        #expect(status.eta.lastFinishSeconds == status.probeETAs.compactMap(\.lastFinishSeconds).max())
        #expect(status.eta.lastFinishSeconds == heard.eta.finishSeconds, "\(status.eta)")
    }

    @Test func aProbeHeardAgainIsNoLongerLost() async throws {
        let smallFinish = ProbeETATests.finish(ProbeETATests.small)
        let silentFrom = (0.4 * smallFinish / 10).rounded() * 10
        var events = Self.cook(until: silentFrom + 300, probe2SilentFrom: silentFrom)
        for t in stride(from: silentFrom + 310, through: silentFrom + 600, by: 10) {
            events += ProbeETATests.readings(at: t).map { .reading($0) }
        }
        let (_, statuses) = try await Self.run(events)
        #expect(statuses.contains { $0.1.probeETAs.last?.phase == "lost" })
        let last = try #require(statuses.last?.1)
        #expect(last.probeETAs.map(\.phase) == ["predicting", "predicting"])
        #expect(last.eta.channel == 2)
    }
}

/// Keeps the status after every reading, and the alarms.
final class StatusRecordingSink: LiveSink, @unchecked Sendable {
    var afterReadings: [(Reading, LiveStatus)] = []
    var alarms: [Alarm] = []
    var lastStatus: LiveStatus?
    func handle(_ event: LiveEvent, status: LiveStatus) {
        lastStatus = status
        switch event {
        case .reading(let r): afterReadings.append((r, status))
        case .alarm(let a): alarms.append(a)
        default: break
        }
    }
    func finish(_ summary: LiveSummary, status: LiveStatus) {}
}
