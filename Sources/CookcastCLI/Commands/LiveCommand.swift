import CookcastBlueZ
import CookcastCore
import CookcastEngine
import CookcastImport
import CookcastIngest
import CookcastStore
import Dispatch
import Foundation

/// `cookcast live`: the live pipeline and dashboard, from a probe, a replay file, stdin, the simulator
/// or a shipped sample cook.
struct LiveCommand: Command {
    static let name = "live"
    static let abstract = "live view and ETA from a probe, a replay file, stdin, the simulator or a sample cook"
    static let usage = """
        cookcast live (--simulate PRESET [--seed N] | --sample NAME | --replay FILE | --stdin | --probe ADDR \
        [--characteristic UUID] [--profile NAME] [--pit-probe N]) \
        [--cut [N=]CUT]... [--target [N=]C]... [--speed FACTOR|max] [--json] [--plain] [--resume SESSION] [--name NAME] \
        [--ambient-range LO:HI] [--on-alarm CMD]
        """
    static let help = """
        Every reading is stored in the database as it arrives (one commit per reading; full-speed
        replays commit in batches), then the ETA, alarms and the dashboard are updated.
        A reading at a time the session stores with other values (a feeder whose clock
        restarted) is stored apart from the curve and counted ("3 readings at a stored time with
        other values set aside"; `cookcast export SESSION --set-aside` writes them); the same
        values again are a duplicate.
        Ctrl-C closes the session cleanly with everything received so far stored. A run that
        stores no reading keeps no session ("no readings from standard input: session 1 not
        kept"; exit 65 when its input ended, an empty one); a resumed session is always kept.
        A database locked by another program, or a full disk, pauses the recording (said on
        standard error; readings wait in memory, --stdin's in its pipe while the disk is full)
        until it can be written. Ctrl-C then (a second one for a lock), the input ending on a full
        disk, or any other database failure saves what was not stored to
        <database>-unsaved-SESSION-UTCZ.csv (in $TMPDIR or /tmp when the database's directory
        cannot take it) for `cookcast import FILE --into SESSION`, exit 74. A replay, simulation
        or sample the database stops ends there, cut short.
        With several meat probes the session's ETA is the slowest probe's, and each probe's own
        is shown too: a line per probe on the dashboard ("probe 2: 61.3 C  ETA 15:05 (in 32m 10s)
        predicting", "done at 14:12", "probe out"), "probes: 1 done, 2 ETA 15:05" at the end of
        the --plain status line. A probe silent past the probe-lost limit says "lost (last ETA
        07:27)" and is not the session's slowest while another probe is heard.

        sources:
          --simulate PRESET   built-in physics simulator (turkey, chicken, brisket, pork_shoulder,
                              prime_rib, steak, sous_vide); emits real seed-probe packets; --seed N
          --sample NAME       a real cook shipped with cookcast (Models/samples: roast-chicken,
                              brisket, turkey), replayed as --replay replays its file, to its own
                              cut and target unless --cut or --target is given; source
                              sample:NAME. Never learned from (the shipped priors already were)
          --replay FILE       canonical CSV (t_s,probe_c,ambient_c), JSON lines, or a hex packet log
                              (t_s HEX [chN]: chN the channel it came on, 1 by default, ch0 the
                              profile's settings characteristic, e.g. an iBBQ battery reply)
          --stdin             lines from standard input: `t_s HEX [chN]`, `HEX [chN]`, or CSV rows
          --probe ADDR        a BLE probe through BlueZ (needs a Bluetooth adapter and bluetoothd);
                              reconnects by itself the moment it advertises again, and a probe
                              session killed less than 30 min ago is resumed; --characteristic
                              UUID pins the data characteristic
          --profile NAME      the kind of probe (Models/probes.json: seed, ibbq = Inkbird
                              IBT-2X/4XS/6XS): with --probe, after every connect cookcast
                              subscribes to its data and settings characteristics and makes
                              its writes (an iBBQ's login and "send data"; its battery request
                              again every 60 s); with --replay and --stdin, packets are
                              decoded as its. Each probe is its own channel (1-6). Without it:
                              with --probe, the profile of the service BlueZ knows the device
                              to offer (after cookcast scan), else the seed probe, its
                              characteristic discovered
          --pit-probe N       with --profile: probe N lies in the pit; its temperature is the
                              air (stored as ambient, channel "probe N (pit)", role ambient, as
                              import --pit-probe names it), the others are meat. --resume keeps
                              the profile and pit probe the session was recorded with
        options:
          --cut CUT           cut name or alias (see Models/cuts.json); sets the default target
          --target C          target internal temperature (in --unit, default Celsius; -20 to 120 C)
          --cut N=CUT, --target N=C
                              probe N's own cut or target (repeat for each; several meats in one
                              pit); a probe's own cut brings its usual target. Kept with the
                              session, so --resume keeps them (each one not given again)
          --speed X|max       replay/simulation speed factor (default 60; max = as fast as possible)
          --json              one JSON object per line instead of the dashboard; a reading's
                              line has the session's ETA (eta_s, eta_lo_s, eta_hi_s, phase) and,
                              with several meat probes, each probe's in "probes"; an alarm's
                              message is the words shown, in --unit (numbers stay Celsius); a
                              "battery" line for a level without a reading (an iBBQ's, channel 0)
          --plain             no in-place redraw: a status line every 10 min of cook time
          --resume SESSION    keep appending to an interrupted session (its clock continues);
                              --probe and --stdin only. Stdin times that start again from 0
                              are placed where the session resumes; times on the cook's own
                              clock (continued, or its log sent again) are kept (says which).
                              A probe's session continues only with that probe's address
          --name NAME         a name for the session (with --resume: its new name, said in a note)
          --ambient-range LO:HI  expected pit/oven/bath range for the ambient alarm (in --unit);
                              default: a band around the temperature the cook settles at
          --on-alarm CMD      run CMD (via /bin/sh) on every alarm, with COOKCAST_ALARM, COOKCAST_MESSAGE
                              (as shown, in --unit), COOKCAST_SESSION, COOKCAST_PROBE (channel) and
                              COOKCAST_PROBE_C set (target reached, probe out, ETA near, probe lost,
                              ambient out of range, battery low)
        examples:
          cookcast live --simulate turkey --speed 600
          cookcast live --sample brisket --speed 3000
          cookcast live --replay ../shared/data/cooks/heatledger_roast_chicken.csv --speed 120 --cut chicken
          printf '0 00000064F500FB00DD\\n' | cookcast live --stdin --cut steak
          cookcast live --probe AA:BB:CC:DD:EE:FF --cut chicken --cut 3=pork_shoulder --target 3=93
          cookcast live --probe AA:BB:CC:DD:EE:FF --profile ibbq --pit-probe 4 --cut brisket
          cookcast live --replay ibbq.hex --profile ibbq --pit-probe 4 --speed max
        """
    static let options = OptionSpec(
        valued: [
            "simulate", "sample", "replay", "probe", "seed", "cut", "target", "speed", "resume", "name",
            "characteristic", "on-alarm", "ambient-range", "profile", "pit-probe",
        ],
        flags: ["stdin", "json", "plain"], repeatable: ["cut", "target"])
    /// Speed factors `--speed` accepts: below a thousandth a minute of cook takes 17 hours; above
    /// a million it is `max` in all but name (and tiny factors overflowed the pacing arithmetic).
    static let speedRange = 0.001...1_000_000.0
    /// The readings matter more than the screen: a failed standard output is reported, recording goes on.
    static let keepsRunningWithoutOutput = true

