import CookcastCore
import Foundation
import Testing

@testable import CookcastCLI

/// `live` with a probe put into meat already past its target (a reheat, a cook joined late): done,
/// and the target alarm, from the first reading. It said `collecting_data`, "in 0s", until the
/// next fit-grid step two minutes in, while `predict` of the same file said done at 0.
@Suite struct LiveStartedPastTargetTests {
    /// 70-72 C against a 60 C target under a 120 C pit, a reading every 30 s; at 60 s a nudged probe
    /// reads 58 C once.
    static let reheat = "t_s,probe_c,ambient_c\n0,70,120\n30,70.5,120\n60,58,120\n90,71.4,120\n120,72,120\n"

    /// The lines of `live --json`, parsed.
    static func objects(_ out: String) throws -> [[String: Any]] {
        try out.split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test func jsonSaysDoneAndTheAlarmFromTheFirstReading() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("reheat.csv", Self.reheat)
        let r = await box.run(["live", "--replay", file, "--target", "60", "--speed", "max", "--json"])
        #expect(r.status == 0, "\(r.err)")
        let lines = try Self.objects(r.out)
        let alarms = lines.filter { $0["type"] as? String == "alarm" }
        #expect(alarms.count == 1, "\(alarms)")
        #expect(alarms.first?["alarm"] as? String == "target_reached")
        #expect(alarms.first?["t_s"] as? Double == 0)
        let readings = lines.filter { $0["type"] as? String == "reading" }
        #expect(readings.count == 5)
        // Every reading, the dip to 58 C too: done at 0.
        for reading in readings {
            #expect(reading["phase"] as? String == "done", "\(reading)")
            #expect(reading["eta_s"] as? Double == 0, "\(reading)")
        }
    }

    @Test func theDashboardSaysDoneFromTheFirstReading() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("reheat.csv", Self.reheat)
        let r = await box.run(["live", "--replay", file, "--target", "60", "--speed", "max", "--plain"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("[00:00:00] ALARM target_reached: probe 1 reached 60.0 C"), "\(r.out)")
        let first = try #require(lines.first { $0.hasPrefix("[00:00:00]  connected") })
        #expect(first.hasSuffix("(00:00:00 into the cook): the probe reached 60.0 C"), "\(first)")
    }

    @Test func aProbeLyingInThePitOfAnIBBQIsNotDone() async throws {
        // Probe 1 in the 110 C pit for five minutes, then in the meat; the pit probe 4 comes after
        // it in each packet, so probe 1's first reading knows no air: "reached 60.0 C" at 0.
        let box = Sandbox()
        defer { box.cleanup() }
        var log = ""
        for i in 0..<60 {
            let probe = i < 30 ? 108 : 20 + Double(i) * 0.05
            log += "\(i * 10) \(Hex.string(from: IBBQDecoder.encodeRealtime(celsius: [probe, nil, nil, 110])))\n"
        }
        let file = box.write("ibbq.hex", log)
        let r = await box.run(
            [
                "live", "--replay", file, "--profile", "ibbq", "--pit-probe", "4", "--target", "60", "--speed", "max",
                "--json",
            ])
        #expect(r.status == 0, "\(r.err)")
        let lines = try Self.objects(r.out)
        #expect(!lines.contains { $0["type"] as? String == "alarm" }, "\(r.out)")
        #expect(!lines.contains { $0["phase"] as? String == "done" }, "\(r.out)")
        // Past the target in the pit there is no finish to show: it had been the reading's own time
        // ("in 0s") at every reading from the first grid step.
        let inPit = lines.filter {
            $0["type"] as? String == "reading" && $0["channel"] as? Int == 1 && ($0["t_s"] as? Double ?? 0) < 300
        }
        #expect(inPit.count == 30)
        for reading in inPit { #expect(reading["eta_s"] is NSNull, "\(reading)") }
    }

    @Test func onlyTheProbePastItsTargetIsDone() async throws {
        // Probe 1 in a reheated roast at 70 C, probe 2 in a raw one at 20 C rising, a minute each.
        let box = Sandbox()
        defer { box.cleanup() }
        var rows = "t_s,probe_c,ambient_c,channel\n"
        for t in stride(from: 0, through: 600, by: 30) {
            rows += "\(t),\(70 + Double(t) / 600),120,1\n\(t),\(20 + Double(t) / 60),120,2\n"
        }
        let file = box.write("two.csv", rows)
        let r = await box.run(["live", "--replay", file, "--target", "60", "--speed", "max", "--json"])
        #expect(r.status == 0, "\(r.err)")
        let lines = try Self.objects(r.out)
        let alarms = lines.filter { $0["type"] as? String == "alarm" }
        #expect(alarms.map { $0["alarm"] as? String } == ["target_reached"], "\(alarms)")
        #expect(alarms.first?["channel"] as? Int == 1)
        #expect(alarms.first?["t_s"] as? Double == 0)
        let readings = lines.filter { $0["type"] as? String == "reading" }
        #expect(readings.first?["phase"] as? String == "done", "\(readings.first ?? [:])")
        for reading in readings.dropFirst() {
            let probes = try #require(reading["probes"] as? [[String: Any]])
            #expect(probes.first?["phase"] as? String == "done", "\(probes)")
            #expect(probes.first?["eta_s"] as? Double == 0, "\(probes)")
            #expect(probes.last?["phase"] as? String != "done", "\(probes)")
        }
    }
}
