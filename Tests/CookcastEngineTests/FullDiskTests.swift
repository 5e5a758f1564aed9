import CookcastCore
import CookcastIngest
import Foundation
import Testing

@testable import CookcastEngine
@testable import CookcastStore

/// A database that cannot grow while `fill()` holds: `PRAGMA max_page_count` at its size, so a
/// write that needs a page fails with `SQLITE_FULL` ("database or disk is full"), as on a full
/// disk; `freeSpace()` lifts the cap.
final class CappedStore: @unchecked Sendable {
    let store: SessionStore
    let id: Int64
    let directory: String

    init() throws { (store, id, directory) = try temporaryStore() }

    func fill() throws {
        try store.withConnection("") { db in
            let pages = try db.scalar("PRAGMA page_count").int64Value ?? 0
            try db.execute("PRAGMA max_page_count = \(pages)")
        }
    }

    func freeSpace() throws { try store.withConnection("") { try $0.execute("PRAGMA max_page_count = 1000000") } }

    func storedTimes() throws -> [Double] { try store.readings(session: id).map(\.elapsedSeconds) }

    func cleanup() { try? FileManager.default.removeItem(atPath: directory) }
}

/// A real-time source that cannot wait (as a probe's link), fed by the test: what it yields comes
/// as a probe's packets do, and it ends when the test finishes it.
struct FedSource: ReadingSource {
    typealias Element = SourceEvent
    let events: AsyncStream<SourceEvent>
    var label: String { "fed" }
    var decoder: (any ProbeDecoder)? { SeedProbeDecoder() }
    func makeAsyncIterator() -> AsyncStream<SourceEvent>.Iterator { events.makeAsyncIterator() }
}

/// QA (a full disk): `live --stdin` and a probe's recording lost what they had received and not
/// stored, the reading being written and the queue behind it, without a count. A full disk now
/// pauses the recording as a lock does; at Ctrl-C, or once the input has ended, what waits is
/// handed back (`LiveStorageError.unsaved`) for `live` to save.
@Suite struct FullDiskTests {
    /// A pipeline recording into `disk` as `live` records a real-time source, its notices in `notices`.
    func pipeline(_ disk: CappedStore, notices: NoticeLog) -> LivePipeline {
        var configuration = LivePipeline.Configuration(sessionID: disk.id)
        configuration.silenceCheckIntervalSeconds = 10
        configuration.busyRetry = BusyRetryPolicy(initialDelaySeconds: 0.05, maxDelaySeconds: 0.2)
        configuration.onNotice = { notices.add($0) }
        return LivePipeline(store: disk.store, configuration: configuration, eta: nil, sinks: [])
    }

    /// Waits up to a minute of wall time for `condition`.
    func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    /// Feeds `count` packets, a second apart, to a recording of a probe into a full disk, and
    /// waits until the recording says the disk is full: the run, and the feed to end it with.
    func recordingOnAFullDisk(_ disk: CappedStore, count: Int, notices: NoticeLog) async throws
        -> (Task<LiveSummary, any Error>, AsyncStream<SourceEvent>.Continuation)
    {
        try disk.fill()
        let (events, feed) = AsyncStream<SourceEvent>.makeStream()
        let pipeline = pipeline(disk, notices: notices)
        let run = Task { try await pipeline.run(FedSource(events: events)) }
        feed.yield(.connection(.connected, elapsedSeconds: 0, detail: nil))
        for i in 0..<count { feed.yield(packet(20 + Double(i) / 100, 110, at: Double(i))) }
        #expect(await eventually { notices.all.contains { $0.hasPrefix("disk full: ") } }, "\(notices.all)")
        return (run, feed)
    }

