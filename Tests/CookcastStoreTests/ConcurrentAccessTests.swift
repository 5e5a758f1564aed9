import CookcastCore
import Foundation
import Testing

@testable import CookcastStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ConcurrentAccessTests {
    @Test func readerSeesEachCommitOfTheWriter() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("live.db")
        let writer = try SessionStore(path: path)
        let id = try writer.createSession(Fixtures.info(), channels: [ChannelInfo(channel: 1)])
        let reader = try SessionStore(path: path, readOnly: true)
        let readings = Fixtures.readings(count: 20)
        for (i, reading) in readings.enumerated() {
            #expect(try writer.append(reading, session: id) == .stored)
            #expect(try reader.readings(session: id) == Array(readings[...i]))
            #expect(try reader.lastReadings(session: id, limit: 1) == [reading])
        }
        #expect(try reader.sessions().first?.readingCount == 20)
    }

    @Test func readerRunsAlongsideAWritingTask() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("live.db")
        let writer = try SessionStore(path: path)
        let id = try writer.createSession(Fixtures.info(), channels: [])
        let reader = try SessionStore(path: path, readOnly: true)
        let readings = Fixtures.readings(count: 300)
        let writing = Task.detached {
            for reading in readings { _ = try writer.append(reading, session: id) }
        }
        var seen = 0
        let deadline = Date().addingTimeInterval(60)
        while seen < readings.count, Date() < deadline {
            let count = try reader.readings(session: id).count
            #expect(count >= seen)  // commits only ever add rows
            seen = count
            await Task.yield()
        }
        try await writing.value
        #expect(try reader.readings(session: id) == readings)
    }

    /// A separate process (Debian's python3 sqlite3 module) reads the file while this one writes,
    /// including while a write transaction is open and uncommitted.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func anotherProcessReadsWhileWriterHoldsTheFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("shared.db")
        let store = try SessionStore(path: path)
        let id = try store.createSession(Fixtures.info(), channels: [])
        let readings = Fixtures.readings(count: 6)
        for (i, reading) in readings.enumerated() where i < 3 {
            try store.append(reading, session: id)
            #expect(try countReadings(path: path, session: id) == i + 1)
        }
        // A writer holds the write lock with uncommitted rows: the reader is not blocked and sees
        // only committed data.
        let other = try SQLiteConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")
        try other.execute("INSERT INTO readings (session_id, channel, t_ms) VALUES (\(id), 9, 1)")
        #expect(try countReadings(path: path, session: id) == 3)
        try other.execute("ROLLBACK")
        #expect(try store.append(Array(readings[3...]), session: id).stored == 3)
        #expect(try countReadings(path: path, session: id) == 6)
    }

    /// Runs python3 to count a session's readings; the child is killed if it hangs.
    private func countReadings(path: String, session: Int64) throws -> Int? {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True, timeout=5)
            print(db.execute('SELECT count(*) FROM readings WHERE session_id = ?', (int(sys.argv[2]),)).fetchone()[0])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path, String(session)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            // Children of test worker threads may block SIGTERM: SIGKILL, then reap.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("python3 did not finish in 20 s")
            return nil
        }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
