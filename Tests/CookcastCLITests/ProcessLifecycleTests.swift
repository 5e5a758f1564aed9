import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// The `cookcast` process itself: a broken standard output never crashes it, and SIGPIPE, SIGHUP
/// and SIGTERM leave a closed, resumable session behind.
@Suite(.serialized) struct ProcessLifecycleTests {
    static let recordingGoesOn = "; recording goes on, readings are still stored"

    /// Runs `script` with bash, `$0` being the cookcast binary; returns its status and standard error.
    func shell(_ script: String, environment: [String: String] = [:]) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, CookcastBinary.path]
        var env = ProcessInfo.processInfo.environment
        env["COOKCAST_MODELS"] = SharedData.models
        env.merge(environment) { $1 }
        process.environment = env
        return try process.runCollectingStandardError()
    }

    /// Asserts session 1 was closed cleanly with `readings` readings (nil: some) and a 'stopped' event.
    func expectClosedSession(_ database: String, readings: Int? = nil, ending: String) throws {
        let store = try SessionStore(path: database, readOnly: true)
        #expect(try store.session(1)?.status == .finished)
        let count = try store.readings(session: 1).count
        if let readings { #expect(count == readings) } else { #expect(count > 1000) }
        #expect(try store.events(session: 1).contains { $0.kind == .stopped && $0.detail == ending })
    }

    @Test func aFullDiskOrAClosedStandardOutputNeverCrashesAndLiveKeepsRecording() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let live = "\"$0\" live --simulate steak --speed max --plain --db"
        for (name, redirect, reason) in [
            ("full", "> /dev/full", "No space left on device"), ("closed", ">&-", "standard output is closed"),
        ] {
            let db = box.directory + "/\(name).db"
            let r = try shell("\(live) '\(db)' \(redirect)")
            #expect(r.status == 74, "\(r.err)")
            #expect(!r.err.contains("Fatal error"))
            let lines = r.err.split(separator: "\n")
            #expect(lines.count == 1, "\(r.err)")
            let expected = "cookcast live: cannot write to standard output: \(reason)\(Self.recordingGoesOn)"
            #expect(lines.first.map(String.init) == expected)
            try expectClosedSession(db, ending: "source ended")
            let sessions = try shell("\"$0\" sessions --db '\(db)' \(redirect)")
            #expect(sessions.status == 74)
            #expect(sessions.err == "cookcast sessions: cannot write to standard output: \(reason)\n")
        }
    }

    @Test func aClosedPipeIsNotAKillingSignal() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = try shell(
            "\"$0\" live --simulate steak --speed max --json --db '\(box.databasePath)' | head -3 > /dev/null; "
                + "exit ${PIPESTATUS[0]}")
        #expect(r.status == 74, "\(r.err)")
        #expect(r.err.contains("cannot write to standard output: Broken pipe"))
        try expectClosedSession(box.databasePath, ending: "source ended")
    }

    /// QA: `cookcast show 1 | head -3` printed "cannot write to standard output: Broken pipe".
    /// The reader closing the pipe is its choice: other commands than `live` stop quietly, exit 0.
    @Test func aReaderThatClosesThePipeEndsOtherCommandsQuietly() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let rows = (0..<2000).map { "\($0 * 10),\(20 + Double($0) / 50),150" }.joined(separator: "\n")
        let cook = box.write("cook.csv", "t_s,probe_c,ambient_c\n" + rows + "\n")
        #expect(await box.run(["import", cook, "--cut", "brisket"]).status == 0)
        for arguments in [["show", "1"], ["sessions"], ["export", "1"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CookcastBinary.path)
            process.arguments = arguments + ["--db", box.databasePath]
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try output.fileHandleForReading.close()  // the reader is gone before the first write
            try process.run()
            let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "\(arguments)")
            #expect(process.terminationStatus == 0, "\(arguments): \(err)")
            #expect(err.isEmpty, "\(arguments): \(err)")
        }
    }

    @Test(arguments: [(SIGHUP, Int32(129)), (SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aHangupOrTerminateClosesTheSessionAndExits128PlusTheSignal(signal: Int32, status: Int32) async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (writer, stdin) = try CookcastBinary.startLive([], database: box.databasePath)
        for i in 0..<5 {
            let bytes = SeedProbeDecoder.encodeReading(
                probeCelsius: 20 + Double(i), ambientCelsius: 110, batteryPercent: 90)
            stdin.write(Data("\(Double(i) * 0.5) \(Hex.string(from: bytes))\n".utf8))
        }
        for _ in 0..<200 {
            let store = try? SessionStore(path: box.databasePath, readOnly: true)
            if (try? store?.readings(session: 1).count) == 5 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(writer.processIdentifier, signal)
        for _ in 0..<100 where writer.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        if writer.isRunning { kill(writer.processIdentifier, SIGKILL) }
        writer.waitUntilExit()
        #expect(writer.terminationReason == .exit)
        #expect(writer.terminationStatus == status)
        try expectClosedSession(box.databasePath, readings: 5, ending: "interrupted")
    }

    /// QA (data loss): Ctrl-C during `live --stdin` dropped every line already taken out of the
    /// pipe and not yet stored (up to two thousand read ahead), and the reader went on emptying the
    /// pipe into nothing until the process ended: a feeder's lines, gone from its pipe, were in no
    /// session. Now reading stops at the interrupt and every whole line read is stored; the rest
    /// stays in the pipe.
    @Test func anInterruptStoresEveryLineReadFromStandardInput() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CookcastBinary.path)
        process.arguments = ["live", "--stdin", "--plain", "--db", box.databasePath, "--cut", "brisket"]
        var env = ProcessInfo.processInfo.environment
        env["COOKCAST_MODELS"] = SharedData.models
        process.environment = env
        // A pipe of our own, with room for the whole feed: writing it never blocks, and what the
        // process did not read can be read back from it afterwards.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[1], 1031 /* F_SETPIPE_SZ */, 1 << 20)
        // Inherited by no other test's child process (which would keep the pipe open); the
        // recorder gets its end as its standard input all the same.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        process.standardInput = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lines = (0..<30_000).map { "\($0),\(20 + Double($0 % 500) / 10),110\n" }
        let feed = Array(("t_s,probe_c,ambient_c\n" + lines.joined()).utf8)
        #expect(feed.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == feed.count)
        for _ in 0..<400 {
            let store = try? SessionStore(path: box.databasePath, readOnly: true)
            if let count = try? store?.readings(session: 1).count, count > 0 { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        close(ends[1])
        var unreadLines = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = chunk.withUnsafeMutableBytes({ read(ends[0], $0.baseAddress, $0.count) }), count > 0 {
            unreadLines += chunk[0..<count].filter { $0 == 0x0A }.count
        }
        close(ends[0])
        let linesRead = lines.count - unreadLines
        #expect(process.terminationStatus == 130)
        #expect(linesRead < lines.count, "the feed was stored whole before the interrupt: nothing tested")
        try expectClosedSession(box.databasePath, readings: linesRead, ending: "interrupted")
    }

    @Test func liveGoesOnRecordingWhenItsOutputFails() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let reference = await box.run(["live", "--simulate", "steak", "--speed", "max", "--plain"])
        #expect(reference.status == 0)
        let console = CapturingConsole()
        console.failOutput(after: 300, reason: "No space left on device")
        var env = ProcessInfo.processInfo.environment
        env["COOKCAST_DB"] = box.databasePath
        let status = await CookcastMain.run(
            ["live", "--simulate", "steak", "--speed", "max", "--plain"], environment: env, console: console)
        #expect(status == 74)
        #expect(console.standardError.components(separatedBy: "cannot write to standard output").count == 2)
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 2).count == store.readings(session: 1).count)
        #expect(try store.session(2)?.status == .finished)
    }

    @Test func exitStatusPrefersTheSignalThenTheOutputFailure() {
        #expect(CookcastMain.exitStatus(130, signal: SIGHUP, outputFailure: "Broken pipe") == 129)
        #expect(CookcastMain.exitStatus(130, signal: nil, outputFailure: nil) == 130)
        #expect(CookcastMain.exitStatus(0, signal: nil, outputFailure: "Broken pipe") == 74)
        #expect(CookcastMain.exitStatus(65, signal: nil, outputFailure: "Broken pipe") == 65)
        #expect(CookcastMain.exitStatus(0, signal: nil, outputFailure: nil) == 0)
    }
}
