import CookcastCore
import CookcastFit
import CookcastStore
import Foundation

/// `cookcast plot ID -o FILE.svg`: a chart of a stored cook.
struct PlotCommand: Command {
    static let name = "plot"
    static let abstract = "draw a session as an SVG chart (probe, ambient, target, ETA)"
    static let usage = "cookcast plot SESSION -o|--output FILE.svg [--unit c|f]"
    static let help = """
        Writes an SVG with every probe channel and the ambient against time (a gap where the
        readings stopped long enough to call the probe lost), the target line,
        disconnects/alarms as markers and each probe's last predicted finish with its 80 %
        interval (none for a probe whose last estimate has none: out of reach, out of the meat).
        -o - writes the SVG to standard output. A session without readings is an error (exit 65),
        no file written.
        """
    static let options = OptionSpec(valued: ["o", "output"])

    let context: CommandContext
    let sessionID: Int64
    let outputPath: String

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        sessionID = try SessionArgument.single(arguments.positionals)
        guard let out = arguments.value("o") ?? arguments.value("output") else { throw .usage("missing -o FILE.svg") }
        outputPath = out
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        let store = try context.openStore(readOnly: true)
        let svg: String
        do {
            guard let cook = try store.cook(sessionID) else {
                throw CLIError.data("no session \(sessionID) in \(context.databasePath)")
            }
            // A chart of nothing, written without a word and exit 0, read as a plot that worked.
            guard !cook.readings.isEmpty else { throw CLIError.data("session \(sessionID) has no readings to plot") }
            let title =
                "session \(sessionID)" + (cook.info.name.map { ": \($0)" } ?? "")
                + (cook.info.cut.map { " (\($0))" } ?? "")
            svg = SVGPlot(unit: context.unit).render(
                title: title, readings: cook.readings, channels: cook.channels, targetCelsius: cook.info.targetCelsius,
                events: cook.events,
                fits: try store.lastFitOfEachChannel(session: sessionID, summaryModel: PriorSet.modelName))
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
        if outputPath == "-" {
            // Standard output, as for most Unix tools (it wrote a file named "-"): the SVG alone
            // (a failed standard output is reported once by the console, and exits 74).
            context.console.write(svg)
        } else {
            try OutputFile.write(Data(svg.utf8), to: outputPath)
            context.console.line("wrote \(outputPath)")
        }
        return ExitCode.success
    }
}
