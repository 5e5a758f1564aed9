import CookcastCore
import CookcastEngine
import CookcastFit
import CookcastStore
import Foundation

/// `cookcast fit`: refit stored cooks, learn per-cut priors, backtest.
struct FitCommand: Command {
    static let name = "fit"
    static let abstract = "refit stored cooks, learn per-cut priors, backtest the predictor"
    static let usage = "cookcast fit [SESSION...] [--cut CUT] [--backtest] [--export-priors FILE] [--unit c|f]"
    static let help = """
        Refits every stored session (or the ones given, or the probes of --cut), stores the fitted
        parameters of each of its probes, and aggregates the parameters stored for ALL sessions
        per cut into priors (mean, covariance, count), plus one `generic` prior over every cook, in the
        database, together with the cooks the shipped priors were learned from (Models/priors.json's
        `cooks`; one the database holds too counts once); `live` and `predict` start from these
        priors, and `live` learns so from each cook it recorded when it ends. Refitting some sessions changes
        the priors by what they changed (sessions never fitted before are fitted too), never
        narrows them to those sessions.
        Every probe of a session (each channel with probe readings) is fitted on its own, with the
        pit's air as live gives it (its own air sensor, else the latest air any channel read within
        60 s: a pit probe, another probe's air sensor), and learned from on its own (the probes of
        one session count as one cook in a prior's n_cooks); a Combustion's thermistors and
        virtual surface are sensors of its one probe (role sensor), learned from through its
        virtual core. A probe's cut and target are its own (live --cut N=CUT --target N=C), else
        the session's, else the cut's default target. --cut CUT (a name or alias: beef_steak is
        steak) takes the probes of that cut only: they alone are refitted, stored, counted, named
        when skipped and backtested; the other probes of their sessions keep the parameters stored
        for them and still teach the priors (one never fitted is fitted for them, and named
        "probes of other cuts"). Only probes that reached their target, in cooks not being
        recorded (a cook whose recorder was killed counts as it stands), are learned from and
        backtested: the others are named with the reason (still
        recording, never reached the target, no target, no probe readings, a simulated cook, a
        sample cook shipped with cookcast), e.g.
        "session 3 probe 2: never reached its target 95.0 C". Exits 65 when there is nothing to fit or, with
        --backtest, nothing to score.

          --backtest            leave-one-out accuracy: each probe predicted at 25/50/75/90 % of its
                                true time to target with priors learned WITHOUT its cook (none of
                                its session's probes), as s3, or s3p2 for probe 2 of several; per cut,
                                the cooks and probes scored, median and p90 over the probes of |error| /
                                remaining time at each checkpoint, interval coverage; vendor predictions
                                (Combustion, Probe-ability imports) side by side where present; its
                                priors are learned from the probes it scores (all, the sessions
                                given, or the probes of --cut), less the cook predicted (never
                                from the shipped cooks, which may be the cook predicted)
          --export-priors FILE  write the learned priors and the cooks they came from as JSON (the
                                format of Models/priors.json)

        Shipped priors (Models/priors.json) are produced by Models/regenerate-priors.sh: it imports
        the real cooks of Tests/Data/cooks and runs `cookcast fit --export-priors` with a copy of
        Models/ without priors.json, so they are learned from those cooks alone; see Models/README.md.
        """
    static let options = OptionSpec(valued: ["cut", "export-priors"], flags: ["backtest"])

