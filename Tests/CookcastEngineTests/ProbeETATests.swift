import CookcastCore
import CookcastFit
import Foundation
import Testing

@testable import CookcastEngine

/// Every meat probe's own ETA in the live view: the session's is the slowest probe's, and a cook
/// with two chickens and a shoulder also wants to know when each is done.
@Suite struct ProbeETATests {
    /// A small bird and a big one (the centres of two cylinders from 5 C in a 160 C oven), a pit
    /// channel that reports the air, and the 74 C target.
    static let small = ConductionModes(shape: .cylinder, tauSeconds: 10_000, biot: 2, count: 40)
    static let big = ConductionModes(shape: .cylinder, tauSeconds: 20_000, biot: 2, count: 40)
    static func centre(_ modes: ConductionModes, _ t: Double) -> Double { 5 + 155 * modes.stepResponse(atSeconds: t) }

    /// When `modes`' centre reaches 74 C, seconds (bisection).
    static func finish(_ modes: ConductionModes) -> Double {
        var lo = 0.0, hi = 40_000.0
        for _ in 0..<60 {
            let mid = 0.5 * (lo + hi)
            (lo, hi) = centre(modes, mid) >= 74 ? (lo, mid) : (mid, hi)
        }
        return hi
    }

    /// The readings of one 10 s step: probe 1 (small), probe 2 (big), both without air sensors,
    /// and the pit on channel 3.
    static func readings(at t: Double) -> [Reading] {
        [
            Reading(channel: 1, elapsedSeconds: t, probeCelsius: centre(small, t), ambientCelsius: nil),
            Reading(channel: 2, elapsedSeconds: t, probeCelsius: centre(big, t), ambientCelsius: nil),
            Reading(channel: 3, elapsedSeconds: t, probeCelsius: nil, ambientCelsius: 160),
        ]
    }

