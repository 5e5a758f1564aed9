import CookcastCore
import CookcastEngine
import Foundation

/// `live --on-alarm CMD`: runs `/bin/sh -c CMD` for every alarm (a phone push, a buzzer), with
/// `COOKCAST_ALARM` (kind), `COOKCAST_MESSAGE` (the words on the screen, in `--unit`),
/// `COOKCAST_SESSION`, `COOKCAST_PROBE` (the channel, if any) and `COOKCAST_PROBE_C` in its
/// environment. The command runs in the background; its failure is reported, never fatal.
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
        env["COOKCAST_PROBE"] = alarm.channel.map(String.init) ?? ""
        env["COOKCAST_SESSION"] = String(status.sessionID)
        // An alarm of no one probe (the link lost) has a temperature only when there is one probe.
        let probe = alarm.channel ?? (status.probeCelsius.count == 1 ? status.probeCelsius.keys.first : nil)
        env["COOKCAST_PROBE_C"] = probe.flatMap { status.probeCelsius[$0] }.map { "\($0)" } ?? ""
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            console.errorLine("warning: --on-alarm command could not start: \(error.localizedDescription)")
        }
    }

    func finish(_ summary: LiveSummary, status: LiveStatus) {}
}
