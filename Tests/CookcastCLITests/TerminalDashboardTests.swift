import Foundation
import CookcastCore
import Testing
@testable import CookcastEngine

@testable import CookcastCLI

/// A console that says it is a terminal of `columns` columns (and `rows` rows, when given),
/// keeping what is written.
final class FakeTerminal: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    let columns: Int?
    let rows: Int?

    init(columns: Int, rows: Int? = nil) {
        self.columns = columns
        self.rows = rows
    }

    func write(_ text: String) { lock.withLock { out += text } }
    func writeError(_ text: String) {}
    var isInteractive: Bool { true }
    var standardOutput: String { lock.withLock { out } }
}

@Suite struct TerminalDashboardTests {
    /// The frames drawn: each the number of lines the cursor went up first, and the lines drawn.
    static func frames(_ output: String) -> [(movedUp: Int, lines: [String])] {
        let escape = "\u{1B}["
        var frames: [(Int, [String])] = []
        // Each frame ends by clearing below it; the session summary after the last is no frame.
        for chunk in output.components(separatedBy: escape + "J") where chunk.hasPrefix(escape) {
            var text = Substring(chunk)
            var movedUp = 0
            if text.hasPrefix(escape), let f = text.firstIndex(of: "F") {
                movedUp = Int(text[text.index(text.startIndex, offsetBy: 2)..<f]) ?? -1
                text = text[text.index(after: f)...]
            }
            let lines = text.components(separatedBy: "\n").dropLast().map {
                $0.replacingOccurrences(of: escape + "2K", with: "")
            }
            frames.append((movedUp, lines))
        }
        return frames
    }

    /// The frames of a simulated steak (seed 2, a link drop near its end) live on `terminal`.
    static func steakFrames(on terminal: FakeTerminal) async throws -> [(movedUp: Int, lines: [String])] {
        let box = Sandbox()
        defer { box.cleanup() }
        var env = ProcessInfo.processInfo.environment
        env["COOKCAST_DB"] = box.databasePath
        let status = await CookcastMain.run(
            ["live", "--simulate", "steak", "--seed", "2", "--speed", "max"], environment: env, console: terminal)
        #expect(status == 0)
        let frames = Self.frames(terminal.standardOutput)
        #expect(frames.count >= 3)
        return frames
    }

