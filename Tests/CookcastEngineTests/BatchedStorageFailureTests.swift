import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastEngine

/// QA (a full disk under `live --replay --speed max`, which stores readings in batches): the run
/// said "2196 readings of this run are stored" where the session held 2197. The reading whose
/// arrival filled the batch was taken off with the batch that failed, but it had not been counted.
@Suite struct BatchedStorageFailureTests {
    @Test func aFailedBatchLeavesTheStoredCountRight() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-batch-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try SessionStore(path: dir + "/test.db")
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: 1_700_000_000_000, source: "scripted"), channels: [ChannelInfo(channel: 1)])
        // Stands in for the full disk: every reading from 5 s on is refused.
        try SQLiteConnection(path: dir + "/test.db").execute(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON readings WHEN NEW.t_ms >= 5000
            BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
            """)
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for i in 0..<30 { events.append(packet(20 + Double(i) * 0.1, 110, at: Double(i) * 0.5)) }
        // Batches of 4: two are stored (0-3.5 s), the third (4-5.5 s) is refused as its 4th arrives.
        let pipeline = LivePipeline(
            store: store, configuration: .init(sessionID: id, batchSize: 4), eta: nil, sinks: [])
        var failure: LiveStorageError?
        do {
            _ = try await pipeline.run(ScriptedSource(events: events))
        } catch let error as LiveStorageError {
            failure = error
        }
        #expect(try store.readings(session: id).count == 8)
        #expect(failure?.readingsStored == 8)
        #expect(
            failure?.description.contains("8 readings of this run are stored") == true, "\(String(describing: failure))"
        )
    }
}
