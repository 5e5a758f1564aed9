import CookcastCore
import CookcastIngest
import CookcastStore
import Foundation
import Testing

@testable import CookcastEngine

/// A source the test feeds by hand and that stays open until finished, like a probe.
struct HandFedSource: ReadingSource {
    typealias Element = SourceEvent
    let stream: AsyncStream<SourceEvent>
    var label: String { "hand-fed" }
    var decoder: (any ProbeDecoder)? { SeedProbeDecoder() }
    func makeAsyncIterator() -> AsyncStream<SourceEvent>.Iterator { stream.makeAsyncIterator() }
}

@Suite struct ProbeLostTests {
    @Test func aSilentRealTimeProbeIsReportedOnTime() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (stream, feed) = AsyncStream<SourceEvent>.makeStream()
        feed.yield(.connection(.connected, elapsedSeconds: 0, detail: nil))
        for i in 0..<10 { feed.yield(packet(20 + Double(i) * 0.1, 110, at: Double(i) * 0.05)) }
        var rules = AlarmRules(targetCelsius: 74)
        rules.probeLostAfterSeconds = 0.3
        var configuration = LivePipeline.Configuration(sessionID: id, alarmRules: rules)
        configuration.silenceCheckIntervalSeconds = 0.02
        let sink = RecordingSink()
        let pipeline = LivePipeline(store: store, configuration: configuration, eta: nil, sinks: [sink])
        let running = Task { try await pipeline.run(HandFedSource(stream: stream)) }
        // The link stays up and nothing more comes: the alarm must not wait for another event.
        var stored: [SessionEvent] = []
        for _ in 0..<100 {
            try await Task.sleep(for: .milliseconds(20))
            stored = try store.events(session: id).filter { $0.kind == .alarm }
            if !stored.isEmpty { break }
        }
        feed.finish()
        let summary = try await running.value
        #expect(summary.alarms == [.probeLost])
        #expect(stored.count == 1)
        // Stamped when the silence reached the limit: the last reading (0.45 s) + 0.3 s.
        #expect(abs((stored.first?.elapsedSeconds ?? 0) - 0.75) < 0.002)
    }

    @Test func aGapInAReplayIsReportedWhenItsClockPassesTheLimit() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Readings every 10 s to 100 s, nothing until 400 s, no link change at all.
        var events: [SourceEvent] = (0...10).map { packet(20 + Double($0), 110, at: Double($0) * 10) }
        events += (0..<5).map { packet(40 + Double($0), 110, at: 400 + Double($0) * 10) }
        let summary = try await LivePipeline(
            store: store, configuration: .init(sessionID: id, alarmRules: AlarmRules(targetCelsius: 74)), eta: nil,
            sinks: []
        ).run(ScriptedSource(events: events))
        #expect(summary.alarms == [.probeLost])
        let alarms = try store.events(session: id).filter { $0.kind == .alarm }
        #expect(alarms.map(\.elapsedSeconds) == [160])
        #expect(alarms.first?.detail == "probe_lost: no reading for 60 s")
        // The reading that ended the gap was stored, and stored before the alarm that it revealed.
        #expect(try store.readings(session: id).count == 16)
    }
}
