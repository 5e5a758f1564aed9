import CookcastCore
import CookcastEngine
import Foundation

/// `live --on-alarm CMD`: runs `/bin/sh -c CMD` for every alarm (a phone push, a buzzer), with
/// `COOKCAST_ALARM` (kind), `COOKCAST_MESSAGE` (the words on the screen, in `--unit`),
/// `COOKCAST_SESSION`, `COOKCAST_PROBE` (the channel: the alarm's, else the cook's one probe's)
/// and `COOKCAST_PROBE_C` in its environment. The command runs in the background; its failure (it cannot start, or exits
/// non-zero) is a warning on standard error, never fatal. What it prints is discarded: it went
/// into live's own output, lines of a hook's `echo` in the middle of `--json`'s objects and stale
/// copies of the dashboard's header scrolled up its screen. As the run ends, commands still
/// running are waited for up to `finishWaitSeconds`, so that their failure is told (a fast replay
/// or a feeder's end left before its last alarm's command failed, and nothing was said); one
/// still running then is left to finish, and said.
final class AlarmCommandSink: LiveSink {
    private let command: String
    private let console: any Console
    private let unit: TemperatureUnit
    private let finishWaitSeconds: Double
    /// The commands started and not yet finished (their termination handler has not run).
    private let running = RunningCommands()

    init(command: String, console: any Console, unit: TemperatureUnit = .celsius, finishWaitSeconds: Double = 5) {
        self.command = command
        self.console = console
        self.unit = unit
        self.finishWaitSeconds = finishWaitSeconds
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
        process.terminationHandler = { [console, running] finished in
            if let warning = Self.warning(for: finished, kind: kind) { console.errorLine(warning) }
            running.finished(finished.processIdentifier)
        }
        do {
            try running.start(process, kind: kind)
        } catch {
            console.errorLine("warning: --on-alarm command could not start: \(error.localizedDescription)")
        }
    }

    /// The warning a finished command gives: none when it exited 0.
    static func warning(for finished: Process, kind: String) -> String? {
        let status = finished.terminationStatus
        switch finished.terminationReason {
        case .exit:
            guard status != 0 else { return nil }
            // What /bin/sh says of a command it cannot run went to the discarded output.
            let why = status == 127 ? " (command not found)" : status == 126 ? " (not executable)" : ""
            return "warning: --on-alarm command exited \(status)\(why) for \(kind)"
        case .uncaughtSignal:
            return "warning: --on-alarm command was killed by signal \(status) for \(kind)"
        @unknown default:
            return nil
        }
    }

    func finish(_ summary: LiveSummary, status: LiveStatus) {
        let kinds = running.waitForAll(seconds: finishWaitSeconds)
        guard !kinds.isEmpty else { return }
        let seconds = TemperatureUnit.fixed(finishWaitSeconds, decimals: 0)
        console.errorLine(
            "note: --on-alarm command still running after \(seconds) s for \(kinds.joined(separator: ", ")): "
                + "left to finish on its own")
    }
}

/// The `--on-alarm` commands still running, by process id, with their alarm's kind.
private final class RunningCommands: @unchecked Sendable {
    private let lock = NSLock()
    private let group = DispatchGroup()
    private var kinds: [Int32: String] = [:]

    /// Runs `process`, counted as running until `finished` is called with its id; throws, not
    /// counted, when it cannot start.
    func start(_ process: Process, kind: String) throws {
        lock.lock()
        defer { lock.unlock() }
        group.enter()
        do {
            try process.run()
        } catch {
            group.leave()
            throw error
        }
        kinds[process.processIdentifier] = kind
    }

    /// Called from the command's termination handler (after `start` returned: it waits for the lock).
    func finished(_ processIdentifier: Int32) {
        lock.lock()
        kinds[processIdentifier] = nil
        lock.unlock()
        group.leave()
    }

    /// Waits up to `seconds` for every command to finish; the kinds of those still running.
    func waitForAll(seconds: Double) -> [String] {
        guard group.wait(timeout: .now() + seconds) == .timedOut else { return [] }
        lock.lock()
        defer { lock.unlock() }
        return kinds.values.sorted()
    }
}
