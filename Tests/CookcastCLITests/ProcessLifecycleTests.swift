import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// The `cookcast` process itself: a broken standard output never crashes it.
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
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, err)
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

    @Test func exitStatusIs74WhenOutputFailedOnly() {
        #expect(CookcastMain.exitStatus(0, outputFailure: "Broken pipe") == 74)
        #expect(CookcastMain.exitStatus(65, outputFailure: "Broken pipe") == 65)
        #expect(CookcastMain.exitStatus(0, outputFailure: nil) == 0)
    }
}
