import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// The events of a resumed session, in the order they happened.
@Suite(.serialized) struct ResumeEventOrderTests {
    /// QA: a `--stdin` recording of cook times fed faster than they pass, interrupted 6 s after its
    /// last reading (at 100 s), stored its `stopped` event at 106.021 s (the wall clock ran on
    /// after the last reading), and `live --resume` started at 100.001 s, after the last reading:
    /// `show` listed "resumed" before the "stopped" it followed. The resumed run starts after
    /// the session's last event now; no stored reading moves.
    @Test func aResumeIsListedAfterTheStopItFollows() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try storeInterruptedStdinSession(
            in: box, cut: "turkey", targetCelsius: 74, startedSecondsAgo: 60,
            readings: (0...10).map { Reading(elapsedSeconds: Double($0) * 10, probeCelsius: 30, ambientCelsius: 110) })
        try store.append(SessionEvent(elapsedSeconds: 106.021, kind: .stopped, detail: "interrupted"), session: 1)
        let (status, err) = try resume([], lines: (11...15).map { packetLine(Double($0) * 10, probe: 31) }, in: box)
        #expect(status == 0, "\(err)")
        let show = await box.run(["show", "1"])
        let lines = show.out.split(separator: "\n").map(String.init)
        let stopped = try #require(lines.firstIndex { $0.hasSuffix("] stopped interrupted") }, "\(show.out)")
        let resumed = try #require(lines.firstIndex { $0.hasSuffix("] resumed stdin") }, "\(show.out)")
        #expect(stopped < resumed, "\(show.out)")
        let events = try store.events(session: 1)
        #expect(events.map(\.elapsedSeconds) == events.map(\.elapsedSeconds).sorted(), "\(events)")
        let readings = try store.readings(session: 1)
        #expect(readings.map(\.elapsedSeconds) == (0...15).map { Double($0) * 10 }, "\(readings)")
    }
}
