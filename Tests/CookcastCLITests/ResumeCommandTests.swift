import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// What `live --resume` refuses and what it continues.
@Suite(.serialized) struct ResumeCommandTests {
    @Test func aSimulationOrAReplayIsNotResumed() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,110\n1,20.1,110\n")
        let simulated = await box.run(["live", "--simulate", "turkey", "--speed", "max", "--json", "--resume", "1"])
        let replayed = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--resume", "1"])
        for run in [simulated, replayed] {
            #expect(run.status == 64)
            let lines = run.err.split(separator: "\n")
            #expect(lines.count == 1, "one line, no usage: \(run.err)")
            #expect(run.err.contains("cannot resume session 1") && run.err.contains("without --resume"))
        }
        // Nothing was opened or written.
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
    }

    /// QA: a killed `--simulate` run (still active) resumed with `--stdin` took the feeder's
    /// readings into the simulated cook. A played cook is not resumed by any source.
    @Test func aPlayedCookIsNotResumedFromStdinEither() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        for source in ["simulate:turkey", "replay:cook.csv", "sample:brisket"] {
            let store = try SessionStore(path: box.databasePath)
            let id = try store.createSession(
                SessionInfo(
                    startedAtUnixMs: UTCTime.nowUnixMs() - 60_000, cut: "turkey", source: source, status: .active),
                channels: [ChannelInfo(channel: 1, name: "probe", role: .meat)])
            try store.append(Reading(elapsedSeconds: 0, probeCelsius: 20, ambientCelsius: 110), session: id)
            let run = await box.run(["live", "--stdin", "--json", "--resume", String(id)])
            #expect(run.status == 64, "\(source): \(run.err)")
            #expect(run.err.contains("cannot resume session \(id): it was played from \(source)"), "\(run.err)")
            #expect(try store.readings(session: id).count == 1)
        }
    }

    /// Session 1: a turkey to 74 C recorded from stdin, killed (still active) at 20 s.
    func interruptedTurkey(in box: Sandbox) throws {
        _ = try storeInterruptedStdinSession(
            in: box, cut: "turkey", targetCelsius: 74, startedSecondsAgo: 60,
            readings: (0..<40).map { Reading(elapsedSeconds: Double($0) * 0.5, probeCelsius: 70, ambientCelsius: 110) })
    }

    @Test func aSessionBeingRecordedIsNotJoined() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (writer, stdin) = try CookcastBinary.startLive(["--cut", "steak"], database: box.databasePath)
        defer { if writer.isRunning { kill(writer.processIdentifier, SIGKILL) } }
        stdin.write(Data(packetLine(0, probe: 20).utf8))
        for _ in 0..<200 {
            let count = try? SessionStore(path: box.databasePath, readOnly: true).readings(session: 1).count
            if count == 1 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let joined = await box.run(["live", "--stdin", "--json", "--resume", "1"])
        #expect(joined.status == 64)
        #expect(joined.err.contains("another cookcast live is recording it right now"))
        #expect(joined.err.split(separator: "\n").count == 1)
        // The recorder is untouched; once it is killed, the session can be resumed.
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.events(session: 1).filter { $0.kind == .resumed }.isEmpty)
        let (status, _) = try resume([], lines: [packetLine(0, probe: 21)], in: box)
        #expect(status == 0)
        #expect(try store.readings(session: 1).count == 2)
    }

    @Test func anImportedSessionIsNotResumed() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,110\n60,21,110\n")
        #expect(await box.run(["import", file, "--cut", "chicken"]).status == 0)
        let resumed = await box.run(["live", "--stdin", "--json", "--resume", "1"])
        #expect(resumed.status == 64)
        #expect(resumed.err.contains("it was imported"))
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.session(1)?.status == .imported)
        #expect(try store.readings(session: 1).count == 2)
    }

    @Test func aResumedSessionKeepsItsCutAndTargetUnlessGiven() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        try interruptedTurkey(in: box)
        // No --cut, no --target: the session's turkey and 74 C hold (75 C is over the target; a
        // jump from the stored 70 C to 80 C within seconds would be a probe pulled out).
        let over = [packetLine(0, probe: 75), packetLine(1, probe: 75), packetLine(2, probe: 75)]
        let (status, errors) = try resume([], lines: over, in: box)
        #expect(status == 0)
        #expect(!errors.contains("no ETA"))
        var store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.session(1)?.targetCelsius == 74)
        #expect(try store.session(1)?.cut == "turkey")
        // Stored with its temperature, in Celsius (it said "probe 1 reached the target").
        #expect(
            try store.events(session: 1).contains {
                $0.kind == .alarm && $0.detail == "target_reached: probe 1 reached 74.0 C"
            })

        // A different target is taken, stored, and said.
        let (status2, errors2) = try resume(["--target", "95"], lines: [packetLine(0, probe: 81)], in: box)
        #expect(status2 == 0)
        #expect(errors2.contains("note: session 1 was turkey, target 74.0 C; now turkey, target 95.0 C"))
        store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.session(1)?.targetCelsius == 95)
        #expect(try store.session(1)?.cut == "turkey")
    }

    /// QA: `live --stdin --resume 1 --name X` kept the session's old name (or none) and said
    /// nothing: `--name` was taken for new sessions only.
    @Test func aResumedSessionTakesANewNameAndSaysSo() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        try interruptedTurkey(in: box)
        let (status, errors) = try resume(["--name", "Sunday bird"], lines: [packetLine(0, probe: 71)], in: box)
        #expect(status == 0, "\(errors)")
        #expect(errors.contains("note: session 1 was unnamed; now named 'Sunday bird', as given"), "\(errors)")
        var store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.session(1)?.name == "Sunday bird")
        // The same name again is no change, and says nothing; without --name the name stays.
        let (_, same) = try resume(["--name", "Sunday bird"], lines: [packetLine(0, probe: 72)], in: box)
        #expect(!same.contains("named"), "\(same)")
        _ = try resume([], lines: [packetLine(0, probe: 72.5)], in: box)
        store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.session(1)?.name == "Sunday bird")
    }
}

