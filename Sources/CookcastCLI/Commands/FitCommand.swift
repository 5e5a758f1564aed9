import CookcastCore
import CookcastEngine
import CookcastFit
import CookcastStore
import Foundation

/// `cookcast fit`: refit stored cooks, learn per-cut priors, backtest.
struct FitCommand: Command {
    static let name = "fit"
    static let abstract = "refit stored cooks, learn per-cut priors, backtest the predictor"
    static let usage = "cookcast fit [SESSION...] [--cut CUT] [--backtest] [--export-priors FILE]"
    static let help = """
        Refits every stored session (or the ones given), stores each session's fitted parameters,
        and aggregates them per cut into priors (mean, covariance, count) in the database; `live`
        and `predict` start from these priors. The primary probe of each session is used (the
        lowest-numbered meat channel); its target is the session's, else the cut's default.

          --backtest            leave-one-out accuracy: each cook predicted at 25/50/75/90 % of its
                                true time to target with priors learned WITHOUT that cook; median and
                                p90 of |error| / remaining time, interval coverage; vendor predictions
                                (Combustion, Probe-ability imports) side by side where present
          --export-priors FILE  write the learned priors as JSON (the format of Models/priors.json)

        Shipped priors (Models/priors.json) are produced by importing ../shared/data/cooks and running
        `cookcast fit --export-priors Models/priors.json`; see Models/README.md.
        """
    static let options = OptionSpec(valued: ["cut", "export-priors"], flags: ["backtest"])

    let context: CommandContext
    let sessionIDs: [Int64]
    let cut: String?
    let backtest: Bool
    let exportPath: String?

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        var ids: [Int64] = []
        for p in arguments.positionals { ids.append(try SessionArgument.parse(p)) }
        sessionIDs = ids
        cut = arguments.value("cut")
        backtest = arguments.flag("backtest")
        exportPath = arguments.value("export-priors")
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        let models = try context.models()
        if let cut { _ = try context.cut(named: cut, in: models) }
        let store = try context.openStore()
        let job = FitJob(store: store, catalog: models.cuts)
        let console = context.console
        do {
            let (cooks, skipped) = try job.load(sessionIDs: sessionIDs, cut: cut)
            for reason in skipped { console.errorLine("skipped \(reason)") }
            guard !cooks.isEmpty else {
                throw CLIError.data("no stored sessions to fit" + (cut.map { " for cut \($0)" } ?? ""))
            }
            let readingCount = cooks.reduce(0) { $0 + $1.readings.count }
            let clock = ContinuousClock()
            var summaries: [CookSummary] = []
            let elapsed = try clock.measure { summaries = try job.refit(cooks) }
            let priors = try job.learnPriors(from: summaries, nowUnixMs: UTCTime.nowUnixMs())
            console.line(
                "refit \(cooks.count) sessions (\(readingCount) readings) in \(TemperatureUnit.fixed(elapsed.inSeconds, decimals: 2)) s; learned priors for \(priors.count) cuts:"
            )
            let table = TextTable(columns: ["cut", "cooks", "total h (mean)", "stall h (mean)", "air C (mean)"])
            console.write(
                table.render(
                    priors.map { p in
                        func mean(_ name: String) -> String {
                            guard let i = p.parameterNames.firstIndex(of: name), i < p.mean.count else { return "-" }
                            return TemperatureUnit.fixed(p.mean[i], decimals: 1)
                        }
                        return [p.cut, String(p.cookCount), mean("total_h"), mean("stall_h"), mean("ambient_c")]
                    }))
            if let exportPath {
                let data = try PriorSet.encode(priors, comment: "learned by cookcast fit from \(cooks.count) cooks")
                guard FileManager.default.createFile(atPath: exportPath, contents: data) else {
                    throw CLIError.io("cannot write \(exportPath)")
                }
                console.line("wrote \(exportPath)")
            }
            if backtest {
                let report = job.backtest(cooks)
                console.line("\nbacktest (leave-one-out, |error| / true remaining time):")
                console.line(report.table())
                let vendor = job.vendorComparison(cooks, report: report)
                if !vendor.isEmpty {
                    console.line("\nvendor live predictions vs cookcast (|error| / remaining):")
                    let rows = vendor.map { v in
                        [
                            v.cookID, v.cookLabel, "@\(Int((v.fraction * 100).rounded()))%",
                            TemperatureUnit.fixed(v.cookcastRelativeError, decimals: 3),
                            v.vendorRelativeError.map { TemperatureUnit.fixed($0, decimals: 3) } ?? "none",
                            v.vendorRelativeError.map { v.cookcastRelativeError < $0 ? "cookcast" : "vendor" }
                                ?? "cookcast",
                        ]
                    }
                    console.write(
                        TextTable(columns: ["session", "cook", "checkpoint", "cookcast", "vendor", "better"]).render(rows))
                }
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
        return ExitCode.success
    }
}