    /// A pit under the target cannot get the meat there: no clock time and no countdown (a bath
    /// at 57 C with the target at 60 C showed "ETA 23:13 (in 29m 45s)" for 30 hours).
    @Test func anUnreachableTargetShowsNoCountdown() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        var rows = "t_s,probe_c,ambient_c\n"
        for i in 0...720 {
            let t = Double(i) * 10
            rows += "\(t),\(50 - 45 * exp(-t / 2400)),50\n"
        }
        let file = box.write("under.csv", rows)
        let r = await box.run(["live", "--replay", file, "--target", "60", "--speed", "max", "--plain"])
        #expect(r.status == 0, "\(r.err)")
        let statusLines = r.out.split(separator: "\n").filter { $0.contains("target 60.0 C") }
        #expect(statusLines.count >= 5)
        let late = statusLines.suffix(3)
        #expect(late.allSatisfy { $0.contains("ETA: unreachable: ") && !$0.contains(" (in ") }, "\(late)")
    }

    @Test(arguments: [60, 40, 100])
    func everyRedrawnLineFitsANarrowTerminalAndTheRedrawMovesUpWhatWasDrawn(columns: Int) async throws {
        let frames = try await Self.steakFrames(on: FakeTerminal(columns: columns))
        for (index, frame) in frames.enumerated() {
            for line in frame.lines { #expect(line.count <= columns, "\(line.count) > \(columns): \(line)") }
            if index > 0 { #expect(frame.movedUp == frames[index - 1].lines.count) }
        }
        // The chart is drawn, narrowed to the width, with its legend.
        let last = try #require(frames.last)
        #expect(last.lines.contains { $0.contains(" |") && $0.contains("*") })
        #expect(last.lines.contains { $0.contains("* probe  . ambient  - target") })
        #expect(last.lines.contains { $0.contains("done at") })
    }

    /// A screen taller than the terminal scrolled at every redraw (the cursor-up stops at the
    /// top): a 10-row terminal showed the chart's foot and the events, never the ETA.
    @Test(arguments: [(20, 5), (40, 10), (80, 16), (60, 24)])
    func everyFrameFitsTheTerminalsHeightAndKeepsTheETA(columns: Int, rows: Int) async throws {
        let frames = try await Self.steakFrames(on: FakeTerminal(columns: columns, rows: rows))
        for (index, frame) in frames.enumerated() {
            #expect(frame.lines.count <= rows - 1, "\(frame.lines.count) lines on \(rows) rows: \(frame.lines)")
            #expect(frame.lines.contains { $0.contains("ETA") || $0.contains("done at") }, "\(frame.lines)")
            if index > 0 { #expect(frame.movedUp == frames[index - 1].lines.count) }
        }
        let last = try #require(frames.last)
        // The newest event (this simulation's last: the link back after a drop) is on the screen
        // when there is room beside the status.
        if rows >= 10 { #expect(last.lines.contains { $0.contains("link connected (reconnected)") }, "\(last.lines)") }
        // A terminal with room for it gets the chart, shortened.
        if rows >= 24 { #expect(last.lines.contains { $0.contains(" |") && $0.contains("*") }, "\(last.lines)") }
    }

    /// QA: squeezed, the status kept the time and the ETA but cut the probe's temperature, the
    /// one reading a cook glances at: at 20 x 6 the screen held the link's state instead.
    @Test(arguments: [(20, 6), (20, 5), (30, 5)])
    func aSqueezedScreenKeepsTheProbesTemperatureBesideTheETA(columns: Int, rows: Int) async throws {
        let frames = try await Self.steakFrames(on: FakeTerminal(columns: columns, rows: rows))
        let temperature = try Regex("probe -?[0-9]+\\.[0-9] C")
        let heard = frames.dropFirst()
        #expect(!heard.isEmpty)
        for frame in heard {
            #expect(frame.lines.contains { $0.contains(temperature) }, "\(frame.lines)")
            #expect(frame.lines.contains { $0.contains("ETA") || $0.contains("done at") }, "\(frame.lines)")
        }
    }

    @Test func wrapKeepsPartsWholeAndTruncatesOnlyWhatCannotFit() {
        #expect(TerminalLayout.wrap(["aaaa", "bbbb", "cccc"], width: 10) == ["aaaa  bbbb", "cccc"])
        #expect(TerminalLayout.wrap(["aaaaaaaaaaaaaa"], width: 10) == ["aaaaaaaaa\u{2026}"])
        let wrapped = TerminalLayout.wrap(["x", "done at 18:45: the probe reached 52.0 C"], width: 16)
        #expect(wrapped == ["x", "done at 18:45:", "  the probe", "  reached 52.0 C"])
        #expect(TerminalLayout.truncate("short", width: 10) == "short")
    }
}

/// QA: the probe-lost alarm was shown at [00:00:14] (the last reading's time, where the view
/// stood) but stored at 74 s (the last reading + the 60 s limit): the screen and `show` disagreed.
@Suite struct AlarmTimeOnScreenTests {
    @Test func theScreenShowsAnAlarmAtTheTimeItIsStored() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let early = (0...14).map { "\($0),40,150" }
        let late = (85...90).map { "\($0),40,150" }
        let file = box.write("gap.csv", "t_s,probe_c,ambient_c\n" + (early + late).joined(separator: "\n") + "\n")
        let live = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--cut", "brisket"])
        #expect(live.status == 0, "\(live.err)")
        let onScreen = live.out.split(separator: "\n").first { $0.contains("ALARM probe_lost") }
        #expect(onScreen?.hasPrefix("[00:01:14] ") == true, "\(onScreen ?? "none")")
        let shown = await box.run(["show", "1"])
        #expect(shown.out.contains("[00:01:14] alarm"), "\(shown.out)")
    }
}

/// The words of a live run's last line.
@Suite struct LiveSummaryWordsTests {
    /// It said "1 bad packets logged".
    @Test func oneOfAThingIsSaidInTheSingular() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let log = box.write("one-bad.hex", "0 00000064F500FB00DD\n1 0102\n2 00000064F500FB00DD\n")
        let r = await box.run(["live", "--replay", log, "--speed", "max", "--plain"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains(": 2 readings stored, 1 bad packet logged\n"), "\(r.out)")
    }
}

/// A finish passed without the target says when it was due and how late it is: the line said
/// "ETA 12:48 (in 0s, 12:48-12:56)", due now, eight minutes after it was due.
@Suite struct OverdueDisplayTests {
    static func status(probes: [Int: Double]) -> LiveStatus {
        var eta = ETASnapshot(
            phase: "predicting", finishSeconds: 3000, lowSeconds: 3000, highSeconds: 3480,
            message: "due 8 min ago: waiting for the probe to reach 74.0 C", isConfident: true)
        eta.overdueSinceSeconds = 2520
        eta.channel = 1
        var status = LiveStatus(
            sessionID: 1, elapsedSeconds: 3000, connection: .connected, probeCelsius: probes, ambientCelsius: 160,
            batteryPercent: nil, targetCelsius: 74, eta: eta, readingCount: 300, decodeErrorCount: 0,
            duplicateCount: 0, disconnectCount: 0, history: [])
        var other = ETASnapshot(
            phase: "predicting", finishSeconds: 4000, lowSeconds: 3800, highSeconds: 4300, message: "",
            isConfident: true)
        other.channel = 2
        status.probeETAs = probes.count > 1 ? [eta, other] : []
        return status
    }

    @Test func anOverdueFinishSaysWhenItWasDueAndHowLateItIs() {
        let dashboard = TerminalDashboard(
            console: FakeTerminal(columns: 200), unit: .celsius, title: "t", startedAtUnixMs: 0)
        let line = dashboard.statusLine(Self.status(probes: [1: 73.6]))
        #expect(line.hasSuffix("ETA 00:42 overdue by 8m 00s, by 00:58 at the latest predicting"), "\(line)")
        #expect(!line.contains("in 0s"))
        let two = Self.status(probes: [1: 73.6, 2: 60])
        #expect(dashboard.probeLine(two.probeETAs[0], two).hasSuffix("ETA 00:42 overdue by 8m 00s predicting"))
        #expect(
            dashboard.statusLine(two).hasSuffix("probes: 1 ETA 00:42 overdue, 2 ETA 01:06"),
            "\(dashboard.statusLine(two))")
    }
}

/// On a small terminal the newest events are kept whole: lines were kept from the end, so a
/// wrapped event lost its start ("  started)" alone on a line, at 40 columns by 10 rows).
@Suite struct WrappedEventTests {
    @Test func aWrappedEventIsShownFromItsStart() throws {
        let terminal = FakeTerminal(columns: 40, rows: 10)
        let dashboard = TerminalDashboard(
            console: terminal, unit: .celsius, title: "sample:brisket", startedAtUnixMs: 0)
        let status = OverdueDisplayTests.status(probes: [1: 60])
        dashboard.handle(.connection(.connected, detail: "replay started"), status: status)
        dashboard.handle(
            .alarm(Alarm(kind: .probeLost, channel: nil, elapsedSeconds: 6697, message: "no reading for 208 s")),
            status: status)
        let screen = dashboard.screen(status, columns: 40, rows: 10)
        #expect(screen.count <= 9)
        // The newest event from its first line (its time and kind), the lines after it its own.
        let alarm = try #require(screen.firstIndex { $0.hasPrefix("[01:51:37] ALARM probe_lost") }, "\(screen)")
        #expect(screen[(alarm + 1)...].allSatisfy { $0.hasPrefix("  ") }, "\(screen)")
        // The older event whole or not at all.
        let cut = screen.contains { $0.hasSuffix("started)") } && !screen.contains { $0.hasPrefix("[00:50:00] link") }
        #expect(!cut, "\(screen)")
    }
}

/// The status line's link word: a try that failed before any link is "not connected", not
/// "disconnected" (QA: the header said "disconnected" with the adapter off at the start).
@Suite struct ConnectionWordTests {
    @Test func aFailureBeforeAnyLinkIsNotConnected() {
        var status = OverdueDisplayTests.status(probes: [:])
        status.connection = .disconnected
        #expect(TerminalDashboard.connectionWord(status) == "not connected")
        status.hasConnected = true
        #expect(TerminalDashboard.connectionWord(status) == "disconnected")
        status.connection = .connected
        #expect(TerminalDashboard.connectionWord(status) == "connected")
    }
}
