import CookcastCore

/// `cookcast decode HEX`: decode one seed-probe packet, for probe debugging.
struct DecodeCommand: Command {
    static let name = "decode"
    static let abstract = "decode one probe packet given in hex"
    static let usage = "cookcast decode HEX [--json] [--unit c|f]"
    static let help = """
        Decodes a notification payload of the seed probe (9-byte reading or 8-byte status).
        Spaces, colons and a 0x prefix are allowed. Exits 65 if the packet does not decode, 64 if it is not hex.

        examples:
          cookcast decode 00000064F500FB00DD      probe 24.5 C, ambient 25.1 C, battery 87 %
          cookcast decode "00 01 B7 0D 01 FF FF FF"
        """
    static let options = OptionSpec(flags: ["json"])

    let bytes: [UInt8]
    let json: Bool
    let context: CommandContext

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard !arguments.positionals.isEmpty else { throw .usage("missing packet bytes (HEX)") }
        let text = arguments.positionals.joined()
        guard let bytes = Hex.bytes(from: text) else { throw .usage("'\(text)' is not hexadecimal bytes") }
        self.bytes = bytes
        self.json = arguments.flag("json")
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        let unit = context.unit
        switch SeedProbeDecoder().decode(bytes, elapsedSeconds: 0, channel: 1) {
        case .reading(let r):
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
            return ExitCode.success
        case .status(let s):
            let word = s.rawWord.map(String.init) ?? "--"
            if json {
                context.console.line(JSONLine.object(["type": .string("status"), "raw_word": .string(word)]))
            } else {
                context.console.line(
                    "status packet (not a reading): raw word \(word) (plausibly battery mV, unconfirmed)")
            }
            return ExitCode.success
        case .failure(let error):
            throw .data(error.description)
        }
    }
}
