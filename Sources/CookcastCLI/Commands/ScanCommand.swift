import CookcastBlueZ
import CookcastCore

/// `cookcast scan`: nearby BLE devices, to find the probe's address.
struct ScanCommand: Command {
    static let name = "scan"
    static let abstract = "list nearby Bluetooth LE devices (name, address, RSSI, recognised protocol)"
    static let usage = "cookcast scan [--seconds N]"
    static let help = """
        Scans through BlueZ for --seconds (default 5) and lists the devices, strongest first.
        Use the address with `cookcast live --probe ADDR`; a device advertising the service of a
        probe profile (Models/probes.json, e.g. an Inkbird iBBQ) is shown with the `--profile`
        it needs. Exits 69 without a Bluetooth service.
        """
    static let options = OptionSpec(valued: ["seconds"])

    let context: CommandContext
    let seconds: Double

    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("unexpected argument '\(arguments.positionals[0])'") }
        seconds = try arguments.double("seconds", in: 0.1...300) ?? 5
        self.context = context
    }

    func run() async throws(CLIError) -> Int32 {
        if let problem = BluetoothAvailability.problem(environment: context.environment) {
            throw CLIError(problem, exitCode: ExitCode.unavailable)
        }
        let devices: [ScannedDevice]
        do {
            devices = try BlueZScanner.scan(seconds: seconds, environment: context.environment)
        } catch let error where error.isBusUnreachable {
            // The bus went away since the check above: said as the check says it.
            throw CLIError(error.systemBusDownLine ?? error.message, exitCode: ExitCode.unavailable)
        } catch let error where error.isAccessDenied {
            throw CLIError(error.accessDeniedLine ?? error.message, exitCode: ExitCode.unavailable)
        } catch let error where error.name == "org.bluez.Error.NotReady" {
            // No adapter, or one powered off: the message says what to do.
            throw CLIError(error.message, exitCode: ExitCode.unavailable)
        } catch {
            throw CLIError("scan failed: \(error.description)", exitCode: ExitCode.unavailable)
        }
        guard !devices.isEmpty else {
            // As given: `--seconds 0.3` said "in 0 s".
            let given = seconds == seconds.rounded() ? 0 : seconds * 10 == (seconds * 10).rounded() ? 1 : 2
            context.console.line("no devices found in \(TemperatureUnit.fixed(seconds, decimals: given)) s")
            return ExitCode.success
        }
        // Without the model data every device is still listed, none with a profile.
        let profiles = (try? context.models().probes) ?? ProbeProfileCatalog(profiles: [])
        let rows = devices.map { d in
            let live = "cookcast live --probe \(d.address)"
            let suggestion =
                if let profile = profiles.profile(advertising: d.serviceUUIDs) {
                    "\(profile.name): \(live) --profile \(profile.name)"
                } else if let known = d.recognizedProtocol {
                    "\(known) (not supported yet)"
                } else {
                    "unknown (try: \(live))"
                }
            return [d.address, d.name ?? "-", d.rssi.map { "\($0) dBm" } ?? "-", suggestion]
        }
        context.console.write(TextTable(columns: ["address", "name", "RSSI", "protocol"]).render(rows))
        return ExitCode.success
    }
}