    enum SourceChoice {
        case simulate(SimulationPreset, seed: UInt64)
        /// A shipped sample cook and its file.
        case sample(SampleCook, path: String)
        case replay(String)
        case stdin
        case probe(String)
    }

    let context: CommandContext
    let source: SourceChoice
    /// What the probes cook to (`--cut`, `--target`, each probe's own).
    let goals: ProbeGoals
    let speed: Double?
    let json: Bool
    let plain: Bool
    let resumeID: Int64?
    let name: String?
    let characteristic: String?
    /// The probe's profile (`--profile`), nil: the seed probe as discovered.
    let profile: ProbeProfile?
    /// The channel given as the pit (`--pit-probe`); nil: the profile's, or a resumed session's.
    let pitProbe: Int?
    let alarmCommand: String?
    let ambientRange: ClosedRange<Double>?

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        self.context = context
        guard arguments.positionals.isEmpty else { throw .usage("unexpected argument '\(arguments.positionals[0])'") }
        var choices: [SourceChoice] = []
        let seed = try arguments.int("seed", in: 0...Int.max).map(UInt64.init) ?? 1
        if let preset = arguments.value("simulate") {
            guard let p = SimulationPreset.named(preset) else {
                throw .usage(
                    "unknown simulation preset '\(preset)' (known: \(SimulationPreset.all.map(\.name).joined(separator: ", ")))"
                )
            }
            choices.append(.simulate(p, seed: seed))
        }
        let library = try context.models()
        if let name = arguments.value("sample") {
            let sample = try context.sampleCook(named: name, in: library)
            choices.append(.sample(sample, path: library.path(of: sample)))
        }
        if let file = arguments.value("replay") {
            guard !file.isEmpty else { throw .usage("option '--replay' needs a file name, got an empty one") }
            choices.append(.replay(file))
        }
        if arguments.flag("stdin") { choices.append(.stdin) }
        if let address = arguments.value("probe") {
            // Six hex pairs: a typo is a usage error, not "no Bluetooth service" (it exited 69).
            let pairs = address.split(separator: ":", omittingEmptySubsequences: false)
            guard pairs.count == 6, pairs.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else {
                throw .usage("--probe needs a Bluetooth address like AA:BB:CC:DD:EE:FF, got '\(address)'")
            }
            choices.append(.probe(address))
        }
        guard choices.count == 1, let source = choices.first else {
            throw .usage(
                choices.isEmpty
                    ? "choose a source: --simulate PRESET, --sample NAME, --replay FILE, --stdin or --probe ADDR"
                    : "choose only one of --simulate, --sample, --replay, --stdin, --probe")
        }
        self.source = source
        // A simulation or a sample cooks its own cut to its own target unless others are given.
        var defaults: (cut: String?, targetCelsius: Double?) = (nil, nil)
        switch source {
        case .simulate(let preset, _): defaults = (preset.name, preset.targetCelsius)
        case .sample(let sample, _): defaults = (sample.cut, sample.targetCelsius)
        case .replay, .stdin, .probe: break
        }
        goals = try ProbeGoals(
            arguments: arguments, context: context, library: library, defaultCutName: defaults.cut,
            defaultTargetCelsius: defaults.targetCelsius)
        if let s = arguments.value("speed") {
            if s == "max" {
                speed = nil
            } else {
                guard let v = DecimalArgument.value(s), Self.speedRange.contains(v) else {
                    throw .usage("option '--speed' must be between 0.001 and 1000000, or max, got '\(s)'")
                }
                speed = v
            }
        } else {
            speed = 60
        }
        json = arguments.flag("json")
        plain = arguments.flag("plain")
        for note in Self.ignoredOptions(arguments, source: source) {
            context.console.errorLine("cookcast live: warning: \(note)")
        }
        resumeID = try arguments.value("resume").map { (text: String) throws(CLIError) -> Int64 in
            try SessionArgument.parse(text)
        }
        if let resumeID, let reason = Self.cannotResume(source) {
            throw CLIError(
                "cannot resume session \(resumeID) from \(reason): run it again without --resume (a new session); "
                    + "--resume continues a recording from --probe or --stdin",
                exitCode: ExitCode.usage)
        }
        name = arguments.value("name")
        characteristic = arguments.value("characteristic")
        // A typo is a usage error: it was taken as given and retried for ever ("no notify characteristic").
        if let characteristic, case .probe = source, ProbeProfile.parsedUUID(characteristic) == nil {
            throw .usage(
                "--characteristic needs a UUID like 0000fff4-0000-1000-8000-00805f9b34fb or fff4, got '\(characteristic)'"
            )
        }
        profile = try context.probeProfile(named: arguments.value("profile"))
        pitProbe = try arguments.int("pit-probe", in: 1...16)
        if let pitProbe, let profile { try PacketDecoding.checkPitProbe(pitProbe, of: profile) }
        alarmCommand = arguments.value("on-alarm")
        if let text = arguments.value("ambient-range") {
            let parts = text.split(separator: ":").map { DecimalArgument.value($0) }
            guard parts.count == 2, let lo = parts[0], let hi = parts[1], lo < hi else {
                throw .usage("option '--ambient-range' must be LOW:HIGH, e.g. 105:125, got '\(text)'")
            }
            let range = context.unit.celsius(from: lo)...context.unit.celsius(from: hi)
            // A range no pit, oven or bath has (-300:50, 100:1e9) is a typo, not an alarm rule.
            guard Self.ambientRangeLimitsCelsius.contains(range.lowerBound),
                Self.ambientRangeLimitsCelsius.contains(range.upperBound)
            else {
                let low = context.unit.format(celsius: Self.ambientRangeLimitsCelsius.lowerBound, decimals: 0)
                let high = context.unit.format(celsius: Self.ambientRangeLimitsCelsius.upperBound, decimals: 0)
                throw .usage(
                    "option '--ambient-range' must lie between \(low.dropLast(2)) and \(high), got '\(text)'")
            }
            ambientRange = range
        } else {
            ambientRange = nil
        }
    }

    /// Where an `--ambient-range` may lie, Celsius: from a winter's cold smoke to a wood-fired
    /// oven's floor.
    static let ambientRangeLimitsCelsius: ClosedRange<Double> = -40...600

    /// Options that do nothing with the others given: said on stderr (one line each), since none
    /// of them changes what is recorded.
    static func ignoredOptions(_ arguments: ParsedArguments, source: SourceChoice) -> [String] {
        var notes: [String] = []
        if arguments.flag("json"), arguments.flag("plain") {
            notes.append("--plain has no effect with --json (JSON lines are never redrawn)")
        }
        // `playsOwnCook`: cookcast's own readings (a simulation's seed-probe packets, a sample's
        // rows), never a probe profile's packets.
        let (simulated, playsOwnCook, paced, probe): (Bool, Bool, Bool, Bool)
        switch source {
        case .simulate: (simulated, playsOwnCook, paced, probe) = (true, true, true, false)
        case .sample: (simulated, playsOwnCook, paced, probe) = (false, true, true, false)
        case .replay: (simulated, playsOwnCook, paced, probe) = (false, false, true, false)
        case .stdin: (simulated, playsOwnCook, paced, probe) = (false, false, false, false)
        case .probe: (simulated, playsOwnCook, paced, probe) = (false, false, false, true)
        }
        if arguments.value("seed") != nil, !simulated {
            notes.append("--seed only applies to --simulate; ignored")
        }
        if arguments.value("speed") != nil, !paced {
            notes.append("--speed only applies to --simulate, --sample and --replay; readings are taken as they arrive")
        }
        if arguments.value("characteristic") != nil, !probe {
            notes.append("--characteristic only applies to --probe; ignored")
        }
        // A simulation sends seed-probe packets; a replay's or stdin's packets are the profile's.
        if arguments.value("profile") != nil, playsOwnCook {
            notes.append("--profile only applies to --probe, --replay and --stdin; ignored")
        }
        // Without --profile, a probe's or a resumed session's profile may still take it.
        let mayFindProfile = probe || arguments.value("resume") != nil
        if arguments.value("pit-probe") != nil, playsOwnCook || (arguments.value("profile") == nil && !mayFindProfile) {
            notes.append(Self.pitProbeIgnored)
        }
        return notes
    }

    func run() async throws(CLIError) -> Int32 {
        if case .probe = source, let problem = BluetoothAvailability.problem(environment: context.environment) {
            throw CLIError(problem, exitCode: ExitCode.unavailable)
        }
        let store = try openStoreWaitingOutLocks()
        switch source {
        case .simulate(let preset, let seed):
            // The simulated probe is channel 1: it cooks to its own target when it has one (the
            // simulation ended at the session's, short of it).
            let target = goals.channelTargetsCelsius[1] ?? goals.targetCelsius
            let sim = SimulatorSource(preset: preset, options: SimulationOptions(seed: seed, targetCelsius: target))
            return try await run(sim, store: store, paced: true)
        case .sample(let sample, let path):
            // Played as `--replay` plays its file, under its own name: `SessionInfo.isSample`.
            let replay: ReplaySource
            do {
                replay = try ReplaySource(path: path, label: SessionInfo.sampleSourcePrefix + sample.name)
            } catch {
                throw .input(error)
            }
            replay.file.reportLeftOut(console: context.console)
            return try await run(replay, store: store, paced: true)
        case .replay(let path):
            let replay: ReplaySource
            let decoding = try packetDecoding(resuming: nil, store: store)
            do { replay = try ReplaySource(path: path, decoder: decoding.decoder) } catch { throw .input(error) }
            if profile != nil, replay.file.format != .hexLog {
                // Readings need no decoder: only a hex log's packets are the profile's.
                context.console.errorLine(
                    "cookcast live: warning: --profile only applies to packets (a t_s HEX log); "
                        + "\(path) has readings; ignored")
            }
            try replay.file.rejectBackwardsTime()
            replay.file.reportLeftOut(console: context.console)
            return try await run(
                replay, store: store, paced: true, probeId: replay.file.format == .hexLog ? decoding.probeId : nil,
                fingerprint: .file { replay.file.importContentHash(decoder: decoding.decoder) })
        case .stdin:
            if StandardDescriptors.inputIsDirectory {
                throw CLIError("standard input is a directory, not a stream of readings", exitCode: ExitCode.noInput)
            }
            let badLines = BadLineReporter(console: context.console)
            defer { badLines.finish() }
            let console = context.console
            let decoding = try packetDecoding(resuming: resumeID, store: store)
            return try await run(
                label: "stdin", store: store, paced: false, probeId: decoding.probeId, fingerprint: .storedReadings
            ) {
                opening throws(CLIError) in
                var clock: FeederClock? = nil
                if opening.isResumed {
                    do {
                        // The reader thread asks its own connection about at most three readings;
                        // the session is not loaded for it (the catch-up reads it once already).
                        let lookup = try SessionStore(path: store.path, readOnly: true)
                        let session = opening.id
                        let latest = try store.lastReadings(session: session, limit: 8)
                        clock = FeederClock(
                            resumeAtSeconds: opening.offsetSeconds, lastStoredSeconds: latest.last?.elapsedSeconds,
                            lastStoredProbeCelsius: latest.last { $0.probeCelsius != nil }?.probeCelsius,
                            storedProbeCelsius: { channel, ms in
                                try? lookup.probeCelsius(session: session, channel: channel, atMilliseconds: ms)
                            })
                    } catch { throw .io("\(error)") }
                }
                return StdinSource(
                    clock: clock, decoder: decoding.decoder, onIssue: badLines.report,
                    onNotice: { console.errorLine("note: \($0)") }, onWarning: { console.errorLine("warning: \($0)") })
            }
        case .probe(let address):
            // The session first: a resumed one was recorded with its profile and pit.
            let resume = try interruptedSession(of: BlueZSource.label(address: address), in: store)
            let decoding = try packetDecoding(resuming: resume, store: store) { knownProfile(of: address) }
            let probe = BlueZSource(
                options: BlueZLinkOptions(
                    address: address, characteristicUUID: characteristic, profile: decoding.profile),
                decoder: decoding.decoder, environment: context.environment)
            // The link stops discovery once the recording stops: let it, before the process exits.
            let result: Result<Int32, CLIError>
            do throws(CLIError) {
                result = .success(
                    try await run(
                        probe, store: store, paced: false, resume: resume, probeId: decoding.probeId,
                        fingerprint: .storedReadings))
            } catch {
                result = .failure(error)
            }
            await probe.waitUntilStopped(upToSeconds: 1)
            // A probe that cannot give what was asked for (a pinned characteristic it lacks): the
            // session is ended (not kept when it holds nothing, said as a note); the reason is the
            // error, its own line.
            if let failure = probe.failure {
                if case .failure(let error) = result {
                    guard error.exitCode == ExitCode.dataError else { throw error }
                    context.console.errorLine("note: \(error.message)")
                }
                throw CLIError(failure, exitCode: ExitCode.unavailable)
            }
            return try result.get()
        }
    }

    /// Why `source` cannot continue an interrupted session, or nil when it can. A simulation or a
    /// replay file starts again at its time zero: resumed on the session's clock, it wrote a second
    /// cook over the first (readings from 9.7 s on in a session that had reached 2990 s).
    static func cannotResume(_ source: SourceChoice) -> String? {
        switch source {
        case .simulate: return "a simulation, which starts its cook again from the beginning"
        case .replay: return "a replay file, which starts again from its first line"
        case .sample: return "a sample cook, which starts again from its first line"
        case .stdin, .probe: return nil
        }
    }

    /// What to do about a session `stopped` by the database, once it can be written again: a
    /// recording goes on with `--resume` (`resumeAdvice`), which refuses a played cook
    /// (`cannotResume`); that one is played again. A full disk under `live --replay` said
    /// "continue it with --resume 1", and `--resume 1` was then refused.
    func wayOn(after stopped: LiveStorageError) -> String {
        guard let played = Self.cannotResume(source) else { return stopped.resumeAdvice }
        return "it cannot be resumed (\(played)): run it again once the database can be written"
    }

    /// Without `--profile` or `--characteristic`, the profile of the service BlueZ already knows
    /// the probe to offer (after `cookcast scan`), said on standard error: an iBBQ sends nothing
    /// until it is logged in, so decoding it as the seed probe left a connected link silent.
    private func knownProfile(of address: String) -> ProbeProfile? {
        guard characteristic == nil, let probes = try? context.models().probes else { return nil }
        let offered = BlueZScanner.knownServiceUUIDs(address: address, environment: context.environment)
        guard let found = probes.profile(advertising: offered) else { return nil }
        context.console.errorLine(
            "note: \(address) offers the \(found.name) service: recording it as --profile \(found.name)")
        return found
    }

    /// A probe session that was killed less than `resumeWindowSeconds` ago, to continue instead of starting a new cook.
    /// One that another `live` is recording right now is refused: a second recorder of the probe
    /// would make the cook two sessions (it said "resuming session 1", then "cannot resume ...
    /// leave out --resume" to a user who gave no --resume).
    private func interruptedSession(of label: String, in store: SessionStore) throws(CLIError) -> Int64? {
        if let resumeID { return resumeID }
        do {
            guard let info = try store.latestActiveSession(source: label), let id = info.id else { return nil }
            if try RecordingLock.acquire(database: store.path, session: id) == nil {
                throw CLIError(
                    "\(label) is being recorded into session \(id) by another cookcast live; stop that one first",
                    exitCode: ExitCode.usage)
            }
            let lastSeconds = try store.lastReadings(session: id, limit: 1).last?.elapsedSeconds ?? 0
            let silentSeconds = Double(UTCTime.nowUnixMs() - info.startedAtUnixMs) / 1000 - lastSeconds
            guard silentSeconds < Self.resumeWindowSeconds else { return nil }
            context.console.errorLine(
                "resuming session \(id): its recorder stopped \(DurationFormat.short(silentSeconds)) ago")
            return id
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
    }

    /// How recent an interrupted probe session must be to be resumed automatically.
    static let resumeWindowSeconds = 1800.0

    private func run<Source: ReadingSource>(
        _ source: Source, store: SessionStore, paced: Bool, resume: Int64? = nil, probeId: String? = nil,
        fingerprint: LiveFingerprint? = nil
    ) async throws(CLIError) -> Int32 {
        try await run(
            label: source.label, store: store, paced: paced, resume: resume, probeId: probeId,
            fingerprint: fingerprint
        ) { _ in source }
    }

    /// Opens (or resumes) the session for a source labelled `label` (its `probeId`: the profile
    /// its packets are decoded with), then records what the source `makeSource` makes for it (one
    /// that depends on where the session resumes) gives. `fingerprint` (the content hash `import`
    /// gives a replayed file, or the stored readings' of a cook read from stdin or a probe) is
    /// stored as the session's as the run ends (a replay's only once its file has ended), before
    /// the cook is learned from (`fingerprintAsImported`).
    private func run<Source: ReadingSource>(
        label: String, store: SessionStore, paced: Bool, resume: Int64? = nil, probeId: String? = nil,
        fingerprint: LiveFingerprint? = nil,
        makeSource: (LiveSessionOpening) throws(CLIError) -> Source
    ) async throws(CLIError) -> Int32 {
        endPlayedCooksLeftActive(store: store)
        let session = try openSession(label: label, store: store, resume: resume ?? resumeID, probeId: probeId)
        defer { session.lock.release() }
        let source = try makeSource(session)
        let sessionID = session.id
        let startedAt = session.startedAtUnixMs
        let offset = session.offsetSeconds
        let goals = session.goals
        var rules = AlarmRules(targetCelsius: goals.targetCelsius, channelTargetsCelsius: goals.channelTargetsCelsius)
        rules.ambientRangeCelsius = ambientRange
        var config = LivePipeline.Configuration(
            sessionID: sessionID, batchSize: paced && speed == nil ? 500 : 1, timeOffsetSeconds: offset,
            initialLinkEpoch: session.linkEpoch, alarmRules: rules, startedAtUnixMs: startedAt)
        // A real-time source's silence is timed by the wall clock; a paced one's by its events.
        config.silenceCheckIntervalSeconds = paced ? nil : 1
        config.isResumed = session.isResumed
        config.sourceTimesOnSessionClock = source.timesOnSessionClock
        let console = context.console
        config.onNotice = { console.errorLine("note: \($0)") }
        let interrupts = InterruptibleRun.record
        config.isStopRequested = { (interrupts?.count ?? 0) >= 2 }
        let sink: any LiveSink =
            json
            ? JSONLinesSink(console: context.console, sessionID: sessionID, unit: context.unit)
            : TerminalDashboard(
                console: plain ? NonInteractiveConsole(context.console) : context.console,
                unit: context.unit, title: source.label, startedAtUnixMs: startedAt)
        let eta: (any ETAProvider)?
        if goals.targetCelsius != nil || !goals.channelTargetsCelsius.isEmpty {
            let priors = try PriorLibrary.priors(models: try context.models(), store: store)
            eta = SessionETAProvider(
                targetCelsius: goals.targetCelsius, cut: goals.cut, priors: priors, channelCuts: goals.channelCuts,
                channelTargetsCelsius: goals.channelTargetsCelsius)
        } else {
            eta = nil
            context.console.errorLine("note: no --target and no --cut: no ETA, readings are still stored")
        }
        var sinks: [any LiveSink] = [sink]
        if let alarmCommand {
            sinks.append(AlarmCommandSink(command: alarmCommand, console: context.console, unit: context.unit))
        }
        let pipeline = LivePipeline(store: store, configuration: config, eta: eta, sinks: sinks)
        let summary: LiveSummary
        do {
            if paced {
                summary = try await InterruptibleRun.run {
                    try await pipeline.run(PacedSource(source, speed: speed ?? Pacing.unpaced))
                }
            } else {
                summary = try await InterruptibleRun.run { try await pipeline.run(source) }
            }
        } catch let error as LiveStorageError {
            let ended = endIfPlayed(error, store: store).map { $0 + "; " } ?? ""
            let wayOn = ended + wayOn(after: error)
            guard !error.unsaved.isEmpty else { throw .io(error.outcome + "; " + wayOn) }
            let recovery = RecoveryFile(
                database: store.path, sessionID: sessionID,
                otherDirectories: RecoveryFile.otherDirectories(environment: context.environment))
            throw .io(recovery.save(error, wayOn: wayOn, fallback: console.writeError))
        } catch {
            throw .io("session \(sessionID): \(error)")
        }
        if let nothing = try discardIfEmpty(session, summary: summary, label: source.label, store: store) {
            session.lock.release()
            guard summary.ending == .interrupted else { throw .data(nothing) }
            console.errorLine("note: \(nothing)")
            return ExitCode.interrupted
        }
        if let fingerprint, summary.ending == .sourceEnded || !fingerprint.needsWholeInput {
            fingerprintAsImported(sessionID, label: source.label, fingerprint: fingerprint, store: store)
        }
        // Every reading is stored by now: what the cook teaches is a bonus, and a failure to learn
        // it (a database locked by another process) is a note, never a failed cook.
        session.lock.release()
        do {
            if let learned = try CookLearning.learn(
                from: sessionID, store: store, models: try context.models(), nowUnixMs: UTCTime.nowUnixMs())
            {
                json ? console.errorLine("note: \(learned)") : console.line(learned)
            }
        } catch {
            console.errorLine("note: could not learn from this cook now (\(error)); `cookcast fit` will")
        }
        return summary.ending == .interrupted ? ExitCode.interrupted : ExitCode.success
    }
}

/// Wraps a console so the dashboard prints lines instead of redrawing (`--plain`).
final class NonInteractiveConsole: Console {
    private let base: any Console
    init(_ base: any Console) { self.base = base }
    func write(_ text: String) { base.write(text) }
    func writeError(_ text: String) { base.writeError(text) }
    var isInteractive: Bool { false }
}
