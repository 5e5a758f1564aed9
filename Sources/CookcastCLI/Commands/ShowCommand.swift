import CookcastCore
import CookcastFit
import CookcastStore

/// `cookcast show ID`: one session: summary, channels, events, last readings.
struct ShowCommand: Command {
    static let name = "show"
    static let abstract = "show one session: summary, events, fits, last readings"
    static let usage = "cookcast show SESSION [--readings N] [--db PATH] [--unit c|f]"
    static let help = """
        Prints the session's metadata, its channels, each probe's latest prediction (a line per
        probe with several), every event (connects, disconnects, alarms, decode errors) and the
        last readings (default 10). Temperatures, in the events' text too, are shown in --unit
        (stored in Celsius). Readings received at a time the session stores with other values (a
        feeder whose clock restarted) are kept apart from its curve and counted on a line of their
        own: `cookcast export SESSION --set-aside` writes them.
        Safe to run while `cookcast live` is writing the same database.
        """
    static let options = OptionSpec(valued: ["readings"])

    let context: CommandContext
    let sessionID: Int64
    let readingCount: Int

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        self.sessionID = try SessionArgument.single(arguments.positionals)
        self.readingCount = try arguments.int("readings", in: 0...100_000) ?? 10
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        let store = try context.openStore(readOnly: true)
        let console = context.console
        let unit = context.unit
        do {
            guard let info = try store.session(sessionID) else {
                throw CLIError.data("no session \(sessionID) in \(context.databasePath)")
            }
            let summary = try store.summary(session: sessionID)
            console.line("session \(sessionID)" + (info.name.map { ": \($0)" } ?? ""))
            console.line("  started    \(UTCTime.string(unixMs: info.startedAtUnixMs)) UTC")
            if let end = info.endedAtUnixMs { console.line("  ended      \(UTCTime.string(unixMs: end)) UTC") }
            console.line("  status     \(info.status.rawValue)")
            console.line("  source     \(info.source)")
            console.line("  cut        \(info.cut ?? "-")")
            // No target of its own: its cut's usual one, which fit and live take (it said "--"
            // beside a fit "done" at 95 C).
            let usual =
                info.targetCelsius == nil ? info.cut.flatMap { try? context.models().cuts.profile(named: $0) } : nil
            let target =
                usual.map { "\(unit.format(celsius: $0.defaultTargetCelsius)) (the usual for \($0.name))" }
                ?? unit.format(celsius: info.targetCelsius)
            console.line("  target     \(target)")
            if let s = summary {
                console.line("  readings   \(s.readingCount)")
                if s.setAsideCount > 0 { console.line("  set aside  " + Self.setAsideText(s)) }
                console.line("  duration   \(s.durationSeconds.map(DurationFormat.short) ?? "-")")
                console.line("  max probe  \(unit.format(celsius: s.maxProbeCelsius))")
            }
            let channels = try store.channels(session: sessionID)
            if channels.count > 1 || channels.contains(where: { $0.cut != nil || $0.targetCelsius != nil }) {
                console.line(
                    "  channels   "
                        + channels.map { Self.channelLabel($0, unit: unit) }.joined(separator: ", "))
            }
            let fits = try store.lastFitOfEachChannel(session: sessionID, summaryModel: PriorSet.modelName)
            let meatProbes = channels.filter { $0.role == .meat }.count
            let label = fits.count > 1 ? "  last fits  " : "  last fit   "
            for (index, line) in Self.lastFitLines(fits, namingProbes: meatProbes > 1).enumerated() {
                console.line((index == 0 ? label : String(repeating: " ", count: label.count)) + line)
            }
            let events = try store.events(session: sessionID)
            console.line("events (\(events.count)):")
            for e in events.suffix(50) {
                let ch = e.channel.map { Self.eventChannelLabel($0) } ?? ""
                let detail = e.displayDetail(unit: unit)
                console.line("  [\(DurationFormat.clock(e.elapsedSeconds))] \(e.kind.rawValue)\(ch) \(detail)")
            }
            if events.count > 50 { console.line("  (\(events.count - 50) earlier events not shown)") }
            let last = try store.lastReadings(session: sessionID, limit: readingCount)
            // A header with nothing under it ("last readings (0):") read as a list that failed.
            console.line(last.isEmpty && readingCount > 0 ? "no readings" : "last readings (\(last.count)):")
            for r in last {
                let battery = r.batteryPercent.map { "  battery \(Int($0.rounded())) %" } ?? ""
                console.line(
                    "  [\(DurationFormat.clock(r.elapsedSeconds))] ch\(r.channel)  probe \(unit.format(celsius: r.probeCelsius))  ambient \(unit.format(celsius: r.ambientCelsius))\(battery)"
                )
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
        return ExitCode.success
    }
}

extension ShowCommand {
    /// `40 readings at a stored time with other values (cookcast export 3 --set-aside)`: what the
    /// session keeps apart from its curve, and how to get it.
    static func setAsideText(_ summary: SessionSummary) -> String {
        "\(Counted.words(summary.setAsideCount, "reading")) at a stored time with other values "
            + "(cookcast export \(summary.id) --set-aside)"
    }

