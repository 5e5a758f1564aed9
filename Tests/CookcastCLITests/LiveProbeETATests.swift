import Foundation
import Testing

@testable import CookcastCLI

/// `live` with several meat probes shows each probe's own ETA beside the session's (the slowest
/// probe's): a line per probe on the dashboard, a `probes:` part on the `--plain` status line, a
/// `probes` array in `--json`. With one probe nothing changes.
@Suite struct LiveProbeETATests {
    /// Two hours of a smoker cook, a row per channel every 15 s: probe 1 a fast chicken (74 C at
    /// about 5,300 s), probe 2 a slow roast (74 C at about 15,100 s), probe 3 the same roast until
    /// it is pulled out at 6,600 s and reads the pit, channel 4 the pit. No probe has its own air
    /// sensor.
    static func multiProbeCook() -> String {
        var rows = "t_s,probe_c,ambient_c,channel\n"
        for i in 0...480 {
            let t = Double(i) * 15
            let pit = 135 + 3 * sin(t / 900)
            let chicken = 135 - 130 * exp(-t / 7000)
            let roast = 5 + 130 * (1 - exp(-t / 20_000))
            rows += "\(t),\(chicken),,1\n\(t),\(roast),,2\n\(t),\(t < 6600 ? roast : pit - 2),,3\n\(t),,\(pit),4\n"
        }
        return rows
    }

    /// The reading lines of `live --json`, parsed.
    static func readingObjects(_ out: String) throws -> [[String: Any]] {
        try out.split(separator: "\n").compactMap { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["type"] as? String == "reading" ? object : nil
        }
    }