/// QA: a cook fed on stdin at its own times (9000 s of cook time, seven wall seconds after the
/// session started) was resumed at 7 s: `resumed` and `connected` were stored at t=6996 ms and
/// `show` listed "[00:00:07] resumed" before the 02:12:30 alarm.
@Suite(.serialized) struct ResumeClockTests {
    @Test func aResumedSessionContinuesOnItsOwnClock() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try interruptedBrisket(in: box)
        let said = try resumeFeeding("0,66,120\n1,66.1,120\n", in: box)
        #expect(said.contains("stdin times start again at 0.0 s"), "\(said)")
        let events = try store.events(session: 1)
        let resumed = try #require(events.first { $0.kind == .resumed })
        let connected = try #require(events.last { $0.kind == .connected })
        #expect(abs(resumed.elapsedSeconds - 9000) < 0.01, "resumed at \(resumed.elapsedSeconds) s")
        #expect(abs(connected.elapsedSeconds - resumed.elapsedSeconds) < 0.01)
        let readings = try store.readings(session: 1)
        #expect(readings.count == 93, "the first new reading is no duplicate of the last stored one")
        #expect(readings.map(\.elapsedSeconds).max().map { abs($0 - 9001) < 0.01 } == true)
    }

    /// Session 1: a brisket fed on stdin, readings every 100 s up to 9000 s, killed.
    func interruptedBrisket(in box: Sandbox) throws -> SessionStore {
        try storeInterruptedStdinSession(
            in: box, cut: "brisket", targetCelsius: 95, startedSecondsAgo: 7,
            readings: (0...90).map {
                Reading(elapsedSeconds: Double($0) * 100, probeCelsius: 20 + Double($0) / 2, ambientCelsius: 120)
            })
    }

    /// Feeds `text` to `live --stdin --resume 1`; returns its standard error.
    func resumeFeeding(_ text: String, in box: Sandbox) throws -> String {
        let (status, said) = try CookcastBinary.live(["--resume", "1"], feeding: text, database: box.databasePath)
        #expect(status == 0, "\(said)")
        return said
    }

    /// QA: a feeder writing the cook's own times, restarted with cookcast, had the resume point
    /// added to them: 9100 s of cook time was stored at 18,100 s.
    @Test func aFeederContinuingTheSessionsClockKeepsItsTimes() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try interruptedBrisket(in: box)
        let said = try resumeFeeding("9100,65.5,120\n9200,66,120\n", in: box)
        #expect(said.contains("stdin times continue the session's clock"), "\(said)")
        let times = try store.readings(session: 1).map(\.elapsedSeconds)
        #expect(times.count == 93 && times.suffix(2) == [9100, 9200], "\(times.suffix(3))")
    }

    /// QA: a whole log sent again (`tail -n +1 -f cook.csv | cookcast live --stdin --resume 1`)
    /// was stored a second time after the first, from the resume point on.
    @Test func aResentLogIsNotStoredTwice() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try interruptedBrisket(in: box)
        var log = "t_s,probe_c,ambient_c\n"
        for i in 0...92 { log += "\(i * 100),\(20 + Double(i) / 2),120\n" }
        let said = try resumeFeeding(log, in: box)
        #expect(said.contains("stdin sends again readings the session has"), "\(said)")
        let times = try store.readings(session: 1).map(\.elapsedSeconds)
        #expect(times == (0...92).map { Double($0) * 100 })
    }

    @Test func theResumeTimeIsTheLatestOfTheWallClockTheLastReadingAndTheLastEvent() {
        let start: Int64 = 1_000_000
        func resume(_ last: Double?, event: Double? = nil, wallMs: Int64) -> Double {
            LiveCommand.resumeSeconds(
                lastReadingSeconds: last, lastEventSeconds: event, startedAtUnixMs: start, nowUnixMs: start + wallMs)
        }
        #expect(abs(resume(9000, wallMs: 6996) - 9000.001) < 1e-9)  // stdin at its own times
        #expect(abs(resume(20, wallMs: 60_000) - 60) < 1e-9)  // stamped on arrival: the wall clock
        #expect(abs(resume(nil, wallMs: 5_000) - 5) < 1e-9)
        #expect(abs(resume(100, event: 106.021, wallMs: 60_000) - 106.021) < 1e-9)  // stopped in a silence
    }
}

