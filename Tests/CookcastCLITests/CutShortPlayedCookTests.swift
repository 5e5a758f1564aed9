import CookcastCore
import CookcastStore
import Foundation
import Testing

/// QA (a full disk under `live --replay`): the played cook the database stopped stayed `active`,
/// and nothing resumes a played cook (it starts again from its beginning), so `sessions` listed it
/// as active for good. It is now ended where it stands, its `stopped` event saying it was cut
/// short and why; one a run left active (a disk too full for even that write, a kill) is ended so
/// by the next `live`.
@Suite struct CutShortPlayedCookTests {
    let cook = "t_s,probe_c,ambient_c\n" + (0..<20).map { "\($0),\(20 + $0),150\n" }.joined()

    @Test func aReplayTheDatabaseStoppedEndsCutShort() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        try box.refuseReadings(fromSeconds: 5)
        // Paced, so each reading is its own commit (at full speed they go in batches).
        let played = await box.run(["live", "--replay", box.write("cook.csv", cook), "--speed", "1000", "--plain"])
        #expect(played.status == 74)
        let line = played.err.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.contains("; session 1 ends there, cut short; it cannot be resumed ("), "\(line)")
        let listed = await box.run(["sessions"])
        #expect(listed.out.contains(" finished ") && !listed.out.contains(" active "), "\(listed.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let session = try #require(try store.session(1))
        // Ended at its last stored reading, 4 s in.
        #expect(session.endedAtUnixMs.map { $0 - session.startedAtUnixMs } == 4000)
        let stopped = try store.events(session: 1).filter { $0.kind == .stopped }
        #expect(stopped.count == 1)
        #expect(stopped.first?.elapsedSeconds == 4)
        #expect(
            stopped.first?.detail.hasPrefix("cut short: cannot append a reading to \(box.databasePath): disk I/O error")
                == true, "\(stopped)")
    }

    /// A session as a killed run left it: `active`, its `started` event stored, readings to 30 s.
    func leftActive(_ store: SessionStore, source: String) throws -> Int64 {
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: 1_700_000_000_000, source: source), channels: [ChannelInfo(channel: 1)])
        try store.append(SessionEvent(elapsedSeconds: 0, kind: .started, detail: source), session: id)
        for t in stride(from: 0.0, through: 30, by: 10) {
            try store.append(Reading(elapsedSeconds: t, probeCelsius: 20 + t, ambientCelsius: 150), session: id)
        }
        return id
    }

    @Test func aPlayedCookLeftActiveIsEndedByTheNextRun() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try SessionStore(path: box.databasePath)
        let replayed = try leftActive(store, source: "replay:old.csv")
        let recorded = try leftActive(store, source: "stdin")
        let playing = try leftActive(store, source: "simulate:turkey")
        // Another run is playing that one right now.
        let lock = try #require(try RecordingLock.acquire(database: box.databasePath, session: playing))
        defer { lock.release() }

        let next = await box.run(["live", "--replay", box.write("cook.csv", cook), "--speed", "max", "--plain"])
        #expect(next.status == 0, "\(next.err)")
        #expect(
            next.err.contains(
                "note: session \(replayed) (replay:old.csv) was left active by a run that stopped before its end: "
                    + "ended where it stands, cut short\n"), "\(next.err)")
        let ended = try #require(try store.session(replayed))
        #expect(ended.status == .finished)
        #expect(ended.endedAtUnixMs.map { $0 - ended.startedAtUnixMs } == 30_000)
        #expect(
            try store.events(session: replayed).contains {
                $0.kind == .stopped && $0.detail == "cut short: the run playing it stopped before its end"
            })
        // A recording is resumed with --resume; a cook being played is its run's.
        #expect(try store.session(recorded)?.status == .active)
        #expect(try store.session(playing)?.status == .active)
    }
}
