import Foundation
import Testing

@testable import CookcastCLI

/// A probe unplugged mid-cook: past the probe-lost limit its part of the `--plain` line and its
/// `probes` entry in `--json` say `lost` with the ETA it had last, and the session's ETA follows
/// the probe still heard (the unplugged one, the slowest, pinned it at its last value).
@Suite struct LiveLostProbeTests {
    /// Two hours of a smoker cook every 15 s: probe 1 a fast chicken, probe 2 a slow roast
    /// unplugged at 3,600 s (no row of it after), channel 4 the pit.
    static func cookWithProbe2Unplugged() -> String {
        var rows = "t_s,probe_c,ambient_c,channel\n"
        for i in 0...320 {
            let t = Double(i) * 15
            let pit = 135 + 3 * sin(t / 900)
            rows += "\(t),\(135 - 130 * exp(-t / 7000)),,1\n"
            if t < 3600 { rows += "\(t),\(5 + 130 * (1 - exp(-t / 20_000))),,2\n" }
            rows += "\(t),,\(pit),4\n"
        }
        return rows
    }

    @Test func plainLinesSayTheProbeIsLostAndTheSessionFollowsTheOther() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("unplugged.csv", Self.cookWithProbe2Unplugged())
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--cut", "chicken"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init).filter { $0.contains("target 74.0 C") }
        let clock = #"\d\d:\d\d(?:\+1d)?"#
        // At 01:00:00 both are heard, the roast the session's; from 01:05:00 on, probe 2 is lost.
        let hour = try #require(lines.first { $0.hasPrefix("[01:00:00]") })
        #expect(hour.range(of: "  probes: 1 ETA \(clock), 2 ETA \(clock)$", options: .regularExpression) != nil)
        let after = lines.filter { $0 >= "[01:05:00]" }
        #expect(after.count >= 3, "\(after.count) lines after the limit")
        for line in after {
            let pattern =
                #"ETA (\#(clock)) \(in [^)]*\) \w+  probes: 1 ETA (\#(clock)), 2 lost \(last ETA \#(clock)\)$"#
            let match = try #require(line.firstMatch(of: try Regex(pattern)), "\(line)")
            // The session's ETA is probe 1's, not the lost roast's last.
            #expect(match.output[1].substring == match.output[2].substring, "\(line)")
        }
        #expect(r.out.contains("[01:00:45] ALARM probe_lost: probe 2: no reading for 60 s"))
    }

    /// A link that dropped for two minutes, replayed at full speed: the probe lost a minute into
    /// the dropout is said before the link comes back, every line in time order (the alarm
    /// stamped 01:00:33 came after "[01:01:43] link connected (reconnected)").
    @Test func aProbeLostInADropoutIsSaidBeforeTheLinkComesBack() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run(["live", "--simulate", "steak", "--seed", "2", "--speed", "max", "--plain"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        let lost = try #require(lines.firstIndex { $0.contains("ALARM probe_lost") }, "\(r.out)")
        let back = try #require(lines.firstIndex { $0.contains("link connected (reconnected)") }, "\(r.out)")
        #expect(lost < back, "\(r.out)")
        let stamps = lines.compactMap { $0.hasPrefix("[") ? $0.split(separator: "]").first : nil }
        #expect(stamps == stamps.sorted(), "\(r.out)")
    }

    @Test func jsonProbesEntryIsLostWithItsLastETA() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("unplugged.csv", Self.cookWithProbe2Unplugged())
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--cut", "chicken"])
        #expect(r.status == 0, "\(r.err)")
        let readings = try LiveProbeETATests.readingObjects(r.out)
        let heard = try #require(readings.last { ($0["t_s"] as? Double ?? 0) < 3600 && $0["channel"] as? Int == 2 })
        let heardProbes = try #require(heard["probes"] as? [[String: Any]])
        let lastFinish = try #require(heardProbes[1]["eta_s"] as? Double)
        #expect(heard["eta_s"] as? Double == lastFinish, "the roast was the session's")

        let last = try #require(readings.last)
        let probes = try #require(last["probes"] as? [[String: Any]])
        #expect(probes.map { $0["phase"] as? String } == ["predicting", "lost"])
        #expect(probes[1]["eta_s"] is NSNull, "a lost probe has no ETA: \(probes[1])")
        #expect(probes[1]["last_eta_s"] as? Double == lastFinish)
        #expect(probes[0]["last_eta_s"] == nil)
        #expect(last["eta_s"] as? Double == probes[0]["eta_s"] as? Double)
        #expect(last["phase"] as? String == "predicting")
    }
}
