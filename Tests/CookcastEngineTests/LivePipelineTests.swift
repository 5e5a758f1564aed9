import CookcastCore
import CookcastFit
import CookcastIngest
import CookcastStore
import Foundation
import Testing

@testable import CookcastEngine

/// A scripted source: the events given, in order (tests drive time by hand).
struct ScriptedSource: ReadingSource {
    typealias Element = SourceEvent
    var events: [SourceEvent]
    var label: String { "scripted" }
    var decoder: (any ProbeDecoder)? { SeedProbeDecoder() }

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<SourceEvent>
        mutating func next() async -> SourceEvent? { remaining.popFirst() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: events[...]) }
}

/// Collects what the pipeline shows.
final class RecordingSink: LiveSink, @unchecked Sendable {
    var events: [LiveEvent] = []
    var summary: LiveSummary?
    var lastStatus: LiveStatus?
    func handle(_ event: LiveEvent, status: LiveStatus) {
        events.append(event)
        lastStatus = status
    }
    func finish(_ summary: LiveSummary, status: LiveStatus) { self.summary = summary }
}

func temporaryStore() throws -> (SessionStore, Int64, String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-engine-\(UUID().uuidString)").path
    let store = try SessionStore(path: dir + "/test.db")
    let id = try store.createSession(
        SessionInfo(startedAtUnixMs: 1_700_000_000_000, source: "scripted"),
        channels: [ChannelInfo(channel: 1)])
    return (store, id, dir)
}

func packet(_ probe: Double?, _ ambient: Double?, at t: Double) -> SourceEvent {
    .packet(
        bytes: SeedProbeDecoder.encodeReading(probeCelsius: probe, ambientCelsius: ambient, batteryPercent: 80),
        elapsedSeconds: t, channel: 1)
}

@Suite struct LivePipelineTests {
    @Test func everyReadingAcrossADisconnectIsStoredInOneSession() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for i in 0..<20 { events.append(packet(20 + Double(i) * 0.1, 150, at: Double(i) * 0.5)) }
        events.append(.connection(.disconnected, elapsedSeconds: 10, detail: "link lost"))
        events.append(.connection(.connected, elapsedSeconds: 40, detail: "reconnected"))
        for i in 0..<20 { events.append(packet(23 + Double(i) * 0.1, 151, at: 40 + Double(i) * 0.5)) }
        events.append(.connection(.ended, elapsedSeconds: 50, detail: nil))

