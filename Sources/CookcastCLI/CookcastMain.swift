import CookcastCore
import Foundation

/// The `cookcast` command line: dispatches to one subcommand and maps errors to exit codes.
///
/// ```
/// let status = await CookcastMain.run(["decode", "00000064F500FB00DD"])
/// ```
public enum CookcastMain {
    /// Every subcommand, in the order `--help` lists them.
    static var commands: [any Command.Type] {
        [
            LiveCommand.self, PredictCommand.self, FitCommand.self, SessionsCommand.self, ShowCommand.self,
            ExportCommand.self, ImportCommand.self, PlotCommand.self, DecodeCommand.self, ScanCommand.self,
        ]
    }

    /// Runs `cookcast` with the `given` arguments (without the program name); returns the exit status.
    public static func run(
        _ given: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        console: any Console = StandardConsole()
    ) async -> Int32 {
        // A closed pipe (`cookcast live --json | head`) is an EPIPE write error the console handles,
        // not a signal that kills the recorder before it closes its session. A handler that does
        // nothing rather than SIG_IGN: exec resets a handler, so `--on-alarm` commands still get
        // the default SIGPIPE (an ignored one would be inherited).
        signal(SIGPIPE) { _ in }
        let arguments: [String]
        switch movingGlobalOptions(given) {
        case .success(let moved): arguments = moved
        case .failure(let error):
            console.errorLine("cookcast: \(error.message)")
            console.writeError(overviewUsage)
            return error.exitCode
        }
        guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
            if arguments.count > 1, let command = commands.first(where: { $0.answers(to: arguments[1]) }) {
                console.write(helpText(for: command))
                return ExitCode.success
            }
            console.write(overview)
            return arguments.isEmpty ? ExitCode.usage : ExitCode.success
        }
        if name == "--version" {
            console.line("cookcast \(version)")
            return ExitCode.success
        }
        guard let command = commands.first(where: { $0.answers(to: name) }) else {
            let hint = CommandSuggestion.closest(to: name, among: commands).map { "; did you mean '\($0)'?" } ?? ""
            console.errorLine("cookcast: unknown command '\(name)'\(hint)")
            console.writeError(overviewUsage)
            return ExitCode.usage
        }
        do throws(CLIError) {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.options)
            if parsed.flag("help") {
                console.write(helpText(for: command))
                return ExitCode.success
            }
            var context = CommandContext(environment: environment, console: console)
            if let path = parsed.value("db"), path.allSatisfy(\.isWhitespace) {
                // SQLite opens "" as a private temporary database: the cook would vanish on exit.
                throw .usage("option '--db' needs a database path, got an empty one")
            }
            context.databaseOverride = parsed.value("db")
            if let unit = parsed.value("unit") {
                guard let u = TemperatureUnit(rawValue: unit.lowercased()) else {
                    throw .usage("option '--unit' must be c or f, got '\(unit)'")
                }
                context.unit = u
            }
            let instance = try command.init(arguments: parsed, context: context)
            console.describeOutputFailure(
                OutputFailureReport(
                    prefix: "cookcast \(name)",
                    note: command.keepsRunningWithoutOutput ? "; recording goes on, readings are still stored" : "",
                    isQuietWhenReaderLeaves: !command.keepsRunningWithoutOutput))
            let record = InterruptibleRun.Record()
            let result: Result<Int32, CLIError> = await InterruptibleRun.$record.withValue(record) {
                do throws(CLIError) { return .success(try await instance.run()) } catch { return .failure(error) }
            }
            return exitStatus(try result.get(), signal: record.signal, outputFailure: console.outputFailure)
        } catch {
            console.errorLine("cookcast \(name): \(error.message)")
            if error.showUsage { console.writeError("usage: \(command.usage)\n") }
            return error.exitCode
        }
    }

    /// The global options (`--db`, `--unit`) given before the command name, moved after it:
    /// `cookcast --unit f sessions` is `cookcast sessions --unit f`, as the help calls them global.
    static func movingGlobalOptions(_ arguments: [String]) -> Result<[String], CLIError> {
        var rest = arguments[...]
        var globals: [String] = []
        while let first = rest.first,
            let name = globalOptions.first(where: { first == $0 || first.hasPrefix($0 + "=") })
        {
            if first == name {
                guard rest.count >= 2, !rest[rest.startIndex + 1].hasPrefix("--") else {
                    return .failure(.usage("option '\(name)' needs a value"))
                }
                globals += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else {
                globals.append(first)
                rest = rest.dropFirst()
            }
        }
        guard !globals.isEmpty else { return .success(arguments) }
        guard let command = rest.first else {
            return .failure(.usage("global options need a command after them"))
        }
        return .success([command] + globals + rest.dropFirst())
    }

    /// Options every command accepts, before or after its name.
    static let globalOptions = ["--db", "--unit"]

    /// A run's status as the shell sees it: 128 + the signal that interrupted it (SIGINT 130,
    /// SIGTERM 143, SIGHUP 129), else 74 when standard output failed (already reported), else `status`.
    static func exitStatus(_ status: Int32, signal: Int32?, outputFailure: String?) -> Int32 {
        if status == ExitCode.interrupted, let signal { return ExitCode.signalled(signal) }
        if status == ExitCode.success, outputFailure != nil { return ExitCode.ioError }
        return status
    }

    /// The version string.
    public static let version = "0.1.0"

    static func helpText(for command: any Command.Type) -> String {
        "\(command.abstract)\n\nusage: \(command.usage)\n\n\(command.help)\n"
            + "\nglobal options:\n  --db PATH     database (default $COOKCAST_DB or $XDG_DATA_HOME/cookcast/cookcast.db)\n"
            + "  --unit c|f    temperature unit for display (storage is always Celsius)\n"
    }

    static var overviewUsage: String { "usage: cookcast <command> [options]   (cookcast --help lists commands)\n" }

    static var overview: String {
        var text = "cookcast: cooking analytics for Bluetooth meat thermometers\n\n"
        text += "usage: cookcast <command> [options]\n\ncommands:\n"
        for c in commands {
            let also = c.aliases.isEmpty ? "" : " (also: \(c.aliases.joined(separator: ", ")))"
            text += "  " + c.name.padding(toLength: 10, withPad: " ", startingAt: 0) + c.abstract + also + "\n"
        }
        text += "\nglobal options, before or after the command:\n"
        text += "  --db PATH     database (default $COOKCAST_DB or $XDG_DATA_HOME/cookcast/cookcast.db)\n"
        text += "  --unit c|f    temperature unit for display (storage is always Celsius)\n"
        text += "\n`cookcast <command> --help` for the options of a command; `cookcast --version` for the version.\n"
        return text
    }
}
