import CookcastCore

/// `cookcast decode HEX`: decode one probe packet (the seed probe's, or a profile's), for probe
/// debugging.
struct DecodeCommand: Command {
    static let name = "decode"
    static let abstract = "decode one probe packet given in hex"
    static let usage = "cookcast decode HEX [--profile NAME [--settings]] [--json] [--unit c|f]"
    static let help = """
        Decodes a notification payload of the seed probe (9-byte reading or 8-byte status), or with
        --profile NAME one of that probe profile (Models/probes.json: seed, ibbq). --settings decodes
        a reply of the profile's settings characteristic (an iBBQ battery reply on FFF1) instead of
        its data. Spaces, colons and a 0x prefix are allowed. Exits 65 if the packet does not
        decode, 64 if it is not hex or the profile is unknown.

        examples:
          cookcast decode 00000064F500FB00DD      probe 24.5 C, ambient 25.1 C, battery 87 %
          cookcast decode "00 01 B7 0D 01 FF FF FF"
          cookcast decode --profile ibbq "F5 00 F6 FF 4C 04 F6 FF"   probe 1 24.5 C, probe 3 110.0 C
          cookcast decode --profile ibbq --settings "24 A0 0F 98 19 00"   battery 61 %
        """
    static let options = OptionSpec(valued: ["profile"], flags: ["json", "settings"])

    let bytes: [UInt8]
    let json: Bool
    let profile: ProbeProfile?
    let channel: Int
    let context: CommandContext

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard !arguments.positionals.isEmpty else { throw .usage("missing packet bytes (HEX)") }
        let text = arguments.positionals.joined()
        guard let bytes = Hex.bytes(from: text) else { throw .usage("'\(text)' is not hexadecimal bytes") }
        self.bytes = bytes
        self.json = arguments.flag("json")
        self.profile = try context.probeProfile(named: arguments.value("profile"))
        if arguments.flag("settings"), profile?.settingsNotifyUUID == nil {
            throw .usage("--settings needs a --profile with a settings characteristic (ibbq)")
        }
        self.channel = arguments.flag("settings") ? ProbeProfile.settingsChannel : 1
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        let decoder = profile?.decoder() ?? SeedProbeDecoder()
        switch decoder.decode(bytes, elapsedSeconds: 0, channel: channel) {
        case .reading(let r):
            show(r)
            return ExitCode.success
        case .readings(let readings):
            for r in readings { showProbe(r) }
            return ExitCode.success
        case .status(let s):
            show(s)
            return ExitCode.success
        case .failure(let error):
            // `--json`: the line `live --json` gives such a packet, for the script reading stdout;
            // the one-line error and 65 as without it.
            if json {
                context.console.line(
                    JSONLine.object([
                        "type": .string("decode_error"), "bytes": .string(error.shownHex),
                        "length": .integer(Int64(error.bytes.count)), "reason": .string(error.reason.rawValue),
                    ]))
            }
            throw .data(error.description)
        }
    }

    /// A seed-probe reading: probe, ambient and battery on one line.
    private func show(_ r: Reading) {
        let unit = context.unit
        if json {
            context.console.line(
                JSONLine.object([
                    "type": .string("reading"), "probe_c": .number(r.probeCelsius),
                    "ambient_c": .number(r.ambientCelsius), "battery_pct": .number(r.batteryPercent),
                ]))
        } else {
            let battery = r.batteryPercent.map { "\(Int($0.rounded())) %" } ?? "--"
            context.console.line(
                "probe \(unit.format(celsius: r.probeCelsius)), ambient \(unit.format(celsius: r.ambientCelsius)), battery \(battery)"
            )
        }
    }

    /// One probe of a multi-probe packet: a line per plugged probe.
    private func showProbe(_ r: Reading) {
        let unit = context.unit
        if json {
            context.console.line(
                JSONLine.object([
                    "type": .string("reading"), "channel": .number(Double(r.channel)),
                    "probe_c": .number(r.probeCelsius), "ambient_c": .number(r.ambientCelsius),
                ]))
        } else {
            context.console.line("probe \(r.channel) \(unit.format(celsius: r.probeCelsius))")
        }
    }

    private func show(_ s: ProbeStatus) {
        let word = s.rawWord.map(String.init) ?? "--"
        if let battery = s.batteryPercent {
            if json {
                context.console.line(
                    JSONLine.object([
                        "type": .string("status"), "raw_word": .string(word), "battery_pct": .number(battery),
                    ]))
            } else {
                context.console.line("battery \(Int(battery.rounded())) % (voltage word \(word))")
            }
        } else if profile.map({ $0.probeProtocol != .seed }) ?? false {
            if json {
                context.console.line(JSONLine.object(["type": .string("status"), "raw_word": .string(word)]))
            } else {
                context.console.line("status packet (not a reading): no probe plugged in, or a settings reply")
            }
        } else if json {
            context.console.line(JSONLine.object(["type": .string("status"), "raw_word": .string(word)]))
        } else {
            context.console.line("status packet (not a reading): raw word \(word) (plausibly battery mV, unconfirmed)")
        }
    }
}
