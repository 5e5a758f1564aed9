import CookcastCore
import CookcastEngine
import CookcastIngest
import Foundation

/// The live view in a terminal: link state, probe and ambient temperatures, battery, elapsed
/// time, target, ETA with its range and phase (the slowest probe's), with several meat probes a
/// line for each probe's own ETA, alarms, and a chart of probe and ambient.
///
/// On an interactive terminal it redraws in place (at most ~8 times a second of wall time);
/// otherwise it prints one status line per `lineEverySeconds` of cook time, plus events.
final class TerminalDashboard: LiveSink {
    private let console: any Console
    private let unit: TemperatureUnit
    private let startedAtUnixMs: Int64
    /// Local time's lead over UTC at a Unix time, seconds.
    private let utcOffsetSeconds: (Int64) -> Int
    private let title: String
    private let lineEverySeconds: Double
    private let showChart: Bool
    private var lastDrawWall = ContinuousClock.now
    private var drawnLines = 0
    private var nextLineAt: Double = 0
    /// A line-oriented view's status line that is due, held until the readings at its time are
    /// all in: a multi-probe packet's readings come one at a time, and the first line was printed
    /// after the first probe's alone (`probe 20.0 C  ambient --`). Printed at the first event,
    /// timer refresh or finish past its time.
    private var heldLine: LiveStatus?
    private var recentEvents: [String] = []
    /// The link's changes as said, an outage's repeats collapsed.
    private var linkNews = LinkNews()

    init(
        console: any Console, unit: TemperatureUnit, title: String, startedAtUnixMs: Int64,
        lineEverySeconds: Double = 600, showChart: Bool = true,
        utcOffsetSeconds: @escaping (Int64) -> Int = LocalTimeZone.utcOffsetSeconds(atUnixSeconds:)
    ) {
        self.console = console
        self.unit = unit
        self.title = title
        self.startedAtUnixMs = startedAtUnixMs
        self.utcOffsetSeconds = utcOffsetSeconds
        self.lineEverySeconds = lineEverySeconds
        self.showChart = showChart
    }

    func handle(_ event: LiveEvent, status: LiveStatus) {
        var note: String?
        // An alarm is shown at the time it is stored (probe lost: the last reading + the limit,
        // later than where the view stands), so the screen and `show` agree.
        var noteSeconds = status.elapsedSeconds
        switch event {
        case .reading: break
        case .connection(let state, let detail):
            if state != .ended {
                note = linkNews.item(state, detail: detail, atSeconds: status.elapsedSeconds)?.text
            }
        case .decodeError(let error, let t):
            note = "decode error: \(error.description)"
            noteSeconds = t
        case .battery: break  // shown in the status (`LiveStatus.batteryPercent`)
        case .alarm(let alarm):
            let words = alarm.displayMessage(unit: unit)
            note = "ALARM \(alarm.kind.rawValue): \(words)"
            noteSeconds = alarm.elapsedSeconds
        }
        if console.isInteractive {
            if let note {
                recentEvents.append("[\(DurationFormat.clock(noteSeconds))] \(note)")
                if recentEvents.count > 4 { recentEvents.removeFirst() }
            }
            let now = ContinuousClock.now
            if note != nil || now - lastDrawWall >= .milliseconds(120) {
                lastDrawWall = now
                redraw(status)
            }
        } else {
            printHeldLine(before: status.elapsedSeconds)
            if let note { console.line("[\(DurationFormat.clock(noteSeconds))] \(note)") }
            guard case .reading = event else { return }
            if heldLine != nil {
                heldLine = status  // another reading at its time
            } else if status.elapsedSeconds >= nextLineAt {
                nextLineAt =
                    (status.elapsedSeconds / lineEverySeconds).rounded(.down) * lineEverySeconds + lineEverySeconds
                heldLine = status
            }
        }
    }

    /// Prints the held status line if its time is before `seconds` (any time: nil).
    private func printHeldLine(before seconds: Double?) {
        guard let held = heldLine, seconds.map({ held.elapsedSeconds < $0 }) ?? true else { return }
        heldLine = nil
        console.line(statusLine(held))
    }

    /// Redraws an interactive view at the time now (at most ~8 times a second); a line-oriented
    /// one prints only on events, and the status line it holds once the time is past it.
    func refresh(_ status: LiveStatus) {
        guard console.isInteractive else { return printHeldLine(before: status.elapsedSeconds) }
        let now = ContinuousClock.now
        guard now - lastDrawWall >= .milliseconds(120) else { return }
        lastDrawWall = now
        redraw(status)
    }

