import CookcastCore
import CookcastStore
import Foundation
import Testing

/// Runs the real `cookcast` binary as a separate process: readings committed before a SIGKILL
/// survive, another process reads while `live` writes, and `--resume` continues the same session.
@Suite(.serialized) struct CrashRecoveryTests {
    func startLive(_ arguments: [String], database: String) throws -> (Process, FileHandle) {
        try CookcastBinary.startLive(arguments, database: database)
    }

    func packetLine(_ i: Int, offset: Double = 0) -> String {
        let bytes = SeedProbeDecoder.encodeReading(
            probeCelsius: 20 + Double(i) * 0.1, ambientCelsius: 110, batteryPercent: 90)
        return "\(offset + Double(i) * 0.5) \(Hex.string(from: bytes))\n"
    }

    func waitForReadings(_ count: Int, session: Int64, database: String) async throws -> Int {
        var seen = 0
        for _ in 0..<200 {
            // The file exists a moment before its schema does: a read-only open then fails; retry.
            if FileManager.default.fileExists(atPath: database),
                let reader = try? SessionStore(path: database, readOnly: true)
            {
                seen = (try? reader.readings(session: session).count) ?? 0
                if seen >= count { return seen }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return seen
    }

    @Test func killedLiveLosesNothingAndResumes() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: CookcastBinary.path), "build the cookcast product first")
        let box = Sandbox()
        defer { box.cleanup() }
        let (writer, stdin) = try startLive(["--cut", "steak"], database: box.databasePath)
        for i in 0..<40 { stdin.write(Data(packetLine(i).utf8)) }
        // A second process (this test, read-only) sees the readings while the writer still runs.
        let seen = try await waitForReadings(40, session: 1, database: box.databasePath)
        #expect(seen == 40)
        #expect(writer.isRunning)
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()

        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).count == 40)
        #expect(try store.session(1)?.status == .active)
        try expectSummaryCountsEveryReading(store)

        let (resumed, stdin2) = try startLive(["--resume", "1"], database: box.databasePath)
        // The feeder restarted with it counts from zero again, reading the meat as it is now.
        for i in 0..<10 {
            let bytes = SeedProbeDecoder.encodeReading(
                probeCelsius: 30 + Double(i) * 0.1, ambientCelsius: 110, batteryPercent: 90)
            stdin2.write(Data("\(Double(i) * 0.5) \(Hex.string(from: bytes))\n".utf8))
        }
        try stdin2.close()
        resumed.waitUntilExit()
        #expect(resumed.terminationStatus == 0)
        let after = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try after.sessions().count == 1)
        #expect(try after.readings(session: 1).count == 50)
        #expect(try after.events(session: 1).contains { $0.kind == .resumed })
        #expect(try after.session(1)?.status == .finished)
        try expectSummaryCountsEveryReading(after)
    }

    /// Session 1's line of `sessions` is what its stored readings give, however the recording ended.
    func expectSummaryCountsEveryReading(_ store: SessionStore, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let readings = try store.readings(session: 1)
        let summary = try #require(try store.summary(session: 1), sourceLocation: sourceLocation)
        #expect(summary.readingCount == readings.count, sourceLocation: sourceLocation)
        #expect(summary.durationSeconds == readings.map(\.elapsedSeconds).max(), sourceLocation: sourceLocation)
        #expect(summary.maxProbeCelsius == readings.compactMap(\.probeCelsius).max(), sourceLocation: sourceLocation)
        #expect(try store.sessions() == [summary], sourceLocation: sourceLocation)
    }

    @Test func interruptClosesTheSessionCleanly() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (writer, stdin) = try startLive([], database: box.databasePath)
        for i in 0..<20 { stdin.write(Data(packetLine(i).utf8)) }
        #expect(try await waitForReadings(20, session: 1, database: box.databasePath) == 20)
        kill(writer.processIdentifier, SIGINT)
        for _ in 0..<100 where writer.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        if writer.isRunning { kill(writer.processIdentifier, SIGKILL) }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 130)
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).count == 20)
        #expect(try store.session(1)?.status == .finished)
        #expect(try store.events(session: 1).contains { $0.kind == .stopped && $0.detail == "interrupted" })
    }
}
