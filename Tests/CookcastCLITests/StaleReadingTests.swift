import CookcastCore
import CookcastIngest
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI
@testable import CookcastEngine

/// The events given, in order: a link that streams, drops, and is searched for.
private struct OutageSource: ReadingSource {
    typealias Element = SourceEvent
    var events: [SourceEvent]
    var label: String { "outage" }
    var decoder: (any ProbeDecoder)? { SeedProbeDecoder() }

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<SourceEvent>
        mutating func next() async -> SourceEvent? { remaining.popFirst() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: events[...]) }
}

/// QA: after a long outage the status line said "searching  probe 20.2 C ..." as if the probe
/// read that now; a temperature older than a minute now carries its age.
@Suite struct StaleReadingTests {
    /// Readings 0-10 s (probe 20.0 -> 21.0 C), the link lost at 12 s, searched for at 200 s,
    /// then `after`.
    static func outage(then after: [SourceEvent] = []) -> [SourceEvent] {
        let readings = (0...10).map { t in
            SourceEvent.reading(
                Reading(elapsedSeconds: Double(t), probeCelsius: 20 + Double(t) * 0.1, ambientCelsius: 110))
        }
        return [.connection(.connected, elapsedSeconds: 0, detail: "probe")] + readings + [
            .connection(.disconnected, elapsedSeconds: 12, detail: "link lost"),
            .connection(.searching, elapsedSeconds: 200, detail: "reconnecting in 5 s, or once the probe advertises"),
        ] + after
    }

    /// The one probe of a cook lost (the link down two minutes): the line says so and gives the
    /// ETA it had last; it said no ETA at all, the meat cooking on meanwhile.
    @Test func aLostProbeStillShowsTheETAItHadLast() async throws {
        let readings = stride(from: 0.0, through: 2400, by: 10).map { t in
            SourceEvent.reading(
                Reading(elapsedSeconds: t, probeCelsius: 110 - 105 * exp(-t / 5000), ambientCelsius: 110))
        }
        let events =
            [SourceEvent.connection(.connected, elapsedSeconds: 0, detail: "probe")] + readings + [
                .connection(.disconnected, elapsedSeconds: 2405, detail: "link lost"),
                .connection(.searching, elapsedSeconds: 2600, detail: "reconnecting"),
            ]
        let console = CapturingConsole()
        try await run(
            events, into: TerminalDashboard(console: console, unit: .celsius, title: "t", startedAtUnixMs: 0),
            eta: SessionETAProvider(targetCelsius: 74, cut: nil, priors: []))
        let last = try #require(console.standardOutput.split(separator: "\n").last { $0.contains("  battery ") })
        // The cook's one probe is "probe", not a channel nobody chose.
        let words = #"ETA: probe lost: no reading for \d+ s \(last ETA \d\d:\d\d\)$"#
        #expect(last.range(of: words, options: .regularExpression) != nil, "\(last)")
    }

    func run(_ events: [SourceEvent], into sink: any LiveSink, eta: (any ETAProvider)? = nil) async throws {
        let (pipeline, dir) = try Self.pipeline(into: sink, eta: eta)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try await pipeline.run(OutageSource(events: events))
    }