    func finish(_ summary: LiveSummary, status: LiveStatus) {
        // Stopped in a silence: the last view stands at the stop, so the values' age shows.
        var status = status
        status.elapsedSeconds = max(status.elapsedSeconds, summary.elapsedSeconds)
        printHeldLine(before: nil)
        if console.isInteractive { redraw(status) } else { console.line(statusLine(status)) }
        var text =
            "session \(summary.sessionID) \(summary.ending.rawValue) after \(DurationFormat.short(summary.elapsedSeconds))"
        text += ": \(Counted.words(summary.readingsStored, "reading")) stored"
        if summary.duplicates > 0 { text += ", \(Counted.words(summary.duplicates, "duplicate")) skipped" }
        if summary.conflicts > 0 {
            text +=
                ", \(Counted.words(summary.conflicts, "reading")) at a stored time with other values set aside "
                + "(cookcast export \(summary.sessionID) --set-aside)"
        }
        if summary.decodeErrors > 0 { text += ", \(Counted.words(summary.decodeErrors, "bad packet")) logged" }
        if summary.disconnects > 0 { text += ", \(Counted.words(summary.disconnects, "disconnect"))" }
        console.line(text)
    }

    /// One line: `[01:23:45] connected  probe 54.2 C  ambient 163.0 C  battery 87 %  target 74.0 C  ETA 15:40 (in 1h 12m, 15:20-16:05) predicting`;
    /// with several meat probes the session's ETA (the slowest probe's) is followed by each
    /// probe's: `probes: 1 done, 2 ETA 15:05, 3 ETA 15:40`. A probe temperature older than a
    /// minute carries its age: `[03:12:40] searching  probe 20.2 C (3m 10s ago)  ...`.
    func statusLine(_ status: LiveStatus) -> String {
        var parts = statusParts(status)
        if status.probeETAs.count > 1 {
            parts.append("probes: " + status.probeETAs.map { compactProbeText($0, status) }.joined(separator: ", "))
        }
        return parts.joined(separator: "  ")
    }

    /// The line of one probe of several on the screen: `probe 2: 61.3 C  ETA 15:05 (in 32m 10s) predicting`
    /// (past it without the target: `ETA 15:05 overdue by 8m 10s predicting`),
    /// `probe 1: 75.2 C  done at 14:12`, `probe 3: 131.0 C  probe out`, one silent past the
    /// probe-lost limit `probe 3: 21.0 C (3m 10s ago)  lost (last ETA 07:27)`, one without a target
    /// `probe 4: 22.0 C  no target`; a probe with a target of its own says it: `probe 3: 61.3 C
    /// target 93.0 C  ETA ...`.
    func probeLine(_ eta: ETASnapshot, _ status: LiveStatus) -> String {
        let channel = eta.channel ?? 0
        var head = "probe \(channel): \(unit.format(celsius: status.probeCelsius[channel]))\(age(channel, status))  "
        if let own = status.channelTargetsCelsius[channel] { head += "target \(unit.format(celsius: own))  " }
        guard let finish = eta.finishSeconds, eta.showsFinish else {
            return head + eta.phase + lastETA(eta, status)
        }
        if eta.phase == "done" { return head + "done at \(clock(finish, status))" }
        if let overdue = overdueText(eta, status) { return head + overdue + " \(eta.phase)" }
        let left = DurationFormat.short(finish - status.elapsedSeconds)
        return head + "ETA \(clock(finish, status)) (in \(left)) \(eta.phase)"
    }

    /// One probe's part of the plain status line: `2 ETA 15:05`, `1 done`, `3 probe out`,
    /// `3 lost (last ETA 07:27)`, `2 ETA 15:05 overdue` (past it without the target), with the
    /// phase after the time unless it is `predicting`.
    private func compactProbeText(_ eta: ETASnapshot, _ status: LiveStatus) -> String {
        let channel = eta.channel.map { "\($0) " } ?? ""
        guard let finish = eta.finishSeconds, eta.showsFinish, eta.phase != "done"
        else { return channel + eta.phase + lastETA(eta, status) }
        let shown = eta.overdueSinceSeconds.map { "ETA \(clock($0, status)) overdue" } ?? "ETA \(clock(finish, status))"
        return channel + shown + (eta.phase == "predicting" ? "" : " \(eta.phase)")
    }

    /// `ETA 12:40 overdue by 8m 10s` for a finish that passed without the target: when it was due
    /// and by how much it is late ("in 0s" said it was due now); nil for one not overdue.
    private func overdueText(_ eta: ETASnapshot, _ status: LiveStatus) -> String? {
        guard let due = eta.overdueSinceSeconds, let finish = eta.finishSeconds else { return nil }
        return "ETA \(clock(due, status)) overdue by \(DurationFormat.short(finish - due))"
    }

    /// ` (last ETA 07:27)` after a lost probe's phase: what it said before it fell silent, no
    /// longer its ETA (it stood on the line as if it were, and pinned the session's).
    private func lastETA(_ eta: ETASnapshot, _ status: LiveStatus) -> String {
        eta.lastFinishSeconds.map { " (last ETA \(clock($0, status)))" } ?? ""
    }