    /// One line per probe's last fit: `at 01:56:40: predicting, finish at 02:41:04`, with
    /// several probes (`namingProbes`, or fits of several) `probe 2 at ...` each. The session's
    /// last fit alone was its highest channel's: "probe 2 ... done" for a cook whose probe 1 was
    /// 45 minutes short, where the live view's ETA is the slowest probe's and `plot` draws each.
    static func lastFitLines(_ fits: [FitRecord], namingProbes: Bool) -> [String] {
        fits.map { fit in
            let eta = fit.shownFinishSeconds.map { "finish at \(DurationFormat.clock($0))" } ?? "no finish estimate"
            let probe = namingProbes || fits.count > 1 ? "probe \(fit.channel) " : ""
            return "\(probe)at \(DurationFormat.clock(fit.elapsedSeconds)): \(fit.phase), \(eta)"
        }
    }

    /// Where an event happened, as shown after its kind: ` ch3` for a probe, ` thermometer` for
    /// the device itself (`ProbeProfile.settingsChannel`, an iBBQ's battery reply), which has no
    /// probe 0.
    static func eventChannelLabel(_ channel: Int) -> String {
        channel == ProbeProfile.settingsChannel ? " thermometer" : " ch\(channel)"
    }

    /// `2=pit (ambient)`, `3=probe 3 (meat, pork_shoulder to 95.0 C)` for a probe with a cut or
    /// target of its own; the role is not repeated when the name already says it (heat-ledger's
    /// `sensor_2 (meat)` was shown as `sensor_2 (meat) (meat)`, a pit probe `4=probe 4 (pit)
    /// (ambient)`), and a name ending in a parenthesis takes the notes into it.
    static func channelLabel(_ channel: ChannelInfo, unit: TemperatureUnit = .celsius) -> String {
        let name = channel.name ?? "probe \(channel.channel)"
        // A pit probe named "probe 4 (pit)" (import --pit-probe, live --pit-probe) says it too.
        let said =
            name.lowercased().contains(channel.role.rawValue) || (channel.role == .ambient && name.hasSuffix("(pit)"))
        var notes = said ? [] : [channel.role.rawValue]
        switch (channel.cut, channel.targetCelsius) {
        case (let cut?, let target?): notes.append("\(cut) to \(unit.format(celsius: target))")
        case (let cut?, nil): notes.append(cut)
        case (nil, let target?): notes.append("to \(unit.format(celsius: target))")
        case (nil, nil): break
        }
        guard !notes.isEmpty else { return "\(channel.channel)=\(name)" }
        let joined = notes.joined(separator: ", ")
        if name.hasSuffix(")") { return "\(channel.channel)=\(name.dropLast()), \(joined))" }
        return "\(channel.channel)=\(name) (\(joined))"
    }
}

/// Parses session id arguments.
enum SessionArgument {
    static func single(_ positionals: [String]) throws(CLIError) -> Int64 {
        guard positionals.count == 1 else {
            throw .usage(positionals.isEmpty ? "missing SESSION id" : "expected one SESSION id")
        }
        return try parse(positionals[0])
    }

    static func parse(_ text: String) throws(CLIError) -> Int64 {
        guard let id = Int64(text), id > 0 else { throw .usage("'\(text)' is not a session id (a positive integer)") }
        return id
    }
}
