import CookcastCore
import CookcastFit
import CookcastIngest
import CookcastStore
import Foundation

/// `cookcast predict FILE --target C` (or `--sample NAME`): the estimate at `--at` from the
/// readings up to then, as the live pipeline shows it once that moment's grid step closes.
struct PredictCommand: Command {
    static let name = "predict"
    static let abstract = "predict the finish of a recorded cook from the readings up to a moment"
    static let usage =
        "cookcast predict (FILE (--target C | --cut CUT | --target N=C...) | --sample NAME) [--at SECONDS] [--cut CUT] [--cut N=CUT]... [--target N=C]... [--channel N] [--profile NAME [--pit-probe N]] [--format text|json|seconds] [--unit c|f]"
    static let help = """
        Replays FILE (canonical CSV, JSON lines or hex packet log) up to --at seconds (default: the
        last reading) through the same estimator as `cookcast live`, using only readings up to then.
        Times, --at and the finish, are seconds on the file's own t_s clock. --target is in --unit
        (default Celsius; -20 to 120 C, as live and import take it); without it, the cut's usual
        target, as `live` takes it. --format seconds prints only the predicted finish (the
        external-estimator contract of the evaluation tools); text and json also give the 80 % interval, the phase and
        why (in --unit). A reading at a time another reading of the same probe holds, with other
        values, is left out (with a warning), as live sets it aside. A file of several probes
        gives the slowest probe's finish, as live shows it; --channel N
        predicts probe N alone. --cut N=CUT and --target N=C give probe N its own cut and target,
        as `live` takes them (its own cut alone brings that cut's usual target); the plain --cut or
        --target is every other probe's, and not needed when every probe predicted has its own.
        An unknown cut falls back to a generic prior with a warning (a probe's own: the plain
        cut's prior); an empty one (--cut '', --cut 1=) is refused, as in `live` and `import`.
        --sample NAME predicts a real cook shipped with cookcast (Models/samples: roast-chicken,
        brisket, turkey) instead of a FILE, to its own cut and target unless --cut or --target is
        given.
        Priors learned by `cookcast fit` into the database (when it exists) override the shipped ones.
        A hex packet log is decoded as the seed probe's packets, or with --profile NAME
        (Models/probes.json: seed, ibbq = Inkbird IBT-2X/4XS/6XS) as that probe's, as `live --replay`
        decodes it: each probe its own channel (1-6); --pit-probe N reads probe N as the pit's air,
        which the others are predicted with. --profile takes only a hex packet log. A packet that
        does not decode is left out.

        examples:
          cookcast predict cook.csv --target 95 --at 20000 --cut brisket
          cookcast predict --sample brisket --at 18000
          cookcast predict ibbq.hex --profile ibbq --pit-probe 4 --cut brisket --format seconds
        """
    static let options = OptionSpec(
        valued: ["target", "at", "cut", "format", "channel", "profile", "pit-probe", "sample"],
        repeatable: ["cut", "target"])