    /// Local `HH:MM` of session time `seconds`, `+1d` when on a later day than now.
    private func clock(_ seconds: Double, _ status: LiveStatus) -> String {
        DurationFormat.wallClock(
            startUnixMs: startedAtUnixMs, plusSeconds: seconds, utcOffsetSeconds: utcOffsetSeconds,
            nowSeconds: status.elapsedSeconds)
    }

    /// The pieces of the status line, which a narrow terminal gets on several lines.
    func statusParts(_ status: LiveStatus) -> [String] {
        let probes = status.probeCelsius.keys.sorted().map { ch -> String in
            let label = status.probeCelsius.count > 1 ? "probe\(ch)" : "probe"
            return "\(label) \(unit.format(celsius: status.probeCelsius[ch]))\(age(ch, status))"
        }
        var parts = ["[\(DurationFormat.clock(status.elapsedSeconds))]", Self.connectionWord(status)]
        parts.append(probes.isEmpty ? "probe --" : probes.joined(separator: "  "))  // at `probePartIndex`
        parts.append("ambient \(unit.format(celsius: status.ambientCelsius))")
        parts.append("battery " + (status.batteryPercent.map { "\(Int($0.rounded())) %" } ?? "--"))
        if let target = Self.shownTargetCelsius(status) { parts.append("target \(unit.format(celsius: target))") }
        parts.append(etaText(status))
        return parts
    }

    /// Where `statusParts` puts the probes' temperatures.
    static let probePartIndex = 2

    /// A probe temperature older than this is shown with its age, seconds.
    static let staleAfterSeconds = 60.0

    /// ` (3m 10s ago)` after a probe's temperature older than `staleAfterSeconds` (the link down
    /// for a while), else nothing: after an outage the line said "searching  probe 20.2 C" as if
    /// the probe read that now.
    private func age(_ channel: Int, _ status: LiveStatus) -> String {
        guard let readAt = status.probeReadAtSeconds[channel], status.probeCelsius[channel] != nil else { return "" }
        let age = status.elapsedSeconds - readAt
        return age > Self.staleAfterSeconds ? " (\(DurationFormat.short(age)) ago)" : ""
    }

    /// The target beside the session's ETA: the one every meat probe heard that has a target
    /// cooks to (one probe with a target of its own: its own), else the session's (each probe's
    /// own is on its line). It was always the session's: "target 74.0 C" beside the ETA of a probe
    /// cooking to 80 C, and nothing beside one of two probes given `--target 1=80` alone.
    static func shownTargetCelsius(_ status: LiveStatus) -> Double? {
        let targets = status.probeCelsius.keys.compactMap { status.targetCelsius(channel: $0) }
        guard let target = targets.first, targets.allSatisfy({ $0 == target }) else { return status.targetCelsius }
        return target
    }

    private func etaText(_ status: LiveStatus) -> String {
        let eta = status.eta
        // Out of reach or out of the meat the finish is only a placeholder for callers that need a
        // number (`EstimatePhase.showsFinish`): a clock time and a countdown would say it is coming
        // (a probe pulled into room air counted down to "in 0s" beside "probe out").
        guard let finish = eta.finishSeconds, eta.showsFinish else {
            let words = TemperatureText.converting(eta.message, to: unit)
            return "ETA: \(eta.showsFinish ? "" : "\(eta.phase): ")\(words)" + lastETA(eta, status)
        }
        func clock(_ seconds: Double) -> String { self.clock(seconds, status) }
        if eta.phase.hasPrefix("done") {
            // The estimator says how: the probe reached the target, or a bath holding the target
            // brought the meat within a fraction of a degree of it.
            let how = AlarmEngine.doneReason(TemperatureText.converting(eta.message, to: unit)) ?? "target reached"
            return "done at \(clock(finish)) (\(DurationFormat.clock(finish)) into the cook): \(how)"
        }
        if let overdue = overdueText(eta, status) {
            // And how late the range still allows.
            let latest = eta.highSeconds.map { ", by \(clock($0)) at the latest" } ?? ""
            return overdue + latest + " \(eta.phase)"
        }
        var text = "ETA \(clock(finish)) (in \(DurationFormat.short(finish - status.elapsedSeconds))"
        if let lo = eta.lowSeconds, let hi = eta.highSeconds { text += ", " + Self.range(clock(lo), clock(hi)) }
        return text + ") \(eta.phase)"
    }

