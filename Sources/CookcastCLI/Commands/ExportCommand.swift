import CookcastCore
import CookcastStore
import Foundation

/// `cookcast export ID --format csv|json`: a session in the canonical CSV or cookcast's JSON.
struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "write a session as canonical CSV or JSON"
    static let usage = "cookcast export SESSION [--format csv|json] [--channel N] [--set-aside] [-o FILE]"
    static let help = """
        csv:  header `t_s,probe_c,ambient_c` (seconds since start, Celsius, empty = no value), plus
              `channel` when the session has several channels (or one other than 1) and
              `battery_pct` when the probe reported a battery level (a thermometer that reports
              it apart, an iBBQ: the level last reported, on each row after it). A pit/oven
              channel (role ambient) has its values in
              ambient_c and probe_c empty, which is how `cookcast import` recognises it.
              Channels of other sensors (a Combustion's thermistors along the probe, role
              sensor) are left out, with a note: the CSV has no column for them, and read back
              they would be meat probes (--format json keeps them; --channel N writes one).
              `cookcast import` reads the file back into identical readings.
        json: the whole cook (session, channels, readings, events, vendor series) as one JSON
              document, with `setAside` when the session keeps readings apart (below).
        --set-aside: the readings the session keeps apart from its curve instead, in the
              canonical CSV: readings received at a channel and time it stores with other values
              (a feeder whose clock restarted, a probe's clock reset), in time order (csv only).
              `cookcast import` of the file makes them a session of their own. A CSV export of
              the curve says in a note when the session has some.
        --channel N: only that channel's readings (either format); a channel the session does not
        have is an error (exit 65). In the CSV a probe without its own air sensor gets the pit's
        air in ambient_c (the latest any channel read within 60 s), as live and fit drive it: the
        file alone is that probe's cook (`cookcast predict` on it says what live said).
        Writes to standard output unless -o/--output FILE is given (-o - is standard output too).
        """
    static let options = OptionSpec(valued: ["format", "channel", "output", "o"], flags: ["set-aside"])

    let context: CommandContext
    let sessionID: Int64
    let format: String
    let channel: Int?
    let outputPath: String?
    /// `--set-aside`: the readings kept apart from the curve, not the curve.
    let setAside: Bool

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        sessionID = try SessionArgument.single(arguments.positionals)
        format = arguments.value("format") ?? "csv"
        guard ["csv", "json"].contains(format) else {
            throw .usage("option '--format' must be csv or json, got '\(format)'")
        }
        setAside = arguments.flag("set-aside")
        if setAside, format != "csv" {
            throw .usage("--set-aside writes the canonical CSV; --format json carries them in its setAside")
        }
        channel = try arguments.int("channel", in: ChannelInfo.numbers)
        // `-o -` is standard output, as for most Unix tools (it wrote a file named "-").
        outputPath = (arguments.value("output") ?? arguments.value("o")).flatMap { $0 == "-" ? nil : $0 }
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        let store = try context.openStore(readOnly: true)
        try write(store)
        return ExitCode.success
    }

    /// Throws the one-line error for a `--channel` the session does not have.
    private func check(_ channel: Int, in channels: [ChannelInfo], readingChannels: [Int]) throws(CLIError) {
        guard !channels.contains(where: { $0.channel == channel }), !readingChannels.contains(channel) else { return }
        let known = Set(channels.map(\.channel) + readingChannels).sorted()
        throw .data(
            "session \(sessionID) has no channel \(channel) (channels: \(known.map(String.init).joined(separator: ", ")))"
        )
    }

    /// The file, written as its readings are read, a chunk at a time (`CookJSONWriter`, the CSV's
    /// `Layout`): built whole, a 72 h, 4-probe cook's 202 MB JSON document took 1.39 GB, and its
    /// CSV a few hundred MB.
    private func write(_ store: SessionStore) throws(CLIError) {
        let console = context.console
        // Checked before the output is opened: a FIFO's open waits for its reader, and a file
        // path should not be touched for a session that is not there.
        do {
            guard try store.session(sessionID) != nil else {
                throw CLIError.data("no session \(sessionID) in \(context.databasePath)")
            }
            if let channel {
                try check(
                    channel, in: try store.channels(session: sessionID),
                    readingChannels: try store.readingChannels(session: sessionID))
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
        let stream: ((String) throws(CLIError) -> Void) throws(CLIError) -> Void = { emit throws(CLIError) in
            // The store's closures throw untyped errors: a CLIError from `emit` is kept as is.
            do {
                if setAside {
                    try writeSetAside(store, emit)
                } else if format == "json" {
                    try streamJSON(store, emit)
                } else {
                    try streamCSV(store, emit)
                }
            } catch let error as CLIError {
                if console.outputFailure != nil, outputPath == nil { return }  // already reported; exit 74 follows
                throw error
            } catch let error as EncodingError {
                throw CLIError("cannot encode session \(sessionID): \(error)", exitCode: ExitCode.software)
            } catch let error as CookJSONWriterError {
                throw CLIError("cannot encode session \(sessionID): \(error)", exitCode: ExitCode.software)
            } catch {
                throw .io("\(error)")
            }
        }
        if let outputPath {
            try OutputFile.write(to: outputPath) { emit throws(CLIError) in try stream(emit) }
        } else {
            // The console reports a failed standard output once; reading on would be wasted.
            try stream { text throws(CLIError) in
                console.write(text)
                if console.outputFailure != nil { throw .io("standard output failed") }
            }
        }
    }

    /// The canonical CSV: its optional columns from the channels with readings and whether any
    /// has a battery level (its own, or its thermometer's: `ThermometerBattery`), then the rows in
    /// time order, a chunk at a time.
    private func streamCSV(_ store: SessionStore, _ emit: (String) throws(CLIError) -> Void) throws {
        let thermometer = try thermometerBattery(store)
        let hasBattery = try !thermometer.isEmpty || store.hasBatteryReadings(session: sessionID, channel: channel)
        var layout: CanonicalCSV.Layout?
        // One channel of several: every channel is read, for the pit's air.
        var pitAir = PitAir()
        // Channels that are neither meat nor the pit (a Combustion's thermistors along the probe)
        // have no column: read back, their probe_c rows were meat probes, and `predict` answered
        // for a surface sensor. Left out of a whole session's file, and said; `--channel N` asks
        // for one.
        var leftOut = Set<Int>()
        let found = try store.cook(
            sessionID,
            head: { cook, allReadingChannels in
                if !cook.setAside.isEmpty { context.console.errorLine(setAsideNote(cook.setAside)) }
                let sensors = cook.channels.filter { $0.role == .sensor }
                if channel == nil, !sensors.isEmpty {
                    leftOut = Set(sensors.map(\.channel))
                    context.console.errorLine(Self.sensorsLeftOutNote(sessionID, sensors))
                }
                let readingChannels = allReadingChannels.filter { !leftOut.contains($0) }
                // `--channel N` writes the single-probe file `live --replay` and `predict` read
                // (the pit's air in its rows), without a channel column; a whole session keeps
                // its channel numbers, even a lone channel 3 (re-imported as channel 1, a merge
                // of the same cook with its JSON export stored every reading twice).
                layout =
                    channel != nil
                    ? CanonicalCSV.Layout(multiChannel: false, hasBattery: hasBattery)
                    : CanonicalCSV.Layout(channels: readingChannels, hasBattery: hasBattery)
                try emit(layout?.header ?? "")
                return true
            },
            readings: { chunk in
                var rows = leftOut.isEmpty ? chunk : chunk.filter { !leftOut.contains($0.channel) }
                if let channel {
                    rows = chunk.compactMap { reading in
                        let air = pitAir.air(for: reading)
                        guard reading.channel == channel else { return nil }
                        var shown = reading
                        // A probe's own air, else the pit's; a pit channel's rows stay as they are.
                        if shown.probeCelsius != nil { shown.ambientCelsius = air }
                        return shown
                    }
                }
                guard let text = layout?.rows(thermometer.filling(rows)) else { return false }
                try emit(text)
                return true
            })
        guard found else { throw CLIError.data("no session \(sessionID) in \(context.databasePath)") }
    }

    /// The note for a whole session's CSV without its sensor channels.
    static func sensorsLeftOutNote(_ sessionID: Int64, _ sensors: [ChannelInfo]) -> String {
        let named = sensors.map { s in s.name.map { "\(s.channel) \($0)" } ?? "\(s.channel)" }
        return
            "note: session \(sessionID): \(Counted.words(sensors.count, "sensor channel")) (\(named.joined(separator: ", "))) "
            + "left out of the CSV, which has no column for a sensor that is neither meat nor the pit "
            + "(read back, it would be a meat probe); --format json keeps them, --channel N writes one alone"
    }

    /// The battery levels the session's thermometer reported apart from its readings (an iBBQ's),
    /// each decoded again by the session's probe profile when the models have it.
    private func thermometerBattery(_ store: SessionStore) throws -> ThermometerBattery {
        let profileName = PacketDecoding.profileName(fromProbeId: try store.session(sessionID)?.probeId)
        let profile = profileName.flatMap { name in (try? context.probeProfile(named: name)) ?? nil }
        return ThermometerBattery(events: try store.events(session: sessionID), decoder: profile?.decoder())
    }

    /// The JSON document: the cook without its readings, then the readings a chunk at a time.
    private func streamJSON(_ store: SessionStore, _ emit: (String) throws(CLIError) -> Void) throws {
        var writer: CookJSONWriter?
        let found = try store.cook(
            sessionID, channel: channel,
            head: { cook, _ in
                var head = cook
                if let channel { head.channels = cook.channels.filter { $0.channel == channel } }
                writer = try CookJSONWriter(head: head)
                try emit(writer?.opening ?? "")
                return true
            },
            readings: { chunk in
                guard let text = try writer?.readings(chunk) else { return false }
                try emit(text)
                return true
            })
        guard found, let writer else { throw CLIError.data("no session \(sessionID) in \(context.databasePath)") }
        try emit(writer.closing)
    }
}