    /// A pipeline of a new one-probe session in a temporary directory (returned, for removal),
    /// into `sink`; `silenceCheckEverySeconds` makes it a real-time source's.
    static func pipeline(
        into sink: any LiveSink, eta: (any ETAProvider)? = nil, silenceCheckEverySeconds: Double? = nil
    ) throws -> (LivePipeline, directory: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-stale-\(UUID().uuidString)")
            .path
        let store = try SessionStore(path: dir + "/test.db")
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: 0, source: "outage"), channels: [ChannelInfo(channel: 1)])
        var configuration = LivePipeline.Configuration(sessionID: id)
        configuration.silenceCheckIntervalSeconds = silenceCheckEverySeconds
        return (LivePipeline(store: store, configuration: configuration, eta: eta, sinks: [sink]), dir)
    }

    @Test func thePlainLineGivesTheAgeOfAnOldReading() async throws {
        let console = CapturingConsole()
        try await run(
            Self.outage(), into: TerminalDashboard(console: console, unit: .celsius, title: "t", startedAtUnixMs: 0))
        let statusLines = console.standardOutput.split(separator: "\n").filter { $0.contains("  battery ") }
        #expect(statusLines.first?.hasPrefix("[00:00:00]  connected  probe 20.0 C  ambient") == true, "\(statusLines)")
        // The last line, at the stop: the probe read 21.0 C 190 s before.
        #expect(
            statusLines.last?.hasPrefix("[00:03:20]  searching  probe 21.0 C (3m 10s ago)  ambient 110.0 C") == true,
            "\(statusLines)")
    }

    @Test func theDashboardGivesTheAgeUntilAFreshReading() async throws {
        let terminal = FakeTerminal(columns: 100)
        let fresh = SourceEvent.reading(Reading(elapsedSeconds: 205, probeCelsius: 22, ambientCelsius: 110))
        try await run(
            Self.outage(then: [.connection(.connected, elapsedSeconds: 204, detail: "probe"), fresh]),
            into: TerminalDashboard(console: terminal, unit: .celsius, title: "t", startedAtUnixMs: 0))
        let frames = TerminalDashboardTests.frames(terminal.standardOutput).map { $0.lines.joined(separator: "\n") }
        let searching = try #require(frames.last { $0.contains("[00:03:20]  searching") })
        #expect(searching.contains("probe 21.0 C (3m 10s ago)"), "\(searching)")
        // A minute is not old: the line during the outage's first minute has no age.
        #expect(!frames.contains { $0.contains("[00:00:12]  disconnected") && $0.contains(" ago)") })
        let back = try #require(frames.last)
        #expect(back.contains("probe 22.0 C  ambient"), "\(back)")
        #expect(!back.contains(" ago)"), "\(back)")
    }
}

/// A source the test feeds by hand, open until finished, like a probe whose link stays up.
private struct StreamSource: ReadingSource {
    typealias Element = SourceEvent
    let stream: AsyncStream<SourceEvent>
    var label: String { "stream" }
    var decoder: (any ProbeDecoder)? { SeedProbeDecoder() }
    func makeAsyncIterator() -> AsyncStream<SourceEvent>.Iterator { stream.makeAsyncIterator() }
}

/// QA: in a silence (a feeder paused, a probe unplugged from a connected thermometer) the view
/// stood at the last reading's time: "[00:00:09] ... ETA: probe 1 lost" under an alarm stamped
/// [00:01:09], with the countdown and the reading's age frozen.
@Suite struct SilentViewTests {
    @Test func theInteractiveViewsClockMovesOnInASilence() async throws {
        let terminal = FakeTerminal(columns: 100)
        let (pipeline, dir) = try StaleReadingTests.pipeline(
            into: TerminalDashboard(console: terminal, unit: .celsius, title: "t", startedAtUnixMs: 0),
            silenceCheckEverySeconds: 0.05)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (stream, feed) = AsyncStream<SourceEvent>.makeStream()
        feed.yield(.connection(.connected, elapsedSeconds: 0, detail: nil))
        for i in 0..<5 {
            feed.yield(.reading(Reading(elapsedSeconds: Double(i) * 0.1, probeCelsius: 20, ambientCelsius: 110)))
        }
        let running = Task { try await pipeline.run(StreamSource(stream: stream)) }
        // Nothing more comes: a frame at a later second than the last reading's (0.4 s) must be
        // drawn by the timer alone, whichever second it is (on a loaded machine the first timer
        // redraw may come seconds later). Bounded wait, not a speed.
        var moved = false
        for _ in 0..<600 where !moved {
            try await Task.sleep(for: .milliseconds(50))
            moved = TerminalDashboardTests.frames(terminal.standardOutput).contains {
                $0.lines.contains {
                    $0.hasPrefix("[00:") && $0.contains("]  connected  probe 20.0 C") && !$0.hasPrefix("[00:00:00]")
                }
            }
        }
        feed.finish()
        _ = try await running.value
        #expect(moved, "\(TerminalDashboardTests.frames(terminal.standardOutput).last?.lines ?? [])")
    }
}
