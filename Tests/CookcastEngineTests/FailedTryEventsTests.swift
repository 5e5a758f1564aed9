import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastEngine

/// The tries to reconnect a link that stays down, as the session's history keeps them.
@Suite struct FailedTryEventsTests {
    /// QA: a probe away overnight failed a try every 20 s, each stored as a `disconnected`
    /// event with the same reason: some 1,400 events, and `show` (the last 50 events) lost the
    /// cook's alarms behind them. A try that fails as the one before did is no change: stored
    /// once until the reason changes or the link is up again.
    @Test func aTryThatFailsAsTheOneBeforeIsStoredOnce() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let notFound = "scanning for AA:BB:CC:DD:EE:FF: probe not found"
        let adapterOff = "looking for AA:BB:CC:DD:EE:FF: the Bluetooth adapter hci0 is powered off"
        var events: [SourceEvent] = [
            .connection(.connected, elapsedSeconds: 0, detail: "char"), packet(30, 110, at: 1),
        ]
        events.append(.connection(.disconnected, elapsedSeconds: 2, detail: "link lost"))
        var t = 3.0
        func fail(_ detail: String, times: Int) {
            for _ in 0..<times {
                events.append(.connection(.searching, elapsedSeconds: t, detail: "looking for AA:BB:CC:DD:EE:FF"))
                events.append(.connection(.disconnected, elapsedSeconds: t + 15, detail: detail))
                t += 20
            }
        }
        fail(notFound, times: 30)
        fail(adapterOff, times: 3)
        fail(notFound, times: 3)
        events.append(.connection(.connected, elapsedSeconds: t, detail: "char"))
        events.append(packet(31, 110, at: t + 1))
        events.append(.connection(.disconnected, elapsedSeconds: t + 2, detail: "link lost"))
        fail(notFound, times: 2)

        let pipeline = LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [])
        let summary = try await pipeline.run(ScriptedSource(events: events))
        #expect(summary.readingsStored == 2)
        #expect(summary.disconnects == 2)
        let stored = try store.events(session: id).filter { $0.kind == .disconnected || $0.kind == .connected }
        #expect(
            stored.map { "\($0.kind.rawValue) \($0.detail)" } == [
                "connected char", "disconnected link lost", "disconnected \(notFound)",
                "disconnected \(adapterOff)", "disconnected \(notFound)", "connected char",
                "disconnected link lost", "disconnected \(notFound)",
            ])
    }
}