    @Test func plainStatusLinesCarryEachProbesETA() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("multi.csv", Self.multiProbeCook())
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--cut", "chicken"])
        #expect(r.status == 0, "\(r.err)")
        let statusLines = r.out.split(separator: "\n").map(String.init).filter { $0.contains("target 74.0 C") }
        #expect(statusLines.count == 14, "\(statusLines.count) status lines")
        // Every line once two probes are heard: the session's ETA as before, then each probe's.
        for line in statusLines.dropFirst() {
            let parts = line.components(separatedBy: "  probes: ")
            #expect(parts.count == 2, "\(line)")
            #expect(parts[0].hasSuffix(" predicting"), "the session's ETA (probe 2, the slowest): \(parts[0])")
        }
        let hour = try #require(statusLines.first { $0.hasPrefix("[01:00:00]") })
        let clock = #"\d\d:\d\d(\+1d)?"#
        let eachPredicting = "  probes: 1 ETA \(clock), 2 ETA \(clock), 3 ETA \(clock)$"
        #expect(hour.range(of: eachPredicting, options: .regularExpression) != nil, "\(hour)")
        // Probe 1 is done from 01:28:45 and says so on every line after; probe 3 is out.
        let doneFrom = try #require(statusLines.firstIndex { $0.contains("probes: 1 done, ") })
        #expect(statusLines[doneFrom].hasPrefix("[01:30:00]"), "\(statusLines[doneFrom])")
        #expect(statusLines[doneFrom...].allSatisfy { $0.contains("probes: 1 done, 2 ETA ") })
        let last = try #require(statusLines.last)
        #expect(last.hasSuffix(", 3 probe out"), "\(last)")
        #expect(!last.contains("probe4") && !last.contains(", 4 "), "the pit has no ETA: \(last)")
    }

    @Test func jsonReadingsCarryEachProbesETAAndKeepTheirKeys() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("multi.csv", Self.multiProbeCook())
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--cut", "chicken"])
        #expect(r.status == 0, "\(r.err)")
        let readings = try Self.readingObjects(r.out)
        #expect(readings.count == 1924)
        let sessionKeys: Set = [
            "type", "session", "t_s", "channel", "probe_c", "ambient_c", "battery_pct", "phase", "eta_s",
            "eta_lo_s", "eta_hi_s",
        ]
        // The first reading (one probe heard) has no `probes`; every later one has them all.
        #expect(Set(readings[0].keys) == sessionKeys)
        var doneSince: Double?
        for object in readings.dropFirst() {
            #expect(Set(object.keys) == sessionKeys.union(["probes"]), "\(object.keys.sorted())")
            let probes = try #require(object["probes"] as? [[String: Any]])
            let t = try #require(object["t_s"] as? Double)
            #expect(
                probes.allSatisfy { Set($0.keys) == ["channel", "phase", "eta_s", "eta_lo_s", "eta_hi_s", "target_c"] })
            let channels = probes.compactMap { $0["channel"] as? Int }
            #expect(channels == (t == 0 && channels.count < 3 ? Array(1...channels.count) : [1, 2, 3]))
            // Probe 1 says done from the reading that got there, and keeps saying it.
            let phase1 = probes.first?["phase"] as? String
            if doneSince != nil {
                #expect(phase1 == "done", "probe 1 at \(t): \(phase1 ?? "-")")
            } else if phase1 == "done" {
                doneSince = t
            }
        }
        let done = try #require(doneSince)
        #expect(done > 5200 && done < 5400, "probe 1 done from \(done) s")
        // At the end: probe 1 done at its finish, probe 2 the session's, probe 3 out of the meat.
        let last = try #require(readings.last)
        let probes = try #require(last["probes"] as? [[String: Any]])
        #expect(probes.map { $0["phase"] as? String } == ["done", "predicting", "probe_out"])
        // Identifiers, as `predict --format json` gives them, not the live view's words.
        #expect(readings.first?["phase"] as? String == "collecting_data", "\(readings.first ?? [:])")
        let finish1 = try #require(probes[0]["eta_s"] as? Double)
        let finish2 = try #require(probes[1]["eta_s"] as? Double)
        #expect(abs(finish1 - 5297) < 30, "probe 1 done at \(finish1) s")
        #expect(finish2 > 7200, "probe 2 finishes at \(finish2) s")
        #expect(last["eta_s"] as? Double == finish2)
        #expect(last["eta_lo_s"] as? Double == probes[1]["eta_lo_s"] as? Double)
        #expect(last["eta_hi_s"] as? Double == probes[1]["eta_hi_s"] as? Double)
        #expect(last["phase"] as? String == "predicting")
        let lo2 = try #require(probes[1]["eta_lo_s"] as? Double), hi2 = try #require(probes[1]["eta_hi_s"] as? Double)
        #expect(lo2 <= finish2 && finish2 <= hi2)
    }

    /// One probe: no `probes` part, array or line anywhere (a cook of one probe reads as before).
    @Test func aSingleProbeShowsNoPerProbePart() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        var rows = "t_s,probe_c,ambient_c\n"
        for i in 0...240 {
            let t = Double(i) * 15
            rows += "\(t),\(135 - 130 * exp(-t / 7000)),\(135 + 3 * sin(t / 900))\n"
        }
        let file = box.write("one.csv", rows)
        let plain = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--cut", "chicken"])
        #expect(plain.status == 0, "\(plain.err)")
        #expect(plain.out.contains("ETA ") && !plain.out.contains("probes:"), "\(plain.out)")
        let json = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--cut", "chicken"])
        #expect(json.status == 0, "\(json.err)")
        let readings = try Self.readingObjects(json.out)
        #expect(readings.count == 241)
        #expect(readings.allSatisfy { $0["probes"] == nil })
        let terminal = FakeTerminal(columns: 100)
        var env = ProcessInfo.processInfo.environment
        env["COOKCAST_DB"] = box.databasePath
        let status = await CookcastMain.run(
            ["live", "--replay", file, "--speed", "max", "--cut", "chicken"], environment: env, console: terminal)
        #expect(status == 0)
        let last = try #require(TerminalDashboardTests.frames(terminal.standardOutput).last)
        #expect(!last.lines.contains { $0.hasPrefix("probe 1:") })
    }

    /// The dashboard: a line per probe under the session's status, each within the terminal's width.
    @Test(arguments: [100, 40])
    func theDashboardHasALinePerProbe(columns: Int) async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("multi.csv", Self.multiProbeCook())
        let terminal = FakeTerminal(columns: columns)
        var env = ProcessInfo.processInfo.environment
        env["COOKCAST_DB"] = box.databasePath
        let status = await CookcastMain.run(
            ["live", "--replay", file, "--speed", "max", "--cut", "chicken"], environment: env, console: terminal)
        #expect(status == 0)
        let frames = TerminalDashboardTests.frames(terminal.standardOutput)
        for (index, frame) in frames.enumerated() {
            for line in frame.lines { #expect(line.count <= columns, "\(line.count) > \(columns): \(line)") }
            if index > 0 { #expect(frame.movedUp == frames[index - 1].lines.count) }
        }
        let last = try #require(frames.last).lines
        let text = last.joined(separator: "\n")
        // The session's ETA (probe 2's), then probe by probe; the pit (channel 4) has none.
        #expect(text.contains(" predicting"))
        let line1 = try #require(last.firstIndex { $0.hasPrefix("probe 1: ") })
        let line2 = try #require(last.firstIndex { $0.hasPrefix("probe 2: ") })
        let line3 = try #require(last.firstIndex { $0.hasPrefix("probe 3: ") })
        #expect(line1 < line2 && line2 < line3)
        #expect(!last.contains { $0.hasPrefix("probe 4: ") })
        #expect(
            last[line1].range(of: #"^probe 1: [0-9.]+ C  done at \d\d:\d\d$"#, options: .regularExpression) != nil,
            "\(last[line1])")
        // A narrow terminal wraps the line: its continuation is indented.
        let probe2 = last[line2..<line3].joined(separator: " ").replacingOccurrences(of: "   ", with: " ")
        #expect(
            probe2.range(
                of: #"^probe 2: [0-9.]+ C  ?ETA \d\d:\d\d(\+1d)? \(in \d+h \d\dm\) predicting$"#,
                options: .regularExpression) != nil, "\(probe2)")
        #expect(last[line3].range(of: #"^probe 3: [0-9.]+ C  probe out$"#, options: .regularExpression) != nil)
    }
}