    let context: CommandContext
    let sessionIDs: [Int64]
    let cut: String?
    let backtest: Bool
    let exportPath: String?

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        var ids: [Int64] = []
        for p in arguments.positionals {
            // A session given twice is fitted, and learned from, once.
            let id = try SessionArgument.parse(p)
            if !ids.contains(id) { ids.append(id) }
        }
        sessionIDs = ids
        cut = arguments.value("cut")
        backtest = arguments.flag("backtest")
        exportPath = arguments.value("export-priors")
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        let models = try context.models()
        if let cut { _ = try context.cut(named: cut, in: models) }
        if let exportPath { try OutputFile.checkWritable(exportPath) }
        let store = try context.openStore(creating: false)
        let job = FitJob(
            store: store, catalog: models.cuts, shippedCooks: try PriorLibrary.shippedCooks(models: models))
        let console = context.console
        do {
            // A session id that names no session is an error, as `show 99` and `export 99` say,
            // before anything is refitted: it was a skip, and `fit 99` blamed the target.
            let missing = try sessionIDs.filter { try store.session($0) == nil }
            if !missing.isEmpty {
                let named = missing.map(String.init).joined(separator: ", ")
                throw CLIError.data("no session\(missing.count == 1 ? "" : "s") \(named) in \(context.databasePath)")
            }
            // Loading summarises each cook (`FitJob.load`), so the refit time counts it too.
            let clock = ContinuousClock()
            let started = clock.now
            // `--cut X`: the probes of cut X, not their sessions' other probes.
            let selection = cut.map(FitJob.ProbeSelection.ofCut) ?? .every
            let (cooks, skipped) = try job.load(sessionIDs: sessionIDs, probes: selection)
            for skip in skipped { console.errorLine("skipped \(skip.description(unit: context.unit))") }
            // Stored before the sessions never fitted are looked for: a probe that never reached
            // its target is then summarised (`unfinished`), not "never fitted".
            var summaries = try job.refit(cooks, skipped: skipped, probes: selection)
            guard !cooks.isEmpty else {
                let reason = skipped.isEmpty ? "" : " (\(skipped.count) skipped, see above)"
                throw CLIError.data(
                    "no stored cook that reached its target to fit" + (cut.map { " for cut \($0)" } ?? "") + reason)
            }
            // Priors are learned from every stored session's summary: a subset refit also fits
            // the sessions never fitted before, so that none is missing from them, and with
            // `--cut` the probes of other cuts never fitted in the sessions it refitted.
            var others: [FitJob.StoredCook] = []
            if !sessionIDs.isEmpty || cut != nil {
                let chosen = Set(cooks.map(\.sessionID) + skipped.map(\.sessionID))
                let unfitted = try job.unfittedSessionIDs()
                let (loaded, otherSkips) = try job.refitNeverFitted(excluding: chosen)
                for skip in otherSkips { console.errorLine("skipped \(skip.description(unit: context.unit))") }
                summaries += loaded.map(\.summary)
                var otherCuts: [FitJob.StoredCook] = []
                let partlyFitted = unfitted.filter(chosen.contains)
                if let cut, !partlyFitted.isEmpty {
                    let (probes, probeSkips) = try job.load(sessionIDs: partlyFitted, probes: .notOfCut(cut))
                    for skip in probeSkips { console.errorLine("skipped \(skip.description(unit: context.unit))") }
                    summaries += try job.refit(probes, skipped: probeSkips, probes: .notOfCut(cut))
                    otherCuts = probes
                }
                others = loaded + otherCuts
                // Sessions, not probes: `loaded` holds one entry per probe that reached its target.
                let otherSessions = Set(loaded.map(\.sessionID)).count
                var also: [String] = []
                if otherSessions > 0 { also.append(Counted.words(otherSessions, "session")) }
                if !otherCuts.isEmpty {
                    also.append(Counted.words(otherCuts.count, "probe") + " of other cuts")
                }
                if !also.isEmpty {
                    console.line("also fitting \(also.joined(separator: " and ")) never fitted before, for the priors")
                }
            }
            let fitted = cooks + others
            // The readings of the probes fitted, and all their sessions hold where that is more (a pit
            // probe, probes that never reached their target, sensors): one probe of three, fitted,
            // read "1000 readings" of a cook of 4000.
            let readingCount = fitted.reduce(0) { $0 + $1.readingCount }
            let storedReadings = Dictionary(
                fitted.map { ($0.sessionID, $0.sessionReadingCount) }, uniquingKeysWith: { first, _ in first }
            ).values.reduce(0, +)
            let readings =
                readingCount == storedReadings
                ? "\(readingCount) readings" : "\(readingCount) probe readings of the \(storedReadings) stored"
            let elapsed = clock.now - started
            let learning = try job.learnPriors(refitted: fitted, nowUnixMs: UTCTime.nowUnixMs())
            let (priors, learnedFrom, sessionCount) = (learning.priors, learning.storedCount, learning.sessionCount)
            let shippedCount = learning.shippedCount
            // The priors this run changed: its cooks' cuts and the generic one.
            let touched = Set(summaries.map(\.cut) + ["generic"])
            let shown = priors.filter { touched.contains($0.cut) }
            // Probes are named only where a session has several: one probe each reads as before.
            let refittedSessions = Set(fitted.map(\.sessionID)).count
            let probes = fitted.count == refittedSessions ? "" : ", \(fitted.count) probes"
            // "the 1 stored cook", "all 4 stored cooks", "all 3 probes of 2 stored cooks".
            let storedCooks = Counted.words(sessionCount, "stored cook")
            let stored: String
            if learnedFrom != sessionCount {
                stored = "all \(learnedFrom) probes of \(storedCooks)"
            } else {
                stored = learnedFrom == 1 ? "the 1 stored cook" : "all \(storedCooks)"
            }
            let shipped = shippedCount == 0 ? "" : " and \(Counted.words(shippedCount, "shipped cook"))"
            console.line(
                "refit \(Counted.words(refittedSessions, "session"))\(probes) (\(readings)) in \(TemperatureUnit.fixed(elapsed.inSeconds, decimals: 2)) s; "
                    + "priors for \(Counted.words(shown.count, "cut")) learned from \(stored)\(shipped):"
            )
            let unit = context.unit
            let table = TextTable(columns: [
                "cut", "cooks", "total h (mean)", "stall h (mean)", "air \(unit.symbol) (mean)",
            ])
            console.write(
                table.render(
                    shown.map { p in
                        func mean(_ name: String, _ convert: (Double) -> Double = { $0 }) -> String {
                            guard let i = p.parameterNames.firstIndex(of: name), i < p.mean.count else { return "-" }
                            return TemperatureUnit.fixed(convert(p.mean[i]), decimals: 1)
                        }
                        return [
                            p.cut, String(p.cookCount), mean("total_h"), mean("stall_h"),
                            mean("ambient_c", unit.value(fromCelsius:)),
                        ]
                    }))
            if let exportPath {
                // Probes are named only where a cook has several, as on the line above.
                let from =
                    learnedFrom == sessionCount
                    ? Counted.words(learnedFrom, "cook")
                    : "\(learnedFrom) probes of \(Counted.words(sessionCount, "cook"))"
                let data = try PriorSet.encode(
                    priors, cooks: learning.summaries, comment: "learned by cookcast fit from \(from)\(shipped)")
                try OutputFile.write(data, to: exportPath)
                console.line("wrote \(exportPath)")
            }
            if backtest {
                let report = try job.backtest(cooks)
                guard !report.predictions.isEmpty else {
                    throw CLIError.data("backtest: nothing to score (no checkpoint of a cook that reached its target)")
                }
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
                            // No vendor value at this checkpoint: nothing to compare.
                            v.vendorRelativeError.map { v.cookcastRelativeError < $0 ? "cookcast" : "vendor" } ?? "-",
                        ]
                    }
                    console.write(
                        TextTable(columns: ["session", "cook", "checkpoint", "cookcast", "vendor", "better"]).render(
                            rows))
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
