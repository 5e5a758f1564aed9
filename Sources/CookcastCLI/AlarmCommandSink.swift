import CookcastCore
import CookcastEngine
import Foundation

/// `live --on-alarm CMD`: runs `/bin/sh -c CMD` for every alarm (a phone push, a buzzer), with
/// `COOKCAST_ALARM` (kind), `COOKCAST_MESSAGE` (the words on the screen, in `--unit`),
/// `COOKCAST_SESSION`, `COOKCAST_PROBE` (the channel: the alarm's, else the cook's one probe's)
/// and `COOKCAST_PROBE_C` in its environment. The command runs in the background; its failure (it cannot start, or exits
/// non-zero) is a warning on standard error, never fatal. What it prints is discarded: it went
/// into live's own output, lines of a hook's `echo` in the middle of `--json`'s objects and stale
/// copies of the dashboard's header scrolled up its screen.
final class AlarmCommandSink: LiveSink {
    private let command: String
    private let console: any Console
    private let unit: TemperatureUnit

    init(command: String, console: any Console, unit: TemperatureUnit = .celsius) {
        self.command = command
        self.console = console
        self.unit = unit
    }

    func handle(_ event: LiveEvent, status: LiveStatus) {
        guard case .alarm(let alarm) = event else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var env = ProcessInfo.processInfo.environment
        env["COOKCAST_ALARM"] = alarm.kind.rawValue
        env["COOKCAST_MESSAGE"] = alarm.displayMessage(unit: unit)
        env["COOKCAST_SESSION"] = String(status.sessionID)
        // An alarm of no one probe (the link lost, the session's ETA) is of the cook's one probe
        // when it has one: its channel and temperature (COOKCAST_PROBE was empty for those).
        let probe = alarm.channel ?? (status.probeCelsius.count == 1 ? status.probeCelsius.keys.first : nil)
        env["COOKCAST_PROBE"] = probe.map(String.init) ?? ""
        env["COOKCAST_PROBE_C"] = probe.flatMap { status.probeCelsius[$0] }.map { "\($0)" } ?? ""
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let kind = alarm.kind.rawValue
        process.terminationHandler = { [console] finished in
            guard finished.terminationReason == .exit, finished.terminationStatus != 0 else { return }
            console.errorLine("warning: --on-alarm command exited \(finished.terminationStatus) for \(kind)")
        }
        do {
            try process.run()
        } catch {
            console.errorLine("warning: --on-alarm command could not start: \(error.localizedDescription)")
        }
    }

    func finish(_ summary: LiveSummary, status: LiveStatus) {}
}