        let sink = RecordingSink()
        let pipeline = LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [sink])
        let summary = try await pipeline.run(ScriptedSource(events: events))

        #expect(summary.readingsStored == 40)
        #expect(summary.disconnects == 1)
        let stored = try store.readings(session: id)
        #expect(stored.count == 40)
        #expect(abs(stored[0].probeCelsius! - 20.0) < 1e-9)
        #expect(abs(stored[39].probeCelsius! - 24.9) < 1e-9)
        let kinds = try store.events(session: id).map(\.kind)
        #expect(kinds.contains(.disconnected))
        #expect(kinds.filter { $0 == .connected }.count == 2)
        #expect(try store.sessions().count == 1)
        #expect(try store.session(id)?.status == .finished)
    }

    /// A reading that arrives late (BLE out of order, a resent stretch) is stored, and the view
    /// keeps the newest value: it showed the late one's, as if the probe had cooled.
    @Test func aLateReadingIsStoredAndTheViewKeepsTheNewest() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let events = [
            packet(40, 150, at: 0), packet(42, 152, at: 10), packet(44, 154, at: 20),
            packet(41, 151, at: 5),  // late
        ]
        let sink = RecordingSink()
        let pipeline = LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [sink])
        let summary = try await pipeline.run(ScriptedSource(events: events))
        #expect(summary.readingsStored == 4)
        #expect(try store.readings(session: id).map(\.elapsedSeconds) == [0, 5, 10, 20])
        let status = try #require(sink.lastStatus)
        #expect(status.probeCelsius[1] == 44)
        #expect(status.probeReadAtSeconds[1] == 20)
        #expect(status.ambientCelsius == 154)
    }

    /// QA: a feeder whose clock restarted at 600 s with other temperatures had its 40 rows at
    /// stored times called "40 duplicates skipped". The same reading again is a duplicate; another
    /// at a stored time is counted apart, and (never lose data) set aside in the same commit, the
    /// stored one staying the curve; one commit a reading or batches of 500 (`--speed max`), which
    /// counted it a duplicate. On the old code it was counted and dropped.
    @Test func otherValuesAtAStoredTimeAreSetAside() async throws {
        for batchSize in [1, 500] {
            let (store, id, dir) = try temporaryStore()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let events: [SourceEvent] = [
                .connection(.connected, elapsedSeconds: 0, detail: nil),
                packet(20, 100, at: 1), packet(21, 100, at: 2),
                packet(20, 100, at: 1),  // re-delivered duplicate
                packet(35, 100, at: 2),  // another reading at a stored time
                packet(35, 100, at: 2),  // ... and it again
            ]
            let sink = RecordingSink()
            let summary = try await LivePipeline(
                store: store, configuration: .init(sessionID: id, batchSize: batchSize), eta: nil, sinks: [sink]
            )
            .run(ScriptedSource(events: events))
            #expect(summary.readingsStored == 2, "batch \(batchSize)")
            #expect(summary.duplicates == 2, "batch \(batchSize)")
            #expect(summary.conflicts == 1, "batch \(batchSize)")
            #expect(try store.readings(session: id).map(\.probeCelsius) == [20, 21])
            #expect(try store.setAsideReadings(session: id).map(\.probeCelsius) == [35], "batch \(batchSize)")
            #expect(try store.setAsideReadings(session: id).map(\.elapsedSeconds) == [2])
            if batchSize == 1 {
                #expect(sink.lastStatus?.probeCelsius[1] == 21, "the view follows the stored curve")
            }
        }
    }

    @Test func corruptPacketsAreLoggedAndTheSessionGoesOn() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let events: [SourceEvent] = [
            .connection(.connected, elapsedSeconds: 0, detail: nil),
            packet(20, 100, at: 0.5),
            .packet(bytes: [0x00, 0x00, 0x64], elapsedSeconds: 1.0, channel: 1),  // truncated
            .packet(bytes: SeedProbeDecoder.capturedStatus, elapsedSeconds: 1.5, channel: 1),
            .packet(bytes: SeedProbeDecoder.capturedStatus, elapsedSeconds: 2.5, channel: 1),
            packet(20.2, 100, at: 2.0),
            packet(20.2, 100, at: 2.0),  // re-delivered duplicate
        ]
        let sink = RecordingSink()
        let summary = try await LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [sink])
            .run(ScriptedSource(events: events))
        #expect(summary.readingsStored == 2)
        #expect(summary.decodeErrors == 1)
        #expect(summary.duplicates == 1)
        let stored = try store.events(session: id)
        let decodeErrors = stored.filter { $0.kind == .decodeError }
        #expect(decodeErrors.count == 1)
        #expect(decodeErrors[0].detail.contains("000064"))
        #expect(stored.filter { $0.kind == .probeStatus }.count == 1)  // constant status logged once
    }

    @Test func alarmsFireAndAreStored() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for i in 0..<10 { events.append(packet(70 + Double(i), 160, at: Double(i) * 10)) }
        events.append(.connection(.disconnected, elapsedSeconds: 100, detail: nil))
        events.append(.connection(.connected, elapsedSeconds: 200, detail: nil))
        var rules = AlarmRules(targetCelsius: 74)
        rules.probeLostAfterSeconds = 60
        let summary = try await LivePipeline(
            store: store, configuration: .init(sessionID: id, alarmRules: rules), eta: nil, sinks: []
        ).run(ScriptedSource(events: events))
        #expect(summary.alarms.contains(.targetReached))
        #expect(summary.alarms.contains(.probeLost))
        #expect(try store.events(session: id).filter { $0.kind == .alarm }.count == 2)
    }

    /// Two probes in one pit, only the first reporting the pit's air: each probe has its own
    /// finish, and the first one's verdict does not call the second done (a chicken's second
    /// probe, 10 C short, used to be alarmed "done" with the first).
    @Test func twoProbesInOnePitEachHaveTheirOwnFinishAndAlarm() async throws {
        let (store, _, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: 1_700_000_000_000, source: "scripted"),
            channels: [ChannelInfo(channel: 1)])
        // The centres of two cylinders (a small bird and a big one) from 5 C in a 160 C oven.
        let small = ConductionModes(shape: .cylinder, tauSeconds: 10_000, biot: 2, count: 40)
        let big = ConductionModes(shape: .cylinder, tauSeconds: 20_000, biot: 2, count: 40)
        func centre(_ modes: ConductionModes, _ t: Double) -> Double { 5 + 155 * modes.stepResponse(atSeconds: t) }
        var lo = 0.0, hi = 40_000.0
        for _ in 0..<60 {
            (lo, hi) = centre(big, 0.5 * (lo + hi)) >= 74 ? (lo, 0.5 * (lo + hi)) : (0.5 * (lo + hi), hi)
        }
        let bigFinish = hi, now = 0.75 * hi
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for t in stride(from: 0.0, through: now, by: 10) {
            let r1 = Reading(channel: 1, elapsedSeconds: t, probeCelsius: centre(small, t), ambientCelsius: 160)
            let r2 = Reading(channel: 2, elapsedSeconds: t + 1, probeCelsius: centre(big, t + 1), ambientCelsius: nil)
            events += [.reading(r1), .reading(r2)]
        }
        let sink = RecordingSink()
        let eta = SessionETAProvider(targetCelsius: 74, cut: nil, priors: [])
        let summary = try await LivePipeline(
            store: store, configuration: .init(sessionID: id, alarmRules: AlarmRules(targetCelsius: 74)), eta: eta,
            sinks: [sink]
        ).run(ScriptedSource(events: events))
        let targetAlarms = try store.events(session: id).filter {
            $0.kind == .alarm && $0.detail.hasPrefix("target_reached")
        }
        #expect(targetAlarms.map(\.channel) == [1])
        #expect(summary.alarms.filter { $0 == .targetReached }.count == 1)
        // The second probe, first heard during the recording, is a channel of the session.
        #expect(try store.channels(session: id).map(\.channel) == [1, 2])
        let status = try #require(sink.lastStatus)
        #expect(status.eta.phase != "done")
        #expect(status.eta.message.hasPrefix("probe 2:"), "\(status.eta.message)")
        // Probe 2 heats towards the pit's 160 C, read from probe 1's sensor.
        let finish = try #require(status.eta.finishSeconds)
        #expect(abs(finish - bigFinish) < 0.1 * (bigFinish - now), "finish \(finish) vs \(bigFinish)")
    }

    @Test func simulatedTurkeyIsStoredCompletely() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let preset = try #require(SimulationPreset.named("turkey"))
        let source = SimulatorSource(preset: preset, options: SimulationOptions(seed: 3))
        var expected = 0
        var simulator = CookSimulator(preset: preset, seed: 3)
        let decoder = SeedProbeDecoder()
        while let e = simulator.next() {
            if case .packet(let b, let t, let ch) = e, case .reading = decoder.decode(b, elapsedSeconds: t, channel: ch)
            {
                expected += 1
            }
        }
        let summary = try await LivePipeline(
            store: store, configuration: .init(sessionID: id, batchSize: 500),
            eta: nil, sinks: []
        ).run(source)
        #expect(summary.readingsStored + summary.duplicates == expected)
        #expect(try store.readings(session: id).count == summary.readingsStored)
        let maxProbe = try store.readings(session: id).compactMap(\.probeCelsius).max() ?? 0
        #expect(maxProbe >= 74)
    }
}
