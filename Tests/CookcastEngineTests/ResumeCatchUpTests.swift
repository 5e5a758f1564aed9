import CookcastCore
import CookcastIngest
import CookcastStore
import Foundation
import Testing

@testable import CookcastEngine

/// Keeps the ETA the pipeline showed with each reading.
final class ETATrace: LiveSink, @unchecked Sendable {
    var points: [(seconds: Double, eta: ETASnapshot)] = []
    var alarms: [Alarm] = []
    func handle(_ event: LiveEvent, status: LiveStatus) {
        switch event {
        case .reading(let r): points.append((r.elapsedSeconds, status.eta))
        case .alarm(let a): alarms.append(a)
        default: break
        }
    }
    func finish(_ summary: LiveSummary, status: LiveStatus) {}
}

@Suite struct ResumeCatchUpTests {
    /// A simulated turkey's readings, decoded as the live pipeline would.
    func turkeyReadings() throws -> (readings: [Reading], targetCelsius: Double) {
        let preset = try #require(SimulationPreset.named("turkey"))
        var simulator = CookSimulator(preset: preset, seed: 5)
        let decoder = SeedProbeDecoder()
        var readings: [Reading] = []
        while let e = simulator.next() {
            if case .packet(let b, let t, let ch) = e,
                case .reading(let r) = decoder.decode(b, elapsedSeconds: t, channel: ch)
            {
                readings.append(r)
            }
        }
        return (readings, preset.targetCelsius)
    }

    func run(
        _ readings: ArraySlice<Reading>, store: SessionStore, session: Int64, target: Double, resumed: Bool
    ) async throws -> ETATrace {
        let trace = ETATrace()
        var configuration = LivePipeline.Configuration(
            sessionID: session, alarmRules: AlarmRules(targetCelsius: target))
        configuration.isResumed = resumed
        let eta = SessionETAProvider(targetCelsius: target, cut: nil, priors: [])
        _ = try await LivePipeline(store: store, configuration: configuration, eta: eta, sinks: [trace])
            .run(ScriptedSource(events: readings.map { .reading($0) }))
        return trace
    }

    @Test func aResumedCookShowsTheETAAndAlarmsOfAnUninterruptedOne() async throws {
        let (readings, target) = try turkeyReadings()
        #expect(readings.count > 1000)
        let (store, whole, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let uninterrupted = try await run(readings[...], store: store, session: whole, target: target, resumed: false)

        // The same cook, killed at 40 % and resumed with the rest.
        let split = readings.count * 2 / 5
        let session = try store.createSession(
            SessionInfo(startedAtUnixMs: 1_700_000_000_000, source: "scripted"), channels: [ChannelInfo(channel: 1)])
        let first = try await run(readings[..<split], store: store, session: session, target: target, resumed: false)
        let second = try await run(readings[split...], store: store, session: session, target: target, resumed: true)

        let expected = Dictionary(uniqueKeysWithValues: uninterrupted.points.map { ($0.seconds, $0.eta) })
        for fraction in [0.42, 0.5, 0.6, 0.75, 0.9] {
            let point = second.points[Int(Double(readings.count) * fraction) - split]
            let want = try #require(expected[point.seconds])
            #expect(point.eta.phase == want.phase, "at \(point.seconds) s")
            let got = try #require(point.eta.finishSeconds)
            let finish = try #require(want.finishSeconds)
            #expect(abs(got - finish) < 1, "ETA at \(point.seconds) s: \(got) resumed, \(finish) uninterrupted")
        }
        // Every alarm once, as in the uninterrupted run: nothing fires again after the resume.
        let kinds = (first.alarms + second.alarms).map(\.kind)
        #expect(kinds == uninterrupted.alarms.map(\.kind))
        #expect(kinds.filter { $0 == .targetReached }.count == 1)
        #expect(try store.readings(session: session).count == readings.count)

        // Killed after the target alarm and resumed: it does not fire a second time.
        let reached = try #require(uninterrupted.alarms.first { $0.kind == .targetReached })
        let late = try #require(readings.firstIndex { $0.elapsedSeconds > reached.elapsedSeconds + 60 })
        let again = try store.createSession(
            SessionInfo(startedAtUnixMs: 1_700_000_000_000, source: "scripted"), channels: [ChannelInfo(channel: 1)])
        let before = try await run(readings[..<late], store: store, session: again, target: target, resumed: false)
        let after = try await run(readings[late...], store: store, session: again, target: target, resumed: true)
        #expect((before.alarms + after.alarms).map(\.kind) == uninterrupted.alarms.map(\.kind))
        #expect(!after.alarms.contains { $0.kind == .targetReached || $0.kind == .etaNear })
    }
}
