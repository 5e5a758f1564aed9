import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `live --replay FILE --profile ibbq [--pit-probe N]` and `live --stdin --profile ibbq`: a
/// captured iBBQ log goes through the iBBQ decoder (it was decoded as seed-probe packets, every
/// line a decode error, the profile "ignored"); `chN` after a packet is the channel it came on,
/// `ch0` the settings characteristic (a battery reply). The thermometer's channel 0 is no probe:
/// `show` says `thermometer`, and the battery alarm names no probe.
@Suite struct LiveProfileReplayTests {
    /// Sockets 1 and 3 in the meat, 2 empty, 4 in the pit at 110 C, every 10 s for 20 minutes; a
    /// battery reply at 61 %, then at 12 % ten minutes later.
    static let log: String = {
        var lines = ["# iBBQ notifications: t_s HEX [chN]"]
        for i in 0..<120 {
            let packet = IBBQDecoder.encodeRealtime(celsius: [20 + Double(i) * 0.1, nil, 30 + Double(i) * 0.1, 110])
            lines.append("\(i * 10) \(Hex.string(from: packet))")
            if i == 0 { lines.append("0.5 24 A0 0F 98 19 00 ch0") }
            if i == 60 { lines.append("600.5 242003981900 ch0") }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// What the run stored: readings per channel, channels, events.
    static func checkStored(_ database: String) throws {
        let store = try SessionStore(path: database, readOnly: true)
        let byChannel = Dictionary(grouping: try store.readings(session: 1), by: \.channel)
        #expect(byChannel.keys.sorted() == [1, 3, 4])
        #expect(byChannel[1]?.count == 120)
        #expect(byChannel[1]?.last.flatMap(\.probeCelsius).map { ($0 * 10).rounded() } == 319)
        #expect(byChannel[4]?.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius == 110 } == true)
        let channels = try store.channels(session: 1).map { "\($0.channel) \($0.name ?? "-") \($0.role.rawValue)" }
        #expect(channels == ["1 probe 1 meat", "3 probe 3 meat", "4 probe 4 (pit) ambient"])
        let events = try store.events(session: 1)
        #expect(events.filter { $0.kind == .decodeError }.isEmpty)
        #expect(
            events.filter { $0.kind == .probeStatus }.map { "\($0.channel ?? -1) \($0.detail)" } == [
                "0 battery 61 % (24A00F981900)", "0 battery 12 % (242003981900)",
            ])
        let alarms = events.filter { $0.kind == .alarm }
        #expect(alarms.map(\.detail) == ["battery_low: thermometer battery low (12 %)"])
        #expect(alarms.first?.channel == nil)
    }

    @Test func aReplayedIBBQLogIsDecodedByItsProfile() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.log)
        let r = await box.replayIBBQLog(file)
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.err.contains("ignored"), "\(r.err)")
        try Self.checkStored(box.databasePath)

        let show = await box.run(["show", "1"])
        #expect(show.out.contains("channels   1=probe 1 (meat), 3=probe 3 (meat), 4=probe 4 (pit)\n"), "\(show.out)")
        #expect(show.out.contains("probe_status thermometer battery 61 % (24A00F981900)"), "\(show.out)")
        #expect(!show.out.contains("ch0") && !show.out.contains("probe 0"), "\(show.out)")
    }

    @Test func stdinPacketsAreDecodedByTheProfile() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (process, input) = try CookcastBinary.startLive(
            ["--profile", "ibbq", "--pit-probe", "4"], database: box.databasePath)
        input.write(Data(Self.log.utf8))
        try input.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        try Self.checkStored(box.databasePath)
    }

    /// An iBBQ's data comes on ch1: a line that says `ch7` is a decode error, not probes 7 to
    /// 10 (the pit's socket among them stored as a meat probe at 110 C).
    @Test func iBBQDataOnAnotherChannelIsNotStoredUnderOtherProbes() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let packet = Hex.string(from: IBBQDecoder.encodeRealtime(celsius: [20, nil, 30, 110]))
        let file = box.write("ibbq.hex", "0 \(packet)\n10 \(packet) ch7\n20 \(packet)\n")
        let r = await box.replayIBBQLog(file)
        #expect(r.status == 0, "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(Set(try store.readings(session: 1).map(\.channel)) == [1, 3, 4])
        #expect(try store.channels(session: 1).map(\.channel) == [1, 3, 4])
        let errors = try store.events(session: 1).filter { $0.kind == .decodeError }
        #expect(errors.count == 1)
        #expect(errors.first?.elapsedSeconds == 10)
    }

    /// `--json` says the thermometer's battery (a reply is no reading, and its level appeared
    /// in no line: a script never learned an iBBQ's battery), and a decode error at its own time.
    @Test func jsonLinesSayTheBatteryAndWhenAPacketFailed() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.log + "1195 F500F6 # cut short\n1200 F500F6FF\n")
        let r = await box.run(["live", "--replay", file, "--profile", "ibbq", "--speed", "max", "--json"])
        #expect(r.status == 0, "\(r.err)")
        let objects = r.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let batteries = objects.filter { $0["type"] as? String == "battery" }
        #expect(batteries.map { $0["t_s"] as? Double } == [0.5, 600.5])
        #expect(batteries.map { $0["channel"] as? Int } == [0, 0])
        // 4000 / 6552 and 800 / 6552 of the full voltage
        #expect(batteries.map { (($0["battery_pct"] as? Double ?? -1) * 10).rounded() } == [611, 122])
        let errors = objects.filter { $0["type"] as? String == "decode_error" }
        #expect(errors.map { $0["t_s"] as? Double } == [1195])
        // A snake_case identifier, as the phases and link changes are (QA: it was the Swift case
        // name, `unexpectedLength`).
        #expect(errors.map { $0["reason"] as? String } == ["unexpected_length"])

        let plain = await box.run(["live", "--replay", file, "--profile", "ibbq", "--speed", "max", "--plain"])
        #expect(plain.out.contains("[00:19:55] decode error: unexpected packet length 3"), "\(plain.out)")
    }

    /// `show` of a cook with several meat probes names the probe each last fit is of: it gave
    /// one probe's finish as the session's ("finish at 03:48:40" of a 4-probe cook whose last
    /// probe finished at 05:55).
    @Test func showSaysWhoseEachLastFitIs() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.log)
        let r = await box.run([
            "live", "--replay", file, "--profile", "ibbq", "--pit-probe", "4", "--cut", "brisket", "--speed", "max",
            "--plain",
        ])
        #expect(r.status == 0, "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let fits = try store.lastFitOfEachChannel(session: 1)
        #expect(fits.count > 1)
        let show = await box.run(["show", "1"])
        for fit in fits { #expect(show.out.contains(" probe \(fit.channel) at "), "\(show.out)") }
    }

    /// A CSV has readings, which need no decoder: the profile is said to do nothing there.
    @Test func aProfileWithAReadingsFileIsWarnedAbout() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,110\n60,21,110\n")
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--profile", "ibbq"])
        #expect(r.status == 0)
        #expect(r.err.contains("--profile only applies to packets"), "\(r.err)")
    }

    /// QA: `export --format csv` of an iBBQ session dropped the battery its thermometer reported
    /// (events on its settings channel), which the JSON export keeps. Each row now carries the
    /// level last reported (none before the first reply), the exact one the reply's bytes give;
    /// the file imports back with the battery kept and exports again byte for byte. A session
    /// with no battery at all keeps its CSV as it was, without the column.
    @Test func theCSVExportKeepsTheThermometersBattery() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.log)
        let live = await box.replayIBBQLog(file)
        #expect(live.status == 0, "\(live.err)")
        let csv = await box.run(["export", "1", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.err)")
        let lines = csv.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "t_s,probe_c,ambient_c,channel,battery_pct")
        #expect(lines[1] == "0.0,20.0,,1,", "\(lines[1])")
        let before = try #require(lines.first { $0.hasPrefix("600.0,,110.0,4,") })
        let after = try #require(lines.first { $0.hasPrefix("610.0,26.1,,1,") })
        let level = { (line: String) in Double(line.split(separator: ",", omittingEmptySubsequences: false)[4]) ?? -1 }
        #expect(abs(level(before) - 100 * 0x0FA0 / 0x1998) < 1e-9, "\(before)")
        #expect(abs(level(after) - 100 * 0x0320 / 0x1998) < 1e-9, "\(after)")

        let exported = box.write("ibbq.csv", csv.out)
        let other = Sandbox()
        defer { other.cleanup() }
        #expect(await other.run(["import", exported]).status == 0)
        let store = try SessionStore(path: other.databasePath, readOnly: true)
        let readings = try store.readings(session: 1)
        #expect(readings.filter { $0.batteryPercent != nil }.count == 357)
        #expect(readings.last?.batteryPercent.map { ($0 * 100).rounded() } == 1221)
        #expect(await other.run(["export", "1", "--format", "csv"]).out == csv.out)

        let chicken = SharedData.cook("heatledger_roast_chicken.csv")
        #expect(await box.run(["import", chicken]).status == 0)
        let plain = await box.run(["export", "2", "--format", "csv"])
        #expect(plain.out.hasPrefix("t_s,probe_c,ambient_c\n0.0,16.04,30.29\n"), "\(plain.out.prefix(80))")
    }
}