    /// A range of two wall-clock times: a day suffix both share is said once, after the second
    /// ("01:30-02:25+1d"; "01:30+1d-02:25+1d" was hard to read), one only the second has stays
    /// on it ("22:25-00:39+1d").
    static func range(_ low: String, _ high: String) -> String {
        guard let plus = low.firstIndex(of: "+"), high.hasSuffix(low[plus...]) else { return low + "-" + high }
        return String(low[..<plus]) + "-" + high
    }

    /// The link's state for the status line: "not connected" while no link has been up yet (a
    /// failed first try said "disconnected", as if a link had dropped), else its state.
    static func connectionWord(_ status: LiveStatus) -> String {
        status.connection == .disconnected && !status.hasConnected ? "not connected" : status.connection.label
    }

    /// Terminal width assumed when the console cannot tell.
    static let defaultColumns = 80

    /// The screen for `status`, every line at most `columns` characters: a line the terminal
    /// wrapped would leave the cursor-up redraw short by a line and stale fragments behind.
    ///
    /// With `rows` known the screen is at most `rows - 1` lines (the cursor ends on the line
    /// under it): a screen taller than the terminal scrolled at every redraw, the cursor-up
    /// stopped at the top, and a 10-row terminal showed only the chart's foot and the events,
    /// never the ETA. What gives way first: the chart (shorter, then none), the counters, the
    /// older events, the per-probe lines, the title; the status line and ETA stay.
    func screen(_ status: LiveStatus, columns: Int, rows: Int? = nil) -> [String] {
        let width = max(columns, 20)
        var budget = rows.map { max(1, $0 - 1) } ?? .max
        func take(_ lines: [String]) -> [String] {
            let kept = Array(lines.prefix(max(0, budget)))
            budget -= kept.count
            return kept
        }
        var parts = statusParts(status)
        if TerminalLayout.wrap(parts, width: width).count > budget, let eta = parts.popLast() {
            // Too few rows for the whole status: the time, the probe's temperature and the ETA
            // first, what is cut is the rest (the link's state, the air, the battery). The ETA
            // alone went first, and at 20 x 6 the probe's temperature was cut before it.
            let probe = parts.remove(at: Self.probePartIndex)
            parts.insert(contentsOf: [probe, eta], at: 1)
        }
        let statusLines = take(TerminalLayout.wrap(parts, width: width))
        let title = TerminalLayout.wrap(["cookcast live: \(title)", "session \(status.sessionID)"], width: width)
        let titleLines = budget >= title.count ? take(title) : []
        let probeLines =
            status.probeETAs.count > 1
            ? take(status.probeETAs.flatMap { TerminalLayout.wrapWords(probeLine($0, status), width: width) }) : []
        // The newest events are kept, each whole (the alarm that just sounded): lines were kept
        // from the end, so a wrapped event could lose its start ("  started)" alone on a line).
        var eventLines: [String] = []
        for event in recentEvents.reversed() {
            let lines = TerminalLayout.wrapWords(event, width: width)
            // Only the newest may be cut, at its end: its time and kind come first.
            guard lines.count <= budget || eventLines.isEmpty else { break }
            eventLines.insert(contentsOf: take(lines), at: 0)
            if budget <= 0 { break }
        }
        let counters = TerminalLayout.wrap(
            [
                "readings \(status.readingCount)", "bad packets \(status.decodeErrorCount)",
                "disconnects \(status.disconnectCount)",
            ], width: width)
        let counterLines = budget >= counters.count ? take(counters) : []
        var chartLines: [String] = []
        if showChart {
            // The charted probe's target: its own, else the session's.
            let target = status.chartChannel.map { status.targetCelsius(channel: $0) } ?? status.targetCelsius
            // Shorter until it fits (its axis and legend take a line or two); under 5 rows, none.
            for height in stride(from: Self.chartRows, through: Self.minimumChartRows, by: -1) {
                let chart = AsciiChart(width: 64, height: height, unit: unit).render(
                    status.history, targetCelsius: target, maxLineWidth: width)
                if chart.count <= budget {
                    chartLines = take(chart)
                    break
                }
            }
        }
        let lines = titleLines + statusLines + probeLines + counterLines + chartLines + eventLines
        return lines.map { TerminalLayout.truncate($0, width: width) }
    }

    /// Rows of the chart's plot on a terminal tall enough.
    static let chartRows = 10
    /// Fewest rows of plot worth drawing (fewer had no temperature labels); a terminal with less room gets no chart.
    static let minimumChartRows = 5

    private func redraw(_ status: LiveStatus) {
        let lines = screen(status, columns: console.columns ?? Self.defaultColumns, rows: console.rows)
        var out = ""
        if drawnLines > 0 { out += "\u{1B}[\(drawnLines)F" }
        for line in lines { out += "\u{1B}[2K" + line + "\n" }
        // A screen shorter than the last one (a resized terminal) leaves nothing stale below.
        out += "\u{1B}[J"
        drawnLines = lines.count
        console.write(out)
    }
}
