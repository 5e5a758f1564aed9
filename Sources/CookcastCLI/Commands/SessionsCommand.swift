import CookcastCore
import CookcastStore

/// `cookcast sessions`: every stored cook, one line each.
struct SessionsCommand: Command {
    static let name = "sessions"
    static let aliases = ["history"]
    static let abstract = "list stored cooks: id, start, cut, duration, max temperature, status"
    static let usage = "cookcast sessions [--json] [--db PATH] [--unit c|f]"
    static let help = """
        Lists every session in the database, oldest first. A session that keeps readings apart
        from its curve (received at a time it stores with other values) says so on a line after
        the table; --json gives their count as set_aside.
        """
    static let options = OptionSpec(flags: ["json"])

    let context: CommandContext
    let json: Bool

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("unexpected argument '\(arguments.positionals[0])'") }
        self.context = context
        self.json = arguments.flag("json")
    }

    func run() async throws(CLIError) -> Int32 {
        let store = try context.openStore(readOnly: true)
        let summaries: [SessionSummary]
        do { summaries = try store.sessions() } catch { throw .io("\(error)") }
        let console = context.console
        if json {
            for s in summaries {
                console.line(
                    JSONLine.object([
                        "id": .integer(s.id), "started_at_ms": .integer(s.info.startedAtUnixMs),
                        "cut": s.info.cut.map { .string($0) } ?? .null,
                        "name": s.info.name.map { .string($0) } ?? .null,
                        "duration_s": .number(s.durationSeconds), "max_probe_c": .number(s.maxProbeCelsius),
                        "readings": .integer(Int64(s.readingCount)), "set_aside": .integer(Int64(s.setAsideCount)),
                        "status": .string(s.info.status.rawValue),
                        "source": .string(s.info.source),
                    ]))
            }
            return ExitCode.success
        }
        guard !summaries.isEmpty else {
            console.line("no sessions in \(context.databasePath)")
            return ExitCode.success
        }
        let table = TextTable(columns: [
            "id", "started (UTC)", "cut", "duration", "max temp", "readings", "status", "source",
        ])
        var rows: [[String]] = []
        for s in summaries {
            rows.append([
                String(s.id), UTCTime.string(unixMs: s.info.startedAtUnixMs), s.info.cut ?? "-",
                s.durationSeconds.map(DurationFormat.short) ?? "-", context.unit.format(celsius: s.maxProbeCelsius),
                String(s.readingCount), s.info.status.rawValue, s.info.source,
            ])
        }
        console.write(table.render(rows))
        // Rare, so a line after the table rather than a column that is almost always 0.
        for s in summaries where s.setAsideCount > 0 {
            console.line("session \(s.id) also keeps apart \(ShowCommand.setAsideText(s))")
        }
        return ExitCode.success
    }
}