    @Test func aFullDiskPausesARecordingUntilSpaceIsFreed() async throws {
        let disk = try CappedStore()
        defer { disk.cleanup() }
        let notices = NoticeLog()
        let (run, feed) = try await recordingOnAFullDisk(disk, count: 300, notices: notices)
        #expect(try disk.storedTimes().count < 300)
        try disk.freeSpace()
        #expect(await eventually { (try? disk.storedTimes().count) == 300 })
        feed.finish()
        let summary = try await run.value
        #expect(summary.readingsStored == 300)
        #expect(try disk.storedTimes() == (0..<300).map(Double.init))
        #expect(try disk.store.session(disk.id)?.status == .finished)
        // Said once when full and once when writable again, and the recovery is in the history.
        #expect(notices.all.count == 2, "\(notices.all)")
        #expect(notices.all.last?.hasPrefix("database writable again: the disk was full for ") == true)
        #expect(try disk.store.events(session: disk.id).contains { $0.kind == .note && $0.detail.contains("full") })
    }

    /// A probe cannot wait: what it sends while the disk is full is kept in memory, and Ctrl-C
    /// hands back every reading not stored, in order.
    @Test func ctrlCOnAFullDiskHandsBackEveryReadingNotStored() async throws {
        let disk = try CappedStore()
        defer { disk.cleanup() }
        let notices = NoticeLog()
        let (run, _) = try await recordingOnAFullDisk(disk, count: 300, notices: notices)
        run.cancel()
        await #expect {
            _ = try await run.value
        } throws: { error in
            guard let stopped = error as? LiveStorageError, let stored = try? disk.storedTimes() else { return false }
            return stopped.readingsStored == stored.count && stopped.reason.hasSuffix("still full at the interrupt")
                && stored + stopped.unsavedReadings.map(\.elapsedSeconds) == (0..<300).map(Double.init)
        }
        #expect(try disk.store.session(disk.id)?.status == .active)
        #expect(notices.all.count == 1, "\(notices.all)")
    }

    /// Standard input ending while the disk is full: nothing more can come, so what was read and
    /// not stored is handed back at once.
    @Test func inputEndingOnAFullDiskHandsBackEverythingRead() async throws {
        let disk = try CappedStore()
        defer { disk.cleanup() }
        try disk.fill()
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data((0..<600).map { "\($0),\(20 + Double($0) / 100),110\n" }.joined().utf8))
        try pipe.fileHandleForWriting.close()
        let pipeline = pipeline(disk, notices: NoticeLog())
        await #expect {
            _ = try await pipeline.run(StdinSource(fileHandle: pipe.fileHandleForReading))
        } throws: { error in
            guard let stopped = error as? LiveStorageError, let stored = try? disk.storedTimes() else { return false }
            return stopped.reason.hasSuffix("still full when the input ended")
                && stored + stopped.unsavedReadings.map(\.elapsedSeconds) == (0..<600).map(Double.init)
        }
    }

    /// Standard input can wait: while the disk is full it is read no further than the queue's
    /// limit, so a long feed waits in its pipe (what a lock does not: a lock lasts seconds). Every
    /// line written is then stored, handed back, or still in the pipe (a line the stop cut in two
    /// counted once, by its rest).
    @Test func aFullDiskLeavesWhatStandardInputHasNotReadInThePipe() async throws {
        let disk = try CappedStore()
        defer { disk.cleanup() }
        let notices = NoticeLog()
        try disk.fill()
        let pipe = Pipe()
        let lines = 20_000
        let writer = Thread {
            for i in 0..<lines { pipe.fileHandleForWriting.write(Data("\(i),\(20 + Double(i) / 1000),110\n".utf8)) }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let pipeline = pipeline(disk, notices: notices)
        let run = Task { try await pipeline.run(StdinSource(fileHandle: pipe.fileHandleForReading)) }
        #expect(await eventually { notices.all.contains { $0.hasPrefix("disk full: ") } })
        #expect(notices.all.first?.contains("(the input is read no further meanwhile)") == true, "\(notices.all)")
        try await Task.sleep(for: .milliseconds(500))
        #expect(!writer.isFinished)
        run.cancel()
        var handedBack = 0
        do {
            _ = try await run.value
            Issue.record("the run ended without a storage error")
        } catch let stopped as LiveStorageError {
            handedBack = stopped.unsavedReadings.count
        }
        let rest = pipe.fileHandleForReading.readDataToEndOfFile()
        let restLines = rest.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        #expect(try disk.storedTimes().count + handedBack + restLines == lines)
        #expect(handedBack <= 3 * LivePipeline.readAheadLimit + 4096, "read ahead: \(handedBack)")
    }
}