/// Session 1 of `box`'s database: recorded from stdin, started `startedSecondsAgo` ago, killed
/// (still active) after storing `readings`.
func storeInterruptedStdinSession(
    in box: Sandbox, cut: String, targetCelsius: Double, startedSecondsAgo: Int64, readings: [Reading],
    channels: [ChannelInfo] = [ChannelInfo(channel: 1, name: "probe", role: .meat)]
) throws -> SessionStore {
    let store = try SessionStore(path: box.databasePath)
    let id = try store.createSession(
        SessionInfo(
            startedAtUnixMs: UTCTime.nowUnixMs() - startedSecondsAgo * 1000, cut: cut, targetCelsius: targetCelsius,
            source: "stdin", status: .active),
        channels: channels)
    for reading in readings { try store.append(reading, session: id) }
    return store
}

/// A seed-probe packet line for `live --stdin`: `t HEX`, the probe at `probe` C in a 110 C pit.
func packetLine(_ t: Double, probe: Double) -> String {
    let bytes = SeedProbeDecoder.encodeReading(probeCelsius: probe, ambientCelsius: 110, batteryPercent: 90)
    return "\(t) \(Hex.string(from: bytes))\n"
}

/// Runs `live --stdin --resume 1` plus `extra` as a process fed `lines`; returns its status and
/// standard error.
func resume(_ extra: [String], lines: [String], in box: Sandbox) throws -> (Int32, String) {
    try CookcastBinary.live(["--resume", "1"] + extra, feeding: lines.joined(), database: box.databasePath)
}
