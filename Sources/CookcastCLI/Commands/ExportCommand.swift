import CookcastCore
import CookcastStore
import Foundation

/// `cookcast export ID --format csv|json`: a session in the canonical CSV or cookcast's JSON.
struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "write a session as canonical CSV or JSON"
    static let usage = "cookcast export SESSION [--format csv|json] [--channel N] [-o FILE]"
    static let help = """
        csv:  header `t_s,probe_c,ambient_c` (seconds since start, Celsius, empty = no value), plus
              `channel` when the session has several channels and `battery_pct` when the probe
              reported a battery level. A pit/oven channel (role ambient) has its values in
              ambient_c and probe_c empty, which is how `cookcast import` recognises it.
              `cookcast import` reads the file back into identical readings.
        json: the whole cook (session, channels, readings, events, vendor series) as one JSON document.
        Writes to standard output unless -o/--output FILE is given.
        """
    static let options = OptionSpec(valued: ["format", "channel", "output", "o"])

    let context: CommandContext
    let sessionID: Int64
    let format: String
    let channel: Int?
    let outputPath: String?

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        sessionID = try SessionArgument.single(arguments.positionals)
        format = arguments.value("format") ?? "csv"
        guard ["csv", "json"].contains(format) else {
            throw .usage("option '--format' must be csv or json, got '\(format)'")
        }
        channel = try arguments.int("channel", in: 1...64)
        outputPath = arguments.value("output") ?? arguments.value("o")
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        let store = try context.openStore(readOnly: true)
        let fetched: RecordedCook?
        do { fetched = try store.cook(sessionID) } catch { throw .io("\(error)") }
        guard var cook = fetched else { throw .data("no session \(sessionID) in \(context.databasePath)") }
        if let channel {
            guard
                cook.channels.contains(where: { $0.channel == channel })
                    || cook.readings.contains(where: { $0.channel == channel })
            else {
                let known = Set(cook.channels.map(\.channel) + cook.readings.map(\.channel)).sorted()
                throw .data(
                    "session \(sessionID) has no channel \(channel) (channels: \(known.map(String.init).joined(separator: ", ")))"
                )
            }
            cook.readings = cook.readings.filter { $0.channel == channel }
            cook.channels = cook.channels.filter { $0.channel == channel }
        }
        let text = format == "csv" ? CanonicalCSV.render(cook.readings) : try json(cook)
        if let outputPath {
            try OutputFile.write(Data(text.utf8), to: outputPath)
        } else {
            context.console.write(text)
        }
        return ExitCode.success
    }

    private func json(_ cook: RecordedCook) throws(CLIError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do { return String(decoding: try encoder.encode(cook), as: UTF8.self) + "\n" } catch {
            throw CLIError("cannot encode session \(sessionID): \(error)", exitCode: ExitCode.software)
        }
    }
}
