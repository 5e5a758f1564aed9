import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `predict LOG --profile ibbq [--pit-probe N]` and `import LOG --profile ibbq [--pit-probe N]`:
/// an iBBQ hex log (what `live --replay/--stdin --profile ibbq` reads) goes through the iBBQ
/// decoder. `predict` decoded it as seed-probe packets (every 8-byte packet a "status": "no probe
/// readings"), and `import` did not read hex logs at all ("unknown format").
@Suite struct HexLogProfileTests {
    /// The truth of `packets`: probes 1 and 3 reach 74 C at these seconds.
    static let probe1FinishSeconds = -4000 * log(36.0 / 90)  // 3665 s
    static let probe3FinishSeconds = -8000 * log(36.0 / 90)  // 7330 s

    /// An IBT-4XS every 20 s for 2.5 hours: sockets 1 and 3 in the meat (110 - 90 e^(-t/tau), tau
    /// 4000 s and 8000 s), 2 empty, 4 in the pit at 110 C; a battery reply (ch0) and, at 1195 s,
    /// a packet cut short (3 bytes: a decode error).
    static let packets: String = {
        var lines = ["# iBBQ notifications: t_s HEX [chN]"]
        for i in 0...450 {
            let t = Double(i) * 20
            let packet = IBBQDecoder.encodeRealtime(celsius: [
                110 - 90 * exp(-t / 4000), nil, 110 - 90 * exp(-t / 8000), 110,
            ])
            lines.append("\(Int(t)) \(Hex.string(from: packet))")
            if i == 0 { lines.append("0.5 24 A0 0F 98 19 00 ch0") }
            if i == 60 { lines.append("1195 F500F6") }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    func finish(_ r: (status: Int32, out: String, err: String)) throws -> Double {
        #expect(r.status == 0, "\(r.err)")
        return try #require(Double(r.out.trimmingCharacters(in: .whitespacesAndNewlines)), "\(r.out)")
    }

    @Test func predictDecodesTheLogWithTheProfile() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.packets)
        let common = ["predict", file, "--target", "74", "--at", "2400", "--format", "seconds", "--pit-probe", "4"]
        // The session's finish is the slowest probe's (3), as live shows it; --channel 1 its own.
        let session = try finish(await box.run(common + ["--profile", "ibbq"]))
        #expect(abs(session - Self.probe3FinishSeconds) < 0.4 * (Self.probe3FinishSeconds - 2400), "\(session)")
        // An alias names the profile, as live takes it.
        let first = try finish(await box.run(common + ["--profile", "inkbird", "--channel", "1"]))
        #expect(abs(first - Self.probe1FinishSeconds) < 0.4 * (Self.probe1FinishSeconds - 2400), "\(first)")
        // The pit is no probe to predict.
        let pit = await box.run(common + ["--profile", "ibbq", "--channel", "4"])
        #expect(pit.status == 65 && pit.err.contains("channels: 1, 3"), "\(pit.err)")
    }

