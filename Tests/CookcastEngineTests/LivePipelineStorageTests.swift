import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastEngine

/// A second connection to the same file, used from another task to hold or release its lock.
final class OtherConnection: @unchecked Sendable {
    let db: SQLiteConnection
    init(path: String) throws { db = try SQLiteConnection(path: path, busyTimeoutSeconds: 0.1) }
}

/// Collects the pipeline's notices.
final class NoticeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

@Suite struct LivePipelineStorageTests {
    /// A store at `path` whose writes give up on a lock after 0.1 s, so tests outlast it quickly.
    func impatientStore() throws -> (SessionStore, Int64, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-busy-\(UUID().uuidString)")
            .path
        let store = try SessionStore(path: dir + "/test.db", busyTimeoutSeconds: 0.1)
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: 1_700_000_000_000, source: "scripted"), channels: [ChannelInfo(channel: 1)])
        return (store, id, dir)
    }

    @Test func aLockLongerThanTheBusyTimeoutLosesNoReading() async throws {
        let (store, id, dir) = try impatientStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Another writer holds the write lock far longer than the store's busy timeout.
        let other = try OtherConnection(path: dir + "/test.db")
        try other.db.execute(
            "BEGIN IMMEDIATE; INSERT INTO events (session_id, t_ms, kind, detail) VALUES (\(id), 0, 'note', 'x')")
        let release = Task.detached {
            try await Task.sleep(for: .milliseconds(900))
            try other.db.execute("COMMIT")
        }
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for i in 0..<30 { events.append(packet(20 + Double(i) * 0.1, 110, at: Double(i) * 0.5)) }
        let notices = NoticeLog()
        var configuration = LivePipeline.Configuration(sessionID: id)
        configuration.busyRetry = BusyRetryPolicy(initialDelaySeconds: 0.05, maxDelaySeconds: 0.2)
        configuration.onNotice = { notices.add($0) }
        let summary = try await LivePipeline(store: store, configuration: configuration, eta: nil, sinks: [])
            .run(ScriptedSource(events: events))
        try await release.value

        #expect(summary.readingsStored == 30)
        let stored = try store.readings(session: id)
        #expect(stored.map(\.elapsedSeconds) == (0..<30).map { Double($0) * 0.5 })
        #expect(try store.session(id)?.status == .finished)
        // Said once when locked and once when writable again, and the recovery is in the history.
        #expect(notices.all.count == 2)
        #expect(notices.all.first?.contains("locked") == true)
        #expect(notices.all.last?.contains("writable again") == true)
        #expect(try store.events(session: id).contains { $0.kind == .note && $0.detail.contains("locked") })
    }

    @Test func aFailureOtherThanALockEndsTheRunAndKeepsWhatWasStored() async throws {
        let (store, id, dir) = try impatientStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Stands in for a disk error: every reading from 5 s on is refused.
        let other = try OtherConnection(path: dir + "/test.db")
        try other.db.execute(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON readings WHEN NEW.t_ms >= 5000
            BEGIN SELECT RAISE(ABORT, 'simulated disk failure'); END
            """)
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for i in 0..<30 { events.append(packet(20 + Double(i) * 0.1, 110, at: Double(i) * 0.5)) }
        let pipeline = LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [])
        await #expect {
            _ = try await pipeline.run(ScriptedSource(events: events))
        } throws: { error in
            guard let failure = error as? LiveStorageError else { return false }
            return failure.readingsStored == 10 && failure.description.contains("simulated disk failure")
                && failure.description.contains("--resume \(id)")
        }
        #expect(try store.readings(session: id).count == 10)
        #expect(try store.session(id)?.status == .active)
    }
}

/// The queue between a source and the live loop, for a source that can wait (standard input).
@Suite struct LiveInboxLimitTests {
    static func reading(_ i: Int) -> LiveInput {
        .event(.reading(Reading(elapsedSeconds: Double(i), probeCelsius: 20, ambientCelsius: nil)))
    }

    /// QA (scale): `live --stdin` fed a 3-day, 4-probe log (2 M lines) read it all into this queue
    /// within 5 s, while the loop stored a few thousand: 170 MB for a queue of parsed lines. A
    /// source that can wait is now taken in no faster than the loop takes the queue, `limit`
    /// ahead; while the database is locked the limit is lifted and what comes is kept, as before.
    @Test func aSourceThatCanWaitIsQueuedALimitedWayAhead() async throws {
        let inbox = LiveInbox()
        let pusher = Task {
            for i in 0..<10 { await inbox.push(Self.reading(i), waitingWhileAtLeast: 4) }
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(inbox.waiting(decodedBy: nil).readings == 4)
        guard case .event(let first)? = await inbox.next() else {
            Issue.record("no first input")
            return
        }
        #expect(first.elapsedSeconds == 0)
        try await Task.sleep(for: .milliseconds(100))
        #expect(inbox.waiting(decodedBy: nil).readings == 3)  // the push waits for half the room
        _ = await inbox.next()
        try await Task.sleep(for: .milliseconds(200))
        #expect(inbox.waiting(decodedBy: nil).readings == 4)
        inbox.liftLimit(true)  // the database is locked: everything is taken in
        await pusher.value
        #expect(inbox.waiting(decodedBy: nil).readings == 8)
        var times: [Double] = []
        inbox.close()
        while case .event(let e)? = await inbox.next() { times.append(e.elapsedSeconds) }
        #expect(times == (2..<10).map(Double.init))
    }

    /// What waits is counted as it will be stored: a packet that does not decode is no reading
    /// (it is a decode-error event), an iBBQ packet is a reading per plugged probe, a battery
    /// reply none. Each packet counted as one reading, "8 readings wait to be stored" came before
    /// "6 readings" saved.
    @Test func waitingPacketsAreCountedAsTheyDecode() {
        let inbox = LiveInbox()
        let sockets = IBBQDecoder.encodeRealtime(celsius: [20, nil, 30, 110])  // 3 probes plugged
        for input: LiveInput in [
            Self.reading(0), .event(.packet(bytes: sockets, elapsedSeconds: 1, channel: 1)),
            .event(.packet(bytes: [0xF5, 0x00, 0xF6], elapsedSeconds: 2, channel: 1)),  // cut short: odd length
            // A battery reply on the settings channel: a status, no reading.
            .event(.packet(bytes: [0x24, 0xA0, 0x0F, 0x98, 0x19, 0x00], elapsedSeconds: 3, channel: 0)),
            .event(.connection(.connected, elapsedSeconds: 4, detail: nil)), .tick,
        ] {
            inbox.push(input)
        }
        #expect(inbox.waiting(decodedBy: IBBQDecoder()) == LiveInbox.Waiting(readings: 4, undecodable: 1))
        // A source without a decoder: its packets cannot be read.
        #expect(inbox.waiting(decodedBy: nil) == LiveInbox.Waiting(readings: 1, undecodable: 3))
    }

    /// Closing (Ctrl-C) or cancelling the reader never leaves a push waiting.
    @Test func aWaitingPushEndsWhenTheInboxCloses() async throws {
        let inbox = LiveInbox()
        for i in 0..<2 { await inbox.push(Self.reading(i), waitingWhileAtLeast: 2) }
        let blocked = Task { await inbox.push(Self.reading(2), waitingWhileAtLeast: 2) }
        inbox.close()
        #expect(await blocked.value == false)
        let other = LiveInbox()
        for i in 0..<2 { await other.push(Self.reading(i), waitingWhileAtLeast: 2) }
        let cancelled = Task { await other.push(Self.reading(2), waitingWhileAtLeast: 2) }
        cancelled.cancel()
        #expect(await cancelled.value == true)
    }
}
