import CookcastCore
import CookcastImport
import CookcastIngest
import CookcastStore
import Foundation

/// `cookcast import FILE...`: cooks exported by other apps (and cookcast's own CSV/JSON) into the store.
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "import cooks exported by other thermometer apps"
    static let usage =
        "cookcast import FILE|DIR... [--format auto|\(ImportFormat.names.joined(separator: "|"))] [--cut [N=]CUT] [--target [N=]C] [--name NAME] [--utc-offset +HH:MM] [--pit-probe N] [--profile NAME] [--input-unit c|f] [--into SESSION] [--dry-run] [--unit c|f]"
    static let help = """
        Formats (detected from the content unless --format is given):
          combustion    Combustion Inc CSV export: one session per SessionID; virtual core (+ virtual
                        ambient) is channel 1, T1..T8 channels 2-9 (the one that is the virtual
                        ambient sensor throughout, T8, as ambient; the others as sensors along the
                        probe, not probes of their own), virtual surface 10 (a sensor too); rows
                        before insertion skipped; the vendor's PredictionValueSeconds kept as a series
          thermopro     history_probe_N_<stamp>.csv (UTF-16 TSV): files exported within minutes of each
                        other are one cook, probe N = channel N; a probe reading far above the others
                        is the pit (--pit-probe N to name it); 32 F / ~670 F sentinels dropped
          heatledger    heat-ledger / BlueTherm SQLite (sensor_1 pit, sensor_2 meat)
          probeability  Probe-ability CSV (cook name, target and its predicted_remaining_s series)
          tappecue      Tappecue text log (elapsed minutes, then probe columns read by name: one
                        named as the air, e.g. Bath, Pit, Ambient, Oven, is the ambient, the others
                        meat probes, channels 1, 2, ... in column order)
          igrill        Weber iGrill v2 CSV, one file per probe; files with the same date stem are one
                        cook; a probe that lay in the pit before insertion is detected and the
                        session starts at insertion (probe_inserted event)
          csv           canonical t_s,probe_c,ambient_c[,channel]    json  cookcast export --format json
          hexlog        a hex packet log (t_s HEX [chN], as live --replay reads; never detected): with
                        --profile NAME (Models/probes.json: seed, ibbq = Inkbird IBT-2X/4XS/6XS) its
                        packets are decoded as that probe's, each probe its own channel (1-6) as live
                        stores them, and the session keeps the profile; --pit-probe N then reads probe
                        N as the pit's air ("probe N (pit)"). Without --profile, the seed probe's.
                        A status packet (an iBBQ's battery reply, ch0) is kept as an event, as live
                        keeps it. --profile takes only hex packet logs; a packet that does not
                        decode is left out, and counted in a note
        --input-unit c|f: the unit of the temperatures in formats whose files do not say (igrill,
        tappecue; default c, as the app showed them); a meat probe above 110 C for long in such a
        file is noted as probably Fahrenheit. Formats that state their unit ignore it.
        Wall-clock exports are local time: --utc-offset (e.g. +01:00), else the TZ zone's offset at
        the cook's date. --cut, --target (in --unit; -20 to 120 C) and --name override what the
        file says; a cut guessed from the file's name or label (my_brisket.csv, "Pulled Pork") is
        only the default.
        --cut N=CUT and --target N=C give probe N its own cut and target, as `live` takes them (a probe
        of another meat in the same pit; its own cut alone brings that cut's usual target); a file
        without probe N says so and is imported without it.
        The same cook imported twice is recognised (a hash of its parsed readings, so other bytes
        for the same readings, a trailing newline, do not matter) and skipped: the line names the
        stored session with its own name, cut and target, and any --name/--cut/--target not applied
        (no command changes a stored cook's cut or target: a note says so, and, when no session of
        that cook has a target, gives the live --replay of a canonical CSV to yours). So is a file
        replayed (live --replay) or piped in (live --stdin) before.
        So is a cook recorded here, exported with --format json and imported back (same start, same
        readings). A CSV export carries no start: it is recognised by its readings (a thermometer's
        battery column, which export writes from an iBBQ's reports, left out of the comparison)
        when its session has their fingerprint (every import, and every live recording from stdin,
        a probe or a whole replay), else imported as a new session. Its channels are named as live
        names them ("probe 3", "probe 4 (pit)").
        --dry-run says what the import would do (`would import: ...`, or `would skip, already
        imported as session N: ...` by the same checks) and writes nothing.
        A directory stands for the files directly in it. Every file that can be used is imported;
        each one that cannot is named with the reason.
        Of a file's readings of one channel at one millisecond the one with more temperatures
        (else the first) is the cook's; the same values again are dropped as a duplicate, other
        values are set aside: stored apart from the curve and counted (`cookcast export N
        --set-aside` writes them).
        --into SESSION adds the readings of one cook to a stored session instead of making a new
        one (what a `live` run saved to <database>-unsaved-... when its database stayed locked or
        its disk full, or another probe's export of the same cook): readings the session has (same channel and
        millisecond) are skipped, so doing it twice adds nothing; the session keeps its name, cut
        and target. A canonical CSV's times are on the session's clock; a vendor export's are
        placed by its start. Not into a session another `cookcast live` is recording. A file with a
        reading more than 1 C from the one the session stores at the same channel and time is
        another cook (or another probe on that channel): refused, exit 65, nothing stored (and so
        by --dry-run); smaller differences are kept as stored, with a note. A file `live` saved
        from this very session is not compared: its readings at stored times with other values
        are set aside, as `live` sets them aside.
        The events `live` saved with them (X-events.csv next to X.csv: t_s,kind,channel,detail on the
        session's clock) come with a canonical CSV, in the same transaction, or alone when that file
        is given; an event the session has (same millisecond, kind, channel and detail) is skipped.
        A broken events file (its header, a time, kind or channel) is refused with its line, and
        nothing of the import is stored. A file `live` saved from another session (its name,
        <database>-unsaved-N-..., says which) is refused: add it with --into N.
        Exit status: 0 everything imported (or already there); 65 some file of an unknown format or
        without usable data (the others are imported), or --into a session whose readings the
        file contradicts; 66 a file missing or unreadable, or a
        directory with no file to import.
        """
    static let options = OptionSpec(
        valued: ["format", "cut", "target", "name", "utc-offset", "pit-probe", "input-unit", "into", "profile"],
        flags: ["dry-run"], repeatable: ["cut", "target"])

    let context: CommandContext
    let paths: [String]
    let format: ImportFormat?
    var importOptions: ImportOptions
    /// Probes' own cuts and targets (`--cut N=CUT`, `--target N=C`), by channel.
    let channelGoals: [ChannelInfo]
    let isDryRun: Bool
    /// `--into`: the stored session the cook's readings are added to.
    let intoSession: Int64?
    /// `--profile NAME [--pit-probe N]`: how the inputs' packets are decoded (every input must
    /// then be a hex packet log); nil: no profile.
    let packetDecoding: PacketDecoding?

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard !arguments.positionals.isEmpty else { throw .usage("import needs at least one FILE") }
        paths = arguments.positionals
        let named: ImportFormat?
        do { named = try ImportFormat.named(arguments.value("format") ?? "auto") } catch {
            throw .usage(error.description)
        }
        packetDecoding = try PacketDecoding.given(arguments, context: context)
        if packetDecoding != nil, let named, named != .hexlog {
            throw .usage("--profile decodes hex packet logs: leave out --format \(named.rawValue)")
        }
        format = packetDecoding == nil ? named : .hexlog
        var offset: Int? = nil
        if let text = arguments.value("utc-offset") {
            guard let parsed = ImportOptions.utcOffsetSeconds(parsing: text) else {
                throw .usage("option '--utc-offset' must look like +01:00 or -5, got '\(text)'")
            }
            offset = parsed
        }
        let library = try? context.models()
        // --target is in the display unit (--unit), like `live` and `predict`; so are probes' own.
        let goals = try library.map { (models: ModelLibrary) throws(CLIError) in
            try ProbeGoals(arguments: arguments, context: context, library: models)
        }
        let targetCelsius: Double?
        let cut: String?
        if let goals {
            targetCelsius = goals.targetGiven ? goals.targetCelsius : nil
            cut = goals.cutGiven ? goals.cut?.name : nil
            channelGoals = goals.channels
        } else {
            // Without the model data (a broken install) the values are still taken, cut names
            // unchecked: `--target 2=74` was checked and then left out, and `--cut 2=brisket`
            // stored "2=brisket" as every probe's cut.
            let targets = try ProbeTargets(arguments.values["target"] ?? [], unit: context.unit)
            let cuts = try ProbeGoals.split(arguments.values["cut"] ?? [], option: "cut", needs: ProbeGoals.cutNeeds)
            let channelCuts = Dictionary(uniqueKeysWithValues: cuts.channels)
            targetCelsius = targets.plainCelsius
            cut = cuts.plain
            channelGoals = Set(channelCuts.keys).union(targets.channelCelsius.keys).sorted().map { ch in
                ChannelInfo(
                    channel: ch, name: "probe \(ch)", role: .meat, cut: channelCuts[ch],
                    targetCelsius: targets.channelCelsius[ch])
            }
        }
        var inputUnit: TemperatureUnit? = nil
        if let text = arguments.value("input-unit") {
            switch text.lowercased() {
            case "c", "celsius": inputUnit = .celsius
            case "f", "fahrenheit": inputUnit = .fahrenheit
            default: throw .usage("option '--input-unit' must be c or f, got '\(text)'")
            }
        }
        importOptions = ImportOptions(
            cut: cut, targetCelsius: targetCelsius, name: arguments.value("name"),
            utcOffsetSeconds: offset,
            pitProbe: try arguments.int("pit-probe", in: 1...16), catalog: library?.cuts, inputUnit: inputUnit)
        importOptions.packetDecoder = packetDecoding?.decoder
        importOptions.packetProbeId = packetDecoding?.probeId
        isDryRun = arguments.flag("dry-run")
        intoSession = try arguments.value("into").map { (text: String) throws(CLIError) -> Int64 in
            try SessionArgument.parse(text)
        }
        if let intoSession, let given = ["cut", "target", "name"].first(where: { arguments.value($0) != nil }) {
            throw .usage("--into keeps session \(intoSession)'s name, cut and target: leave out --\(given)")
        }
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        if packetDecoding != nil { try checkPacketLogs() }
        var importer = Importer(options: importOptions, format: format)
        importer.packetProfileNames = (try? context.models().probes.names) ?? []
        // File by file: one file that cannot be used does not stop the others (a manifest.json
        // or an empty CSV in a folder of exports); each is named, and the exit status says so.
        if let intoSession { return try add(into: intoSession, importer: importer) }
        // Imported as a cook of its own, a recovery file made a second session of the same cook,
        // without its events, and nothing said where it belonged. (An events file alone is
        // refused, in its own words.)
        for path in paths where !path.hasSuffix(EventsCSV.fileSuffix) {
            guard let saved = RecoveryFile.savedSession(path: path, database: context.databasePath) else { continue }
            let hasEvents = EventsCSV.siblingPath(ofReadings: path).map(FileManager.default.fileExists) ?? false
            context.console.errorLine(
                "note: \(path) holds what session \(saved) could not store; `cookcast import \(path) --into \(saved)` "
                    + "adds it back to that session\(hasEvents ? ", with its events" : "")")
        }
        // One group at a time, stored before the next is read: a folder of a season's exports
        // costs what its largest cook costs, not all of them together.
        var opened: SessionStore? = nil
        var groupCount = 0
        let failures: [ImportError]
        do {
            failures = try importer.forEachGroup(paths: paths) { group in
                groupCount += 1
                report(group)
                try store(group, in: &opened)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
        reportSkipped(failures, groupCount: groupCount)
        return try status(failures, groupCount: groupCount)
    }

    /// The one input that could not be used when nothing else was read: it is the error itself.
    private func soleFailure(_ failures: [ImportError], groupCount: Int) -> ImportError? {
        failures.count == 1 && groupCount == 0 ? failures.first : nil
    }

    /// `skipped FILE: reason` for each input not used (unless it is the sole failure).
    func reportSkipped(_ failures: [ImportError], groupCount: Int) {
        guard soleFailure(failures, groupCount: groupCount) == nil else { return }
        for failure in failures { context.console.errorLine("skipped \(failure.description)") }
    }

    /// Success, or the error the inputs not used make: 66 when they were only missing, else 65.
    func status(_ failures: [ImportError], groupCount: Int) throws(CLIError) -> Int32 {
        guard !failures.isEmpty else { return ExitCode.success }
        if let only = soleFailure(failures, groupCount: groupCount) {
            throw CLIError(only.description, exitCode: only.isMissingInput ? ExitCode.noInput : ExitCode.dataError)
        }
        let missingOnly = failures.allSatisfy(\.isMissingInput)
        throw CLIError(
            Counted.words(failures.count, "input") + " could not be imported (see above)",
            exitCode: missingOnly ? ExitCode.noInput : ExitCode.dataError)
    }

    /// A group's skipped rows and notes, on standard error.
    func report(_ group: ImportGroup) {
        for bad in group.result.badRows { context.console.errorLine("warning: \(bad.summary)") }
        for note in group.result.notes { context.console.errorLine("note: \(note)") }
    }

    /// Stores a group's cooks (or says what would be, `--dry-run`), opening the database at the
    /// first cook, so an import with nothing to store creates none.
    private func store(_ group: ImportGroup, in opened: inout SessionStore?) throws {
        let cooks = group.result.cooks.map(withChannelGoals)
        guard !cooks.isEmpty else { return }
        let importer = Importer(options: importOptions, format: format)
        if isDryRun {
            // The checks the import makes, against the database read only (none yet: no duplicate);
            // "would import" said of a cook stored before promised a session the import never made.
            let exists = FileManager.default.fileExists(atPath: context.databasePath)
            let store = try opened ?? (exists ? context.openStore(readOnly: true) : nil)
            opened = store
            for cook in cooks {
                let duplicate = try store.flatMap {
                    try importer.duplicate(of: cook, earlierHashes: group.result.earlierHashes, in: $0)
                }
                if let duplicate {
                    context.console.line(duplicate.summary(unit: context.unit, options: importOptions, isDryRun: true))
                    if let store, let note = try storedGoalsNote(duplicate, group: group, store: store) {
                        context.console.errorLine(note)
                    }
                } else {
                    context.console.line(
                        "would import: \(cook.importSummary(unit: context.unit, catalog: importOptions.catalog))")
                }
            }
            return
        }
        let store = try opened ?? context.openStore()
        opened = store
        for outcome in try importer.store(cooks, earlierHashes: group.result.earlierHashes, into: store) {
            context.console.line(outcome.summary(unit: context.unit, options: importOptions))
            if let note = try storedGoalsNote(outcome, group: group, store: store) { context.console.errorLine(note) }
        }
    }

    /// `cook` with the probes' own cuts and targets given on the command line; a probe the cook
    /// does not have is said on standard error.
    private func withChannelGoals(_ cook: RecordedCook) -> RecordedCook {
        var cook = cook
        for goal in channelGoals {
            guard let i = cook.channels.firstIndex(where: { $0.channel == goal.channel }) else {
                context.console.errorLine(
                    ProbeGoals.notAppliedNote(cook.info.name ?? cook.info.source, channel: goal.channel))
                continue
            }
            cook.channels[i].cut = goal.cut ?? cook.channels[i].cut
            cook.channels[i].targetCelsius = goal.targetCelsius ?? cook.channels[i].targetCelsius
        }
        return cook
    }

    /// With `--profile`, refuses an input that is not a hex packet log (a CSV, JSON, a vendor
    /// export), by its name and first bytes, before anything is imported: its readings need no
    /// decoder, and the profile would have been ignored. Inputs that cannot be opened are left to
    /// the import, which says why.
    private func checkPacketLogs() throws(CLIError) {
        for path in Importer.expand(paths) {
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: 4096)) ?? Data()
            guard ReplayFormat.of(path: path, head: String(decoding: head, as: UTF8.self)) == .hexLog else {
                throw PacketDecoding.notAPacketLog(path)
            }
        }
    }
}