    /// Without --profile a hex log is the seed probe's, as before: an iBBQ log has no reading.
    /// QA: both commands now say what the file looks like and name the fix; `predict` said "no
    /// probe readings at or before 0.0 s" (no --at was given) and `import` "unknown format (tried
    /// combustion, ..., csv)".
    @Test func withoutAProfileTheLogIsReadAsBefore() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.packets)
        let predicted = await box.run(["predict", file, "--target", "74", "--format", "seconds"])
        #expect(predicted.status == 65)
        #expect(predicted.err.contains("no probe readings (a hex packet log"), "\(predicted.err)")
        #expect(predicted.err.contains("--profile NAME (seed, ibbq)") && !predicted.err.contains("0.0 s"))
        let at = await box.run(["predict", file, "--target", "74", "--at", "2400"])
        #expect(at.status == 65 && at.err.contains("no probe readings at or before 2400.0 s (a hex"), "\(at.err)")
        let imported = await box.run(["import", file])
        #expect(imported.status == 65)
        #expect(
            imported.err.contains(
                "\(file) looks like a hex packet log: give --profile NAME (seed, ibbq) or --format hexlog"),
            "\(imported.err)")
        #expect(!imported.err.contains("unknown format"), "\(imported.err)")
        // Told by its lines, whatever its name; a file of other words is still of unknown format.
        let named = box.write("capture.txt", Self.packets)
        #expect(await box.run(["import", named]).err.contains("capture.txt looks like a hex packet log"))
        let notes = box.write("notes.log", "hello world\nthis is not a cook\n")
        let unknown = await box.run(["import", notes])
        #expect(unknown.status == 65 && unknown.err.contains("unknown format"), "\(unknown.err)")
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
    }

    /// Each socket on its channel, the pit as the air (role ambient, "probe 4 (pit)"), the profile
    /// kept in `probe_id` as `live` keeps it: the same rows `live --replay` of the log stores.
    @Test func importStoresEachProbeOnItsChannelWithThePit() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.packets)
        let r = await box.run(["import", file, "--profile", "ibt-4xs", "--pit-probe", "4", "--cut", "brisket"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("imported as session 1"), "\(r.out)")
        // The packet cut short is left out and said, as predict leaves it out.
        #expect(r.err.contains("1 packet left out, not decodable (the first at 1195.0 s"), "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let info = try #require(try store.session(1))
        #expect(info.probeId == "profile:ibbq")
        #expect(info.cut == "brisket")
        let byChannel = Dictionary(grouping: try store.readings(session: 1), by: \.channel)
        #expect(byChannel.keys.sorted() == [1, 3, 4])
        #expect(byChannel.values.allSatisfy { $0.count == 451 })
        #expect(byChannel[1]?.allSatisfy { $0.probeCelsius != nil && $0.ambientCelsius == nil } == true)
        #expect(byChannel[4]?.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius == 110 } == true)
        let last3 = try #require(byChannel[3]?.last)
        #expect(last3.elapsedSeconds == 9000)
        #expect(abs((last3.probeCelsius ?? 0) - (110 - 90 * exp(-9000.0 / 8000))) < 0.06)
        let channels = try store.channels(session: 1).map { "\($0.channel) \($0.name ?? "-") \($0.role.rawValue)" }
        #expect(channels == ["1 probe 1 meat", "3 probe 3 meat", "4 probe 4 (pit) ambient"])

        // What live stores from the same log.
        let live = await box.replayIBBQLog(file)
        #expect(live.status == 0, "\(live.err)")
        func rows(_ session: Int64) throws -> [String] {
            try store.readings(session: session).map {
                "\($0.channel) \($0.elapsedSeconds) \($0.probeCelsius ?? -1) \($0.ambientCelsius ?? -1)"
            }.sorted()
        }
        #expect(try rows(1) == rows(2))
        #expect(try store.channels(session: 1) == store.channels(session: 2))
        #expect(try store.session(2)?.probeId == info.probeId)
        let shown = await box.run(["show", "1"])
        #expect(shown.out.contains("channels   1=probe 1 (meat), 3=probe 3 (meat), 4=probe 4 (pit)\n"), "\(shown.out)")
    }

    /// The thermometer's battery reply (ch0) is kept as `live --replay` keeps it: a `probe_status`
    /// event "battery 61 %" that `show` lists and `export` gives the rows after it. The import
    /// dropped it (no event, no battery) while the replay of the same log, recognised as the same
    /// cook by its hash, kept it.
    @Test func importKeepsTheThermometersBatteryAsReplayDoes() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.packets)
        let imported = await box.run(["import", file, "--profile", "ibbq", "--pit-probe", "4"])
        #expect(imported.status == 0, "\(imported.err)")
        let live = await box.replayIBBQLog(file)
        #expect(live.status == 0, "\(live.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        func statuses(_ session: Int64) throws -> [SessionEvent] {
            try store.events(session: session).filter { $0.kind == .probeStatus }
        }
        let battery = SessionEvent(
            elapsedSeconds: 0.5, kind: .probeStatus, channel: 0, detail: "battery 61 % (24A00F981900)")
        #expect(try statuses(1) == [battery])
        #expect(try statuses(1) == statuses(2))
        #expect(await box.run(["show", "1"]).out.contains("probe_status thermometer battery 61 %"))
        let exports = [await box.run(["export", "1"]), await box.run(["export", "2"])]
        #expect(exports.allSatisfy { $0.status == 0 }, "\(exports.map(\.err))")
        #expect(exports[0].out == exports[1].out)
        let rows = exports[0].out.split(separator: "\n")
        #expect(rows.first == "t_s,probe_c,ambient_c,channel,battery_pct", "\(rows.prefix(2))")
        #expect(rows.contains("20.0,20.4,,1,61.05006105006105"), "\(rows.prefix(6))")
    }

    /// A packet that does not decode is kept as `live --replay` keeps it: a `decode_error` event
    /// with the reason, the length and the bytes, which `show` lists and the JSON export carries
    /// (and an import of that JSON keeps); the note still counts them. The import only counted
    /// them, so the replay of the same log, the same cook by its content hash, held three events
    /// its import did not. The hash is still the readings', so a log imported before is the same cook.
    @Test func importKeepsUndecodablePacketsAsReplayDoes() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        // Besides the packet cut short at 1195 s: nine bytes (no iBBQ packet has nine) and a data
        // packet on ch7 (an iBBQ's data comes on ch1 only).
        let log = Self.packets + "2395 00 00 00 00 00 00 00 00 00\n3595 C800F6FF2C01 ch7\n"
        let file = box.write("ibbq.hex", log)
        let imported = await box.run(["import", file, "--profile", "ibbq", "--pit-probe", "4"])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.err.contains("3 packets left out, not decodable (the first at 1195.0 s"), "\(imported.err)")
        let live = await box.replayIBBQLog(file)
        #expect(live.status == 0, "\(live.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        func decodeErrors(_ store: SessionStore, _ session: Int64) throws -> [SessionEvent] {
            try store.events(session: session).filter { $0.kind == .decodeError }
        }
        #expect(
            try decodeErrors(store, 1) == [
                SessionEvent(elapsedSeconds: 1195, kind: .decodeError, detail: "unexpected packet length 3: F500F6"),
                SessionEvent(
                    elapsedSeconds: 2395, kind: .decodeError,
                    detail: "unexpected packet length 9: 000000000000000000"),
                SessionEvent(
                    elapsedSeconds: 3595, kind: .decodeError,
                    detail: "data packet on a channel this probe sends none on (its data is ch1): C800F6FF2C01"),
            ])
        #expect(try decodeErrors(store, 1) == decodeErrors(store, 2))
        let shown = await box.run(["show", "1"])
        #expect(shown.out.contains("decode_error unexpected packet length 3: F500F6\n"), "\(shown.out)")

        // Still the same cook, by the hash of its readings alone (the one imports before stored).
        let hash = try #require(try store.session(1)?.contentHash)
        #expect(hash == "readings:fnv1a64:b2b1f8b3ccdf4ab6")
        #expect(try store.session(2)?.sameCookHash == hash)
        let again = await box.run(["import", file, "--profile", "ibbq", "--pit-probe", "4"])
        #expect(again.status == 0 && again.out.contains("session 1"), "\(again.out)")
        #expect(try store.sessionIDs().count == 2)

        // Exports: the CSV (readings) as before and the same for both; the JSON carries the events,
        // and an import of it keeps them.
        let csv = [await box.run(["export", "1"]), await box.run(["export", "2"])]
        #expect(csv.allSatisfy { $0.status == 0 } && csv[0].out == csv[1].out)
        let json = box.directory + "/ibbq.json"
        #expect(await box.run(["export", "1", "--format", "json", "-o", json]).status == 0)
        let other = Sandbox()
        defer { other.cleanup() }
        let reimported = await other.run(["import", json])
        #expect(reimported.status == 0, "\(reimported.err)")
        let copy = try SessionStore(path: other.databasePath, readOnly: true)
        #expect(try decodeErrors(copy, 1) == decodeErrors(store, 1))
        #expect(try copy.readings(session: 1).count == store.readings(session: 1).count)
        #expect(try copy.session(1)?.contentHash == hash)
    }

    /// `--profile` decodes packets: with a file of readings it would do nothing, and is refused.
    @Test func aProfileWithAFileOfReadingsOrAnUnknownProfileIsRefused() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let csv = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,110\n60,21,110\n")
        let log = box.write("ibbq.hex", Self.packets)
        for command in [["predict", csv, "--target", "74"], ["import", csv]] {
            let r = await box.run(command + ["--profile", "ibbq"])
            #expect(r.status == 64, "\(command)")
            #expect(
                r.err.hasPrefix("cookcast \(command[0]): --profile only applies to a hex packet log"), "\(r.err)")
        }
        // One file of readings among logs: nothing is imported.
        let mixed = await box.run(["import", log, csv, "--profile", "ibbq"])
        #expect(mixed.status == 64, "\(mixed.err)")
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
        for command in [["predict", log, "--target", "74"], ["import", log]] {
            let r = await box.run(command + ["--profile", "ibbq-9000"])
            #expect(r.status == 64)
            #expect(r.err.hasPrefix("cookcast \(command[0]): unknown probe profile 'ibbq-9000'"), "\(r.err)")
            let pit = await box.run(command + ["--profile", "ibbq", "--pit-probe", "7"])
            #expect(pit.status == 64)
            #expect(pit.err.contains("--pit-probe 7: the ibbq profile has channels 1 to 6"), "\(pit.err)")
        }
        let format = await box.run(["import", log, "--profile", "ibbq", "--format", "csv"])
        #expect(format.status == 64, "\(format.err)")
    }
}