    let context: CommandContext
    let path: String
    /// `--target`, Celsius (nil: the cut's usual target).
    let givenTargetCelsius: Double?
    let atSeconds: Double?
    let cutName: String?
    /// Probes' own cut names and targets (Celsius), `--cut N=CUT`, `--target N=C`.
    let channelCutNames: [Int: String]
    let channelTargetsCelsius: [Int: Double]
    let format: String
    let channel: Int?
    /// `--profile NAME [--pit-probe N]`: how a hex log's packets are decoded; nil: the seed probe's.
    let packetDecoding: PacketDecoding?

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        // A shipped sample (`--sample NAME`) stands for FILE, and its cut and target for those not given.
        var sample: SampleCook?
        if let name = arguments.value("sample") {
            guard arguments.positionals.isEmpty else {
                throw .usage("give --sample NAME or a FILE, not both (got '\(arguments.positionals[0])')")
            }
            let library = try context.models()
            let found = try context.sampleCook(named: name, in: library)
            sample = found
            path = library.path(of: found)
        } else {
            guard arguments.positionals.count == 1 else {
                throw .usage(arguments.positionals.isEmpty ? "missing FILE (or --sample NAME)" : "expected one FILE")
            }
            path = arguments.positionals[0]
        }
        // As `live` and `import` read them: --target 1e300 predicted 'done: the probe reached
        // -1e+300 C', and a probe's own was checked against -50..500 C where live's was -20..300 C.
        let targets = try ProbeTargets(arguments.values["target"] ?? [], unit: context.unit)
        var cuts = try ProbeGoals.split(arguments.values["cut"] ?? [], option: "cut", needs: ProbeGoals.cutNeeds)
        cuts.plain = cuts.plain ?? sample?.cut
        givenTargetCelsius = targets.plainCelsius ?? sample?.targetCelsius
        channelTargetsCelsius = targets.channelCelsius
        channelCutNames = Dictionary(uniqueKeysWithValues: cuts.channels)
        // Probes' own targets or cuts are enough, as in `live`: `--target 1=93 --target 2=74` was
        // refused for want of a plain --target that no probe would have used.
        if givenTargetCelsius == nil, cuts.plain == nil, channelTargetsCelsius.isEmpty, cuts.channels.isEmpty {
            throw .usage(Self.missingTarget)
        }
        atSeconds = try arguments.double("at", in: 0...1e9)
        cutName = cuts.plain
        format = arguments.value("format") ?? "text"
        guard ["text", "json", "seconds"].contains(format) else {
            throw .usage("option '--format' must be text, json or seconds, got '\(format)'")
        }
        channel = try arguments.int("channel", in: ChannelInfo.numbers)
        packetDecoding = try PacketDecoding.given(arguments, context: context)
        if packetDecoding == nil, arguments.value("pit-probe") != nil {
            context.console.errorLine("cookcast predict: warning: \(Self.pitProbeIgnored)")
        }
        self.context = context
    }

    /// The error for a file with no probe reading to predict from (by `--at`, when given). A hex
    /// log read without `--profile` says how its packets were read and names the profiles: an
    /// iBBQ log said "no probe readings at or before 0.0 s", with no time asked for and no word of
    /// the packets being decoded as the seed probe's.
    func noProbeReadings(in file: ReplayFile, readings: [Reading], models: ModelLibrary) -> CLIError {
        var before = atSeconds.map { " at or before \(TemperatureUnit.fixed($0, decimals: 1)) s" } ?? ""
        let beforeStart = readings.filter { $0.elapsedSeconds < 0 && $0.probeCelsius != nil }.count
        if beforeStart > 0 {
            before += " from the start on (t_s 0; the \(beforeStart) before it are no part of the cook)"
        }
        // The lines left out, in the same line: the error is the one line printed.
        let leftOut =
            file.issues.first.map {
                "; \(file.issues.count == 1 ? "1 bad line" : "\(file.issues.count) bad lines"), the first at "
                    + "line \($0.line): \($0.message)"
            } ?? ""
        guard packetDecoding == nil, file.format == .hexLog, !readings.contains(where: { $0.probeCelsius != nil })
        else { return .data("\(path): no probe readings\(before)\(leftOut)") }
        let names = models.probes.names.joined(separator: ", ")
        return .data(
            "\(path): no probe readings\(before) (a hex packet log, its packets read as the seed probe's: "
                + "another probe's need --profile NAME\(names.isEmpty ? "" : " (\(names))"))\(leftOut)")
    }

    /// The database whose learned priors override the shipped ones, read-only; nil when there is
    /// none, or, with a warning, when it cannot be read (a damaged file predicted with the shipped
    /// priors without a word, where `fit` and `sessions` said it was not a database).
    func openStoreForPriors() -> SessionStore? {
        let path = context.databasePath
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try SessionStore(path: path, readOnly: true)
        } catch {
            context.console.errorLine("warning: \(error); using the shipped priors")
            return nil
        }
    }

    /// Says on stderr when `channel`'s (the probe shown, not done) last probe reading by `seconds`
    /// lies further back than `live` waits before it calls a probe lost (`SilenceWatch`, with the
    /// alarm's minimum): an `--at` past the end of the file, or deep in a gap, was answered as if
    /// the probe were still reporting ("waiting for the probe to reach 74.0 C" 13 hours after its
    /// last reading).
    func noteSilence(before seconds: Double, channel: Int, readings: [Reading], named: Bool) {
        var watch = SilenceWatch()
        var times = readings.filter { $0.channel == channel && $0.probeCelsius != nil && $0.elapsedSeconds <= seconds }
            .map(\.elapsedSeconds)
        times.sort()
        times.forEach { watch.observeReading(atSeconds: $0) }
        guard let last = watch.lastReadingSeconds,
            seconds - last
                > watch.lostAfterSeconds(minimumSeconds: AlarmRules(targetCelsius: nil).probeLostAfterSeconds)
        else { return }
        context.console.errorLine(
            "note: \(named ? "probe \(channel)'s" : "the") last probe reading by \(DurationFormat.clock(seconds)) is at "
                + "\(DurationFormat.clock(last)), \(DurationFormat.short(seconds - last)) earlier: live would show the "
                + "probe lost; this is the estimate from the readings up to then")
    }

    /// Said when `--pit-probe` has no profile to apply to (as `live` says it).
    static let pitProbeIgnored = "--pit-probe only applies with --profile; ignored"

    /// The usage error when no probe would have a target.
    static let missingTarget = "missing --target C (or a --cut, whose usual target is taken)"

    func run() async throws(CLIError) -> Int32 {
        let models = try context.models()
        var cut: CutProfile?
        if let cutName {
            cut = models.cuts.profile(named: cutName)
            if cut == nil {
                let hint = CommandSuggestion.cutHint(for: cutName, in: models.cuts)
                context.console.errorLine("warning: unknown cut '\(cutName)', using a generic prior\(hint)")
            }
        }
        let targetCelsius = givenTargetCelsius ?? cut?.defaultTargetCelsius
        if targetCelsius == nil, let cutName, channelTargetsCelsius.isEmpty, channelCutNames.isEmpty {
            throw .usage(
                "missing --target C: the unknown cut '\(cutName)' has no usual target"
                    + CommandSuggestion.cutHint(for: cutName, in: models.cuts))
        }
        if let targetCelsius, givenTargetCelsius == nil {
            context.console.errorLine(
                "note: target \(context.unit.format(celsius: targetCelsius)), the usual one for \(cut?.name ?? "")")
        }
        // Probes' own cuts (an unknown one keeps the plain cut's prior) and targets (given, else
        // their own cut's usual one).
        var channelCuts: [Int: CutProfile] = [:]
        for (ch, name) in channelCutNames.sorted(by: { $0.key < $1.key }) {
            if let own = models.cuts.profile(named: name) {
                channelCuts[ch] = own
            } else {
                context.console.errorLine("warning: unknown cut '\(name)' for probe \(ch), using the plain cut's prior")
            }
        }
        var channelTargets = channelTargetsCelsius
        for (ch, own) in channelCuts where channelTargets[ch] == nil { channelTargets[ch] = own.defaultTargetCelsius }
        let file: ReplayFile
        do { file = try ReplayFile.load(path: path) } catch { throw .input(error) }
        if packetDecoding != nil, file.format != .hexLog { throw PacketDecoding.notAPacketLog(path) }
        try file.rejectBackwardsTime()
        // The readings live follows: a second at a probe's millisecond (a feeder's clock that
        // restarted) was taken as well, and the estimate was not the one live showed.
        let curve = StoredCurve(file.readings(decoder: packetDecoding?.decoder ?? SeedProbeDecoder()))
        let readings = curve.readings
        let limit = atSeconds ?? readings.map(\.elapsedSeconds).max() ?? 0
        // Readings before time zero are no part of the cook predicted (`ETAEstimator.update`): a
        // file of only those answered "waiting for readings" in text and json, exit 0.
        guard
            readings.contains(where: { $0.elapsedSeconds >= 0 && $0.elapsedSeconds <= limit && $0.probeCelsius != nil })
        else {
            throw noProbeReadings(in: file, readings: readings, models: models)
        }
        // Lines left out are said as `live --replay` says them (they went unsaid: a prediction
        // from a file with a damaged row looked like one from the whole file); when nothing is
        // left to predict from, the one-line error says how many instead.
        file.reportLeftOut(console: context.console)
        curve.reportSetAside(of: path, console: context.console)
        let priors = try PriorLibrary.priors(models: models, store: openStoreForPriors())
        // The probes of the file: one is predicted alone (the scorer's contract); several give the
        // live view's answer, the slowest probe's, unless --channel picks one. Beside a pit channel
        // a probe is predicted as live predicts it, with the pit's air (--channel 3 ignored it).
        let probeChannels = Set(readings.filter { $0.probeCelsius != nil }.map(\.channel)).sorted()
        let channelCount = Set(readings.map(\.channel)).count
        if let channel, !probeChannels.contains(channel) {
            let known = probeChannels.map(String.init).joined(separator: ", ")
            throw .data("\(path): no probe readings on channel \(channel) (channels: \(known))")
        }
        for goalChannel in Set(channelTargetsCelsius.keys).union(channelCuts.keys).sorted()
        where !probeChannels.contains(goalChannel) {
            context.console.errorLine(ProbeGoals.notAppliedNote(path, channel: goalChannel))
        }
        // The probe asked about (or the only one) is predicted to its own cut and target, if given.
        let asked = channel ?? (probeChannels.count == 1 ? probeChannels.first : nil)
        let predicted = asked.map { [$0] } ?? probeChannels
        if targetCelsius == nil, let without = predicted.first(where: { channelTargets[$0] == nil }) {
            throw .usage("\(Self.missingTarget): probe \(without) has no target of its own")
        }
        let shownCut = asked.flatMap { channelCuts[$0] } ?? cut
        let estimate: Estimate
        // The probe whose temperature the estimate carries: asked, the only one, or the slowest.
        var shownChannel = asked
        if channelCount > 1 {
            (estimate, shownChannel) = Predictor.predictSessionProbe(
                readings: readings, targetCelsius: targetCelsius, atSeconds: limit, cut: cut, priors: priors,
                channel: asked, channelCuts: channelCuts, channelTargetsCelsius: channelTargets)
        } else {
            guard let probeTarget = asked.flatMap({ channelTargets[$0] }) ?? targetCelsius else {
                throw .usage(Self.missingTarget)
            }
            estimate = Predictor.predict(
                readings: readings, targetCelsius: probeTarget, atSeconds: limit, cut: shownCut, priors: priors,
                channel: channel ?? probeChannels.first)
        }
        // A done probe stays done, as live shows it, however long since its last reading.
        if estimate.phase != .done, let ch = shownChannel ?? probeChannels.first {
            noteSilence(before: limit, channel: ch, readings: readings, named: probeChannels.count > 1)
        }
        // That probe's own target and cut, else every probe's: the slowest probe's temperature
        // beside the plain target ("probe 38.1 C, target 74.0 C" for a shoulder cooking to 93 C)
        // read as a probe far from a target it was not cooking to.
        let shownTarget = shownChannel.flatMap { channelTargets[$0] } ?? targetCelsius ?? estimate.targetCelsius
        let shownProbeCut = shownChannel.flatMap { channelCuts[$0] } ?? cut
        // A file of several probes names the one shown (`probe 2 38.1 C`); one probe's stays `probe 38.1 C`.
        let probeName = probeChannels.count > 1 ? shownChannel.map { "probe \($0)" } : nil
        // What the probe reads at --at, as live shows it: a done estimate keeps the reading it
        // was done at (a brisket "76.7 C" on the counter at 24.5 C).
        let readChannel = shownChannel ?? probeChannels.first
        let probeCelsius =
            readings.last {
                $0.channel == readChannel && $0.elapsedSeconds <= limit && $0.probeCelsius != nil
            }?.probeCelsius ?? estimate.probeCelsius
        let console = context.console
        switch format {
        case "seconds":
            guard let finish = estimate.finishSeconds, finish.isFinite else {
                let words = TemperatureText.converting(estimate.message, to: context.unit)
                throw .data("no finish estimate at \(TemperatureUnit.fixed(limit, decimals: 1)) s: \(words)")
            }
            console.line(TemperatureUnit.fixed(finish, decimals: 1))
        case "json":
            console.line(
                JSONLine.object([
                    "at_s": .number(limit), "target_c": .number(shownTarget),
                    "finish_s": .number(estimate.finishSeconds),
                    "finish_lo_s": .number(estimate.finishLowSeconds),
                    "finish_hi_s": .number(estimate.finishHighSeconds),
                    "remaining_s": .number(estimate.remainingSeconds(at: limit)),
                    "overdue_since_s": .number(estimate.overdueSinceSeconds),
                    "phase": .string(estimate.phase.rawValue),
                    "model": .string(estimate.model),
                    "message": .string(TemperatureText.converting(estimate.message, to: context.unit)),
                    "probe_c": .number(probeCelsius),
                    "channel": shownChannel.map { .number(Double($0)) } ?? .null,
                    "cut": shownProbeCut.map { .string($0.name) } ?? .null,
                    "parameters": .object(estimate.parameters.mapValues { .number($0) }),
                ]))
        default:
            let unit = context.unit
            console.line(
                "at \(DurationFormat.clock(limit)): \(probeName ?? "probe") \(unit.format(celsius: probeCelsius)), target \(unit.format(celsius: shownTarget)), phase \(estimate.phase.rawValue)"
            )
            if let finish = estimate.finishSeconds, estimate.phase == .done {
                console.line("done at \(DurationFormat.clock(finish)) on the file's clock")
            } else if let finish = estimate.finishSeconds, estimate.phase.showsFinish {
                var line =
                    estimate.overdueSinceSeconds.map {
                        "finish was due at \(DurationFormat.clock($0)) on the file's clock (overdue by \(DurationFormat.short(finish - $0)))"
                    }
                    ?? "finish at \(DurationFormat.clock(finish)) on the file's clock (in \(DurationFormat.short(finish - limit)))"
                if let lo = estimate.finishLowSeconds, let hi = estimate.finishHighSeconds {
                    line += ", 80 % interval \(DurationFormat.clock(lo))-\(DurationFormat.clock(hi))"
                }
                console.line(line)
            } else {
                console.line("no finish estimate")
            }
            console.line(TemperatureText.converting(estimate.message, to: unit))
        }
        return ExitCode.success
    }
}
