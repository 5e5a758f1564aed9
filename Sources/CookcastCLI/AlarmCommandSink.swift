import CookcastCore
import CookcastEngine
import Foundation

/// `live --on-alarm CMD`: runs `/bin/sh -c CMD` for every alarm (a phone push, a buzzer), with
/// `COOKCAST_ALARM` (kind), `COOKCAST_MESSAGE`, `COOKCAST_SESSION` and `COOKCAST_PROBE_C` in its
/// environment. The command runs in the background; its failure is reported, never fatal.
final class AlarmCommandSink: LiveSink {
    private let command: String
    private let console: any Console

    init(command: String, console: any Console) {
        self.command = command
        self.console = console
    }

    func handle(_ event: LiveEvent, status: LiveStatus) {
        guard case .alarm(let alarm) = event else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var env = ProcessInfo.processInfo.environment
        env["COOKCAST_ALARM"] = alarm.kind.rawValue
        env["COOKCAST_MESSAGE"] = alarm.message
        env["COOKCAST_SESSION"] = String(status.sessionID)
        env["COOKCAST_PROBE_C"] = status.probeCelsius[alarm.channel ?? 1].map { "\($0)" } ?? ""
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
