import CookcastCore
import CookcastStore
import Foundation
import Testing

/// QA: `live --stdin < /dev/null` stored a session of no readings, which `history` then listed
/// as a cook. A run that creates a session and stores no reading in it removes it, says so in one
/// line, and exits 65 when its input ended (an empty input, as an empty file is); a session with
/// a reading, and a resumed one, are kept.
@Suite(.serialized) struct EmptyLiveSessionTests {
    func sessions(in box: Sandbox) throws -> [SessionSummary] {
        guard FileManager.default.fileExists(atPath: box.databasePath) else { return [] }
        return try SessionStore(path: box.databasePath, readOnly: true).sessions()
    }

    @Test func emptyStandardInputLeavesNoSession() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (status, err) = try CookcastBinary.live(["--cut", "steak"], feeding: "", database: box.databasePath)
        #expect(status == 65, "\(err)")
        #expect(err.hasSuffix("cookcast live: no readings from standard input: session 1 not kept\n"), "\(err)")
        #expect(try sessions(in: box).isEmpty)
        let history = await box.run(["history"])
        #expect(history.status == 0)
        #expect(history.out.hasPrefix("no sessions"), "\(history.out)")
    }

    /// Packets none of which decode are no readings, but their stored bytes are what tells a
    /// wrong `--profile`: the session is kept, with its decode errors.
    @Test func packetsThatDoNotDecodeKeepTheirSession() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (status, err) = try CookcastBinary.live([], feeding: "0 FFFF\n1 FFFF\n", database: box.databasePath)
        #expect(status == 0, "\(err)")
        #expect(!err.contains("not kept"), "\(err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.sessions().count == 1)
        #expect(try store.events(session: 1).filter { $0.kind == .decodeError }.count == 2)
    }

    @Test func aSessionWithOneReadingIsKept() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (status, err) = try CookcastBinary.live(
            ["--cut", "steak"], feeding: "0 FFFF\n" + packetLine(1, probe: 20), database: box.databasePath)
        #expect(status == 0, "\(err)")
        #expect(!err.contains("not kept"), "\(err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.sessions().count == 1)
        #expect(try store.readings(session: 1).count == 1)
    }

    /// A resumed session is the user's: an empty input adds nothing to it and removes nothing,
    /// even when it holds no reading yet (a recorder killed before its first).
    @Test func aResumedSessionIsKeptWhateverTheInput() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try storeInterruptedStdinSession(
            in: box, cut: "steak", targetCelsius: 52, startedSecondsAgo: 60,
            readings: [Reading(elapsedSeconds: 0, probeCelsius: 20, ambientCelsius: 110)])
        let (status, err) = try resume([], lines: [], in: box)
        #expect(status == 0, "\(err)")
        #expect(try store.readings(session: 1).count == 1)
        #expect(try store.session(1)?.status == .finished)

        let emptyBox = Sandbox()
        defer { emptyBox.cleanup() }
        let empty = try storeInterruptedStdinSession(
            in: emptyBox, cut: "steak", targetCelsius: 52, startedSecondsAgo: 60, readings: [])
        let (emptyStatus, emptyErr) = try resume([], lines: [], in: emptyBox)
        #expect(emptyStatus == 0, "\(emptyErr)")
        #expect(!emptyErr.contains("not kept"), "\(emptyErr)")
        #expect(try empty.session(1) != nil)
    }

    /// Ctrl-C before any reading: the session goes too, said as a note; the exit status is the
    /// signal's, as for any interrupted recording.
    @Test func interruptedBeforeAnyReadingLeavesNoSession() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let errors = Pipe()
        let (process, input) = try CookcastBinary.startLive(
            ["--cut", "steak"], database: box.databasePath, standardError: errors)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var connected = false
        for _ in 0..<200 where !connected {
            let events = try? SessionStore(path: box.databasePath, readOnly: true).events(session: 1)
            connected = events?.contains { $0.kind == .connected } ?? false
            if !connected { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(connected)
        kill(process.processIdentifier, SIGINT)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try? input.close()
        #expect(process.terminationStatus == 130, "\(err)")
        #expect(err.hasSuffix("note: no readings received: session 1 not kept\n"), "\(err)")
        #expect(try sessions(in: box).isEmpty)
    }
}
