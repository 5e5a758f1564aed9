import Foundation
import Testing

@testable import CookcastCLI

/// A probe out of the meat or a target out of reach has no finish to show: the finish json and
/// `--format seconds` give then is a placeholder, never a time to come, nor overdue.
@Suite struct PlaceholderFinishTests {
    /// A chicken in a 120 C oven, pulled at 4000 s (46 C) and left in 25 C room air: the probe
    /// falls to the room within minutes while the oven's air sensor stays at 120 C.
    static func pulledProbe() -> String {
        var csv = "t_s,probe_c,ambient_c\n"
        for t in stride(from: 0.0, through: 3 * 3600, by: 15) {
            let meat = { (s: Double) in 120 - 115 * exp(-s / 9000) }
            let probe = t < 4000 ? meat(t) : 25 + (meat(4000) - 25) * exp(-(t - 4000) / 120)
            csv += "\(t),\(String(format: "%.2f", probe)),120.00\n"
        }
        return csv
    }

    /// QA: a probe out of the meat printed "finish at 03:00:00 on the file's clock (in 0s)" in
    /// `predict`, and live's status line counted down to it ("ETA 05:55 (in 1h 37m) probe out")
    /// where a probe's own line of several says "probe out" alone: the last finish before it came
    /// out, held at now once passed. Now no finish is shown as a time, as out of reach.
    @Test func aProbeOutOfTheMeatShowsNoFinishTime() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("pulled.csv", Self.pulledProbe())
        for at in ["5000", "10800"] {
            let text = await box.run(["predict", file, "--target", "70", "--at", at])
            #expect(text.status == 0, "\(text.err)")
            #expect(text.out.contains("phase probe_out"), "\(text.out)")
            #expect(text.out.contains("no finish estimate") && !text.out.contains("finish at"), "\(text.out)")
            #expect(text.out.contains("below its recent peak: is it still in the meat?"), "\(text.out)")
            // json and seconds keep a number for callers that need one; the phase says what it is.
            let json = await box.run(["predict", file, "--target", "70", "--at", at, "--format", "json"])
            let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
            #expect(object?["phase"] as? String == "probe_out", "\(json.out)")
            #expect(object?["finish_s"] is Double, "\(json.out)")
            let seconds = await box.run(["predict", file, "--target", "70", "--at", at, "--format", "seconds"])
            #expect(seconds.status == 0 && Double(seconds.out.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
        }
        let live = await box.run(["live", "--replay", file, "--target", "70", "--speed", "max", "--plain"])
        #expect(live.status == 0, "\(live.err)")
        let late = live.out.split(separator: "\n").filter { $0.contains("target 70.0 C") }.suffix(3)
        #expect(late.count == 3, "\(live.out)")
        #expect(late.allSatisfy { $0.contains("ETA: probe out: ") && !$0.contains(" (in ") }, "\(late)")
        #expect(late.allSatisfy { $0.contains("probe reads 25.0 C, 21.0 C below its recent peak") }, "\(late)")
        let show = await box.run(["show", "1"])
        let lastFit = try #require(show.out.split(separator: "\n").first { $0.contains("last fit") }, "\(show.out)")
        #expect(lastFit.hasSuffix("probe_out, no finish estimate"), "\(lastFit)")
    }

    /// QA: an `--at` long after an out-of-reach estimate (a gap in the readings, or past the end)
    /// replaced why with "due 12 h 17 min ago: waiting for the probe to reach 70.0 C" under "no
    /// finish estimate", and json called its placeholder overdue.
    @Test func anOutOfReachTargetIsNeverOverdue() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let rows = (0...720).map { i -> String in
            let t = Double(i) * 30
            return "\(t),\(60 - 55 * exp(-t / 9000)),60.0"
        }
        let file = box.write("low_air.csv", "t_s,probe_c,ambient_c\n" + rows.joined(separator: "\n"))
        let text = await box.run(["predict", file, "--target", "70", "--at", "70000"])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.contains("phase unreachable") && text.out.contains("no finish estimate"), "\(text.out)")
        #expect(text.out.contains("the air (60.0 C) is not above the target 70.0 C"), "\(text.out)")
        #expect(!text.out.contains("ago"), "\(text.out)")
        let json = await box.run(["predict", file, "--target", "70", "--at", "70000", "--format", "json"])
        #expect(json.out.contains("\"overdue_since_s\":null"), "\(json.out)")
        // A one-probe cook's status line has no per-probe part: it said "ETA: unreachable: probe 1:
        // the air ...", naming the only probe there is (QA).
        let live = await box.run(["live", "--replay", file, "--target", "70", "--speed", "max", "--plain"])
        let last = try #require(live.out.split(separator: "\n").last { $0.contains("target 70.0 C") }, "\(live.out)")
        #expect(last.contains("ETA: unreachable: the air (60.0 C) is not above the target 70.0 C"), "\(last)")
    }
}