    @Test func theMomentCarriesEachProbesOwnETAAndTheSessionsIsTheSlowest() throws {
        let smallFinish = Self.finish(Self.small), bigFinish = Self.finish(Self.big)
        let eta = SessionETAProvider(targetCelsius: 74, cut: nil, priors: [])
        var t = 0.0
        func feed(until end: Double, each: (ETAMoment) -> Void = { _ in }) -> ETAMoment? {
            var last: ETAMoment?
            while t <= end {
                for r in Self.readings(at: t) {
                    eta.update(with: r)
                    last = eta.moment(atSeconds: t)
                    if let last { each(last) }
                }
                t += 10
            }
            return last
        }
        // Two thirds of the way to the small bird's finish: both predicting, each its own finish.
        let early = try #require(feed(until: 0.66 * smallFinish))
        #expect(early.probes.map(\.channel) == [1, 2], "the pit (channel 3) has no ETA of its own")
        let (p1, p2) = (early.probes[0], early.probes[1])
        #expect(p1.phase == "predicting" && p2.phase == "predicting", "\(p1.phase), \(p2.phase)")
        let f1 = try #require(p1.finishSeconds), f2 = try #require(p2.finishSeconds)
        let now = t - 10
        #expect(abs(f1 - smallFinish) < 0.15 * (smallFinish - now), "probe 1 \(f1) vs \(smallFinish)")
        #expect(abs(f2 - bigFinish) < 0.15 * (bigFinish - now), "probe 2 \(f2) vs \(bigFinish)")
        #expect(p1.lowSeconds.map { $0 <= f1 } == true && p1.highSeconds.map { $0 >= f1 } == true)
        #expect(p2.lowSeconds.map { $0 <= f2 } == true && p2.highSeconds.map { $0 >= f2 } == true)
        #expect(p1.message != p2.message)
        // The session's line is the slowest probe's, as before.
        #expect(early.snapshot.finishSeconds == f2)
        #expect(early.snapshot.channel == 2)
        #expect(early.snapshot.message == "probe 2: " + p2.message)

        // On to three quarters of the big bird's: probe 1 done from the reading that got there
        // and on, at its finish; probe 2 still predicting, and still the session's.
        var doneSince: Double?
        let late = try #require(
            feed(until: 0.75 * bigFinish) { moment in
                let p1 = moment.probes[0]
                if doneSince != nil {
                    #expect(p1.phase == "done", "probe 1 stopped saying done at \(t): \(p1.phase)")
                } else if p1.phase == "done" {
                    doneSince = t
                }
            })
        let firstDone = try #require(doneSince)
        #expect(abs(firstDone - smallFinish) <= 30, "probe 1 said done at \(firstDone), finish \(smallFinish)")
        let (q1, q2) = (late.probes[0], late.probes[1])
        #expect(q1.phase == "done" && q1.message.hasPrefix("done"))
        let doneAt = try #require(q1.finishSeconds)
        #expect(abs(doneAt - smallFinish) <= 20, "probe 1 done at \(doneAt), finish \(smallFinish)")
        #expect(q2.phase == "predicting")
        let lateNow = t - 10
        let g2 = try #require(q2.finishSeconds)
        #expect(abs(g2 - bigFinish) < 0.1 * (bigFinish - lateNow), "probe 2 \(g2) vs \(bigFinish)")
        #expect(late.snapshot.finishSeconds == g2 && late.snapshot.channel == 2)
    }

    /// The pipeline hands each probe's ETA to its sinks with the status.
    @Test func theLiveStatusCarriesEachProbesETAToTheSinks() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let end = 0.6 * Self.finish(Self.big)
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for t in stride(from: 0.0, through: end, by: 10) { events += Self.readings(at: t).map { .reading($0) } }
        let sink = RecordingSink()
        let eta = SessionETAProvider(targetCelsius: 74, cut: nil, priors: [])
        _ = try await LivePipeline(
            store: store, configuration: .init(sessionID: id, alarmRules: AlarmRules(targetCelsius: 74)), eta: eta,
            sinks: [sink]
        ).run(ScriptedSource(events: events))
        let status = try #require(sink.lastStatus)
        #expect(status.probeETAs.map(\.channel) == [1, 2])
        #expect(status.probeETAs.map(\.phase) == ["done", "predicting"])
        let (f1, f2) = (status.probeETAs[0].finishSeconds ?? .nan, status.probeETAs[1].finishSeconds ?? .nan)
        #expect(f1 < end && f2 > end, "probe 1 \(f1), probe 2 \(f2), now \(end)")
        #expect(status.eta.finishSeconds == f2 && status.eta.channel == 2)
    }

    /// A target for probe 2 alone: probe 1 is listed all the same, `no target`, and the session's
    /// ETA is probe 2's. Only probes with an ETA were listed: probe 2 alone.
    @Test func aProbeWithoutATargetIsListedAsSuch() throws {
        let eta = SessionETAProvider(targetCelsius: nil, cut: nil, priors: [], channelTargetsCelsius: [2: 74])
        for t in stride(from: 0.0, through: 1200, by: 10) {
            for r in Self.readings(at: t) { eta.update(with: r) }
        }
        let moment = eta.moment(atSeconds: 1200)
        #expect(moment.probes.map(\.channel) == [1, 2], "the pit (channel 3) has no ETA of its own")
        #expect(moment.probes.first?.phase == "no target" && moment.probes.first?.finishSeconds == nil)
        #expect(moment.probes.last?.phase == "warming" && moment.probes.last?.finishSeconds != nil)
        #expect(moment.snapshot.channel == 2 && moment.snapshot.finishSeconds == moment.probes.last?.finishSeconds)
    }

    /// Without a target there is no ETA, neither the session's nor a probe's.
    @Test func noETAProviderNoProbeETAs() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let events = stride(from: 0.0, through: 600, by: 10).flatMap { Self.readings(at: $0) }.map {
            SourceEvent.reading($0)
        }
        let sink = RecordingSink()
        _ = try await LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [sink])
            .run(ScriptedSource(events: events))
        #expect(sink.lastStatus?.probeETAs.isEmpty == true)
    }
}
