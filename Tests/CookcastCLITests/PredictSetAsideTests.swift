import Foundation
import Testing

@testable import CookcastCLI

/// QA: `predict FILE` took a second reading of a probe at the same time with other values (a
/// logger whose clock restarted) into its estimate without a word, where `live` replaying the
/// file sets it aside and follows the first: a simulated chicken with a twin 30 C off beside every
/// row from 1,000 s on was done at 5,300 s to `predict`, at 5,258 s to `live`.
@Suite struct PredictSetAsideTests {
    /// `csv` (a canonical CSV export) with a twin of every row from `fromSeconds` on, its probe
    /// `offsetCelsius` off, right after it; how many, and the first one's time.
    static func withTwins(_ csv: String, fromSeconds: Double, offsetCelsius: Double) -> (
        text: String, twins: Int, firstSeconds: Double
    ) {
        var lines: [String] = []
        var twins = 0
        var first = Double.nan
        for (index, line) in csv.split(separator: "\n").enumerated() {
            lines.append(String(line))
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard index > 0, let t = Double(fields[0]), t >= fromSeconds, let probe = Double(fields[1]) else {
                continue
            }
            fields[1] = String(probe + offsetCelsius)
            lines.append(fields.joined(separator: ","))
            twins += 1
            if first.isNaN { first = t }
        }
        return (lines.joined(separator: "\n") + "\n", twins, first)
    }

    @Test func predictLeavesOutWhatLiveSetsAsideAndSaysSo() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        #expect(
            await box.run(["live", "--simulate", "chicken", "--seed", "3", "--speed", "max", "--plain"]).status == 0)
        let export = await box.run(["export", "1"])
        let plain = box.write("plain.csv", export.out)
        let (text, twins, first) = Self.withTwins(export.out, fromSeconds: 1000, offsetCelsius: 30)
        let twinned = box.write("twinned.csv", text)
        let goal = ["--target", "74", "--cut", "chicken"]

        // Live replaying the file sets every twin aside, and is done where the file without them is.
        let live = await box.run(
            ["live", "--replay", twinned, "--speed", "1000000", "--json", "--db", box.directory + "/live.db"] + goal)
        #expect(live.status == 0, "\(live.err)")
        let lines = live.out.split(separator: "\n").map(String.init)
        #expect(lines.last?.contains("\"conflicts\":\(twins),") == true, "\(lines.last ?? "")")
        let lastReading = try #require(lines.last { $0.contains("\"type\":\"reading\"") })
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(lastReading.utf8)) as? [String: Any])
        #expect(shown["phase"] as? String == "done")

        let done = await box.run(["predict", twinned, "--format", "json"] + goal)
        let predicted = try #require(try JSONSerialization.jsonObject(with: Data(done.out.utf8)) as? [String: Any])
        #expect(predicted["phase"] as? String == "done")
        let liveDone = try #require(shown["eta_s"] as? Double)
        let predictDone = try #require(predicted["finish_s"] as? Double)
        #expect(abs(predictDone - liveDone) < 0.01, "predict done at \(predictDone) s, live at \(liveDone) s")

        for at in ["600", "2000", "4000", "5000", "5250", "5400"] {
            let withTwins = await box.run(["predict", twinned, "--at", at] + goal)
            let without = await box.run(["predict", plain, "--at", at] + goal)
            #expect(withTwins.status == 0 && without.status == 0, "\(at): \(withTwins.err)")
            #expect(withTwins.out == without.out, "--at \(at)")
        }
        let warned = await box.run(["predict", twinned, "--format", "seconds"] + goal)
        let warning =
            "warning: \(twinned): \(twins) readings at a time another reading of the same probe holds, with other "
            + "values (the first at \(DurationFormat.clock(first))): left out of the estimate, as live sets them aside\n"
        #expect(warned.err == warning, "\(warned.err)")
        #expect(await box.run(["predict", plain, "--format", "seconds"] + goal).err == "")
    }
}
