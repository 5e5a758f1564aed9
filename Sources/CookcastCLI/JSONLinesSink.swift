import CookcastCore
import CookcastEngine

/// `live --json`: one JSON object per line per event, for scripts and home automation.
///
/// Reading lines: `{"type":"reading","t_s":12.5,"channel":1,"probe_c":24.5,"ambient_c":25.1,
/// "battery_pct":86.7,"eta_s":...,"eta_lo_s":...,"eta_hi_s":...,"phase":"predicting"}`, the
/// ETA of the line's own probe (`no_target` and null for one without a target; a line of the
/// pit's air alone the session's, the slowest probe's); with several meat probes also each
/// probe's, `"probes":[{"channel":1,"eta_hi_s":...,"eta_lo_s":...,"eta_s":...,"phase":"done",
/// "target_c":74},...]` (`target_c`: the probe's own target, else the session's). Other
/// types: `connection`, `decode_error`, `alarm`, `summary`, and `battery` for a battery level that
/// came without a reading (`{"type":"battery","t_s":600.5,"channel":0,"battery_pct":12.2}`: an
/// iBBQ's reply, channel 0 the thermometer's; without it `--json` never said an iBBQ's battery). Temperatures are Celsius, times
/// seconds since start; an alarm's `message` is the words on the screen, in `--unit` (a target
/// given as 200 F is "reached 200.0 F" there, as it is in the live view and `show`).
///
/// Phases are identifiers, as `predict --format json` gives them (`collecting_data`, `probe_out`,
/// `lost`): the lines said the live view's words, `collecting data`, and a script reading both
/// had to map one onto the other. The summary's `ending` is one too (`source_ended`,
/// `interrupted`), where it gave the `--plain` closing line's words, `source ended`.
final class JSONLinesSink: LiveSink {
    /// The identifier of a phase as the live view shows it (`probe out` -> `probe_out`).
    static func phaseIdentifier(_ shown: String) -> String {
        shown.contains(" ") ? String(shown.map { $0 == " " ? "_" : $0 }) : shown
    }

    private let console: any Console
    private let sessionID: Int64
    private let unit: TemperatureUnit
    /// The link's changes as said, an outage's repeats collapsed.
    private var linkNews = LinkNews()

    init(console: any Console, sessionID: Int64, unit: TemperatureUnit = .celsius) {
        self.console = console
        self.sessionID = sessionID
        self.unit = unit
    }

    func handle(_ event: LiveEvent, status: LiveStatus) {
        var fields: [String: JSONLine.Value] = ["session": .integer(sessionID)]
        switch event {
        case .reading(let r):
            fields["type"] = .string("reading")
            fields["t_s"] = .number(r.elapsedSeconds)
            fields["channel"] = .integer(Int64(r.channel))
            fields["probe_c"] = .number(r.probeCelsius)
            fields["ambient_c"] = .number(r.ambientCelsius)
            fields["battery_pct"] = .number(r.batteryPercent)
            // Its own probe's: of two probes, probe 2's readings carried probe 1's ETA, the
            // session's, and with a target for probe 1 alone nothing said probe 2 had none.
            let eta = status.probeETAs.first { $0.channel == r.channel } ?? status.eta
            fields["phase"] = .string(Self.phaseIdentifier(eta.phase))
            fields["eta_s"] = .number(eta.finishSeconds)
            fields["eta_lo_s"] = .number(eta.lowSeconds)
            fields["eta_hi_s"] = .number(eta.highSeconds)
            // Past its finish without the target: `eta_s` is now, this is when it was due.
            if let due = eta.overdueSinceSeconds { fields["eta_overdue_since_s"] = .number(due) }
            if status.probeETAs.count > 1 {
                fields["probes"] = .array(
                    status.probeETAs.map { eta in
                        var probe: [String: JSONLine.Value] = [
                            "channel": eta.channel.map { .integer(Int64($0)) } ?? .null,
                            "phase": .string(Self.phaseIdentifier(eta.phase)), "eta_s": .number(eta.finishSeconds),
                            "eta_lo_s": .number(eta.lowSeconds), "eta_hi_s": .number(eta.highSeconds),
                            "target_c": .number(
                                eta.channel.flatMap { status.channelTargetsCelsius[$0] } ?? status.targetCelsius),
                        ]
                        // A lost probe has no ETA (`eta_s` null), only the one it had.
                        if let last = eta.lastFinishSeconds { probe["last_eta_s"] = .number(last) }
                        if let due = eta.overdueSinceSeconds { probe["eta_overdue_since_s"] = .number(due) }
                        return .object(probe)
                    })
            }
        case .connection(let state, let detail):
            // An outage's repeated tries are collapsed (`LinkNews`): some 2,900 lines an hour.
            guard let item = linkNews.item(state, detail: detail, atSeconds: status.elapsedSeconds) else { return }
            fields["type"] = .string("connection")
            fields["t_s"] = .number(status.elapsedSeconds)
            fields["state"] = .string(state.rawValue)
            fields["change"] = .string(item.change)
            fields["detail"] = detail.map { .string($0) } ?? .null
            if let tries = item.failedTries { fields["failed_attempts"] = .integer(Int64(tries)) }
        case .decodeError(let error, let t):
            fields["type"] = .string("decode_error")
            fields["t_s"] = .number(t)
            fields["bytes"] = .string(error.shownHex)
            fields["length"] = .integer(Int64(error.bytes.count))
            fields["reason"] = .string(error.reason.rawValue)
        case .alarm(let alarm):
            fields["type"] = .string("alarm")
            fields["t_s"] = .number(alarm.elapsedSeconds)
            fields["alarm"] = .string(alarm.kind.rawValue)
            fields["channel"] = alarm.channel.map { .integer(Int64($0)) } ?? .null
            fields["message"] = .string(alarm.displayMessage(unit: unit))
        case .battery(let percent, let channel, let t):
            fields["type"] = .string("battery")
            fields["t_s"] = .number(t)
            fields["channel"] = .integer(Int64(channel))
            fields["battery_pct"] = .number(percent)
        }
        console.line(JSONLine.object(fields))
    }

    func finish(_ summary: LiveSummary, status: LiveStatus) {
        console.line(
            JSONLine.object([
                "type": .string("summary"), "session": .integer(summary.sessionID),
                "ending": .string(Self.phaseIdentifier(summary.ending.rawValue)),
                "readings": .integer(Int64(summary.readingsStored)),
                "duplicates": .integer(Int64(summary.duplicates)),
                "conflicts": .integer(Int64(summary.conflicts)),
                "decode_errors": .integer(Int64(summary.decodeErrors)),
                "disconnects": .integer(Int64(summary.disconnects)), "t_s": .number(summary.elapsedSeconds),
            ]))
    }
}
