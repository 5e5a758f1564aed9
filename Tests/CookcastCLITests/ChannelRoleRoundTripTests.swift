import CookcastCore
import CookcastStore
import Foundation
import Testing

/// `export` then `import` keeps what each channel measures, in the CSV and the JSON.
@Suite struct ChannelRoleRoundTripTests {
    /// Source: mschinis/combustion-inc-analyser, a Combustion chicken export: T8 was the probe's
    /// virtual ambient sensor throughout (channel 9, role ambient, values in ambient_c).
    static let combustion =
        SharedData.root + "/raw/mschinis+combustion-inc-analyser/ProbeData_10002351_2023-10-29_19_03_12 - Chicken.csv"

    /// QA: the CSV round trip brought the ambient channel back as meat.
    @Test func theAmbientChannelStaysAmbient() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let imported = await box.run(["import", Self.combustion])
        #expect(imported.status == 0, "\(imported.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let roles = try store.channels(session: 1).map { [$0.channel: $0.role] }
        #expect(roles.contains([9: .ambient]) && roles.filter { $0.values.first == .ambient }.count == 1)
        let before = try store.readings(session: 1)
        for format in ["csv", "json"] {
            let path = box.directory + "/chicken.\(format)"
            let exported = await box.run(["export", "1", "--format", format, "-o", path])
            #expect(exported.status == 0, "\(exported.err)")
            let other = box.directory + "/roundtrip-\(format).db"
            let again = await box.run(["import", path, "--db", other])
            #expect(again.status == 0, "\(again.err)")
            let back = try SessionStore(path: other, readOnly: true)
            // The JSON keeps every channel and role. The CSV has no column for a sensor that is
            // neither meat nor the pit: the thermistors along the probe are left out, and said
            // (read back they were meat probes, and `predict` answered for a surface sensor).
            let sensors = Set(roles.filter { $0.values.first == .sensor }.flatMap(\.keys))
            #expect(sensors.count == 8)
            let expected = format == "json" ? roles : roles.filter { $0.values.first != .sensor }
            #expect(try back.channels(session: 1).map { [$0.channel: $0.role] } == expected, "\(format)")
            let kept = format == "json" ? before : before.filter { !sensors.contains($0.channel) }
            #expect(try back.readings(session: 1) == kept, "\(format)")
            #expect(
                exported.err.contains("8 sensor channels (2 T1, 3 T2") == (format == "csv")
                    && (format == "json" || exported.err.contains("--format json keeps them")), "\(exported.err)")
        }
        // One sensor asked for by its channel is written, as the probe of a file of its own.
        let surface = await box.run(["export", "1", "--channel", "10"])
        #expect(surface.out.hasPrefix("t_s,probe_c,ambient_c\n0.0,1"), "\(surface.out.prefix(60))")
        #expect(!surface.err.contains("left out"), "\(surface.err)")
        // Only the ambient channel: a single-channel file, still the pit.
        let pit = box.directory + "/pit.csv"
        #expect(await box.run(["export", "1", "--channel", "9", "-o", pit]).status == 0)
        #expect(try String(contentsOfFile: pit, encoding: .utf8).hasPrefix("t_s,probe_c,ambient_c\n0.0,,"))
        let pitDB = box.directory + "/pit.db"
        #expect(await box.run(["import", pit, "--db", pitDB]).status == 0)
        #expect(try SessionStore(path: pitDB, readOnly: true).channels(session: 1).map(\.role) == [.ambient])
    }

    /// The hottest probe `sessions` and `show` give is the meat's: the Combustion's surface
    /// sensor made a chicken cooked to 74 C "max temp 120.9 C".
    @Test func theHottestProbeIsTheMeatsNotASensorsAlongIt() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        #expect(await box.run(["import", Self.combustion]).status == 0)
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let core = try store.readings(session: 1).filter { $0.channel == 1 }.compactMap(\.probeCelsius).max()
        let summary = try #require(try store.summary(session: 1))
        #expect(summary.maxProbeCelsius == core && core.map { $0 < 80 } == true, "\(summary.maxProbeCelsius ?? .nan)")
        let shown = await box.run(["show", "1"])
        #expect(shown.out.contains("max probe  \(TemperatureUnit.celsius.format(celsius: core))"), "\(shown.out)")
    }

    /// A pit probe in port 1 and meat in ports 2-3 (how many iBBQ users plug them): `live` stored
    /// channel 1 as meat named "probe" whatever it measured, beside "probe 2" and "probe 3".
    @Test func liveStoresAPitOnChannelOneAsThePit() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        var rows = "t_s,probe_c,ambient_c,channel\n"
        for i in 0...40 {
            let t = Double(i) * 15
            rows += "\(t),,135,1\n\(t),\(5 + Double(i) * 0.5),,2\n\(t),\(5 + Double(i) * 0.3),,3\n"
        }
        let file = box.write("pit-first.csv", rows)
        let live = await box.run(["live", "--replay", file, "--speed", "max", "--cut", "chicken", "--plain"])
        #expect(live.status == 0, "\(live.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let channels = try store.channels(session: 1)
        #expect(channels.map(\.role) == [.ambient, .meat, .meat], "\(channels)")
        // Named as `import --pit-probe` names a ThermoPro's pit probe.
        #expect(channels.map(\.name) == ["probe 1 (pit)", "probe 2", "probe 3"], "\(channels)")
    }

    /// The exported CSV stays what `live --replay` and `predict` read; one probe stays three columns.
    @Test func theExportedCSVStillReplaysAndPredicts() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        #expect(await box.run(["import", Self.combustion]).status == 0)
        let path = box.directory + "/chicken.csv"
        #expect(await box.run(["export", "1", "-o", path]).status == 0)
        let predicted = await box.run(["predict", path, "--target", "68"])
        #expect(predicted.status == 0, "\(predicted.err)")
        // The meat's probe, not one of the sensors along it ("probe 6").
        #expect(predicted.out.contains(": probe "), "\(predicted.out)")
        #expect(!predicted.out.contains(": probe 6") && !predicted.out.contains(": probe 1 "), "\(predicted.out)")
        let replayed = await box.run([
            "live", "--replay", path, "--speed", "max", "--plain", "--db", box.directory + "/r.db",
        ])
        #expect(replayed.status == 0, "\(replayed.err)")
        let core = await box.run(["export", "1", "--channel", "1"])
        #expect(core.out.hasPrefix("t_s,probe_c,ambient_c\n"), "\(core.out.prefix(40))")
    }
}
