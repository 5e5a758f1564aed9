import CookcastCore
import Foundation
import Testing

@testable import CookcastCLI

/// `live` with several meat probes and a target for only one (`--target 3=60`, or `--cut 3=...`):
/// every probe is listed, the one without a target as `no_target`, and each `--json` reading line
/// carries its own probe's ETA. Only probes with an ETA were listed: no `probes` array, and probe
/// 1's readings carried probe 3's ETA.
@Suite struct LiveUntargetedProbeTests {
    /// An iBBQ log: sockets 1 and 3 in the meat, 2 empty, 4 in the pit at 110 C, every 10 s for
    /// 20 minutes.
    static let log: String = {
        var lines: [String] = []
        for i in 0..<120 {
            let packet = IBBQDecoder.encodeRealtime(celsius: [20 + Double(i) * 0.1, nil, 30 + Double(i) * 0.1, 110])
            lines.append("\(i * 10) \(Hex.string(from: packet))")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let arguments = ["--profile", "ibbq", "--pit-probe", "4", "--target", "3=60", "--speed", "max"]

    @Test func jsonReadingsCarryTheirOwnProbesETA() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.log)
        let r = await box.run(["live", "--replay", file, "--json"] + Self.arguments)
        #expect(r.status == 0, "\(r.err)")
        let readings = try LiveProbeETATests.readingObjects(r.out)
        #expect(readings.count == 360)
        // Probe 1 has no target: none on its lines, and listed as such.
        for line in readings where line["channel"] as? Int == 1 {
            #expect(line["phase"] as? String == "no_target", "\(line)")
            #expect(line["eta_s"] is NSNull && line["eta_lo_s"] is NSNull && line["eta_hi_s"] is NSNull, "\(line)")
        }
        // From the second line (both probes heard) every line lists both, probe 1 without a target.
        for line in readings.dropFirst() {
            let probes = try #require(line["probes"] as? [[String: Any]], "\(line)")
            try #require(probes.compactMap { $0["channel"] as? Int } == [1, 3])
            #expect(probes[0]["phase"] as? String == "no_target" && probes[0]["target_c"] is NSNull, "\(probes)")
            #expect(probes[1]["target_c"] as? Double == 60)
            // Probe 3's lines, and the pit's (the session's: probe 3's), carry probe 3's ETA.
            guard line["channel"] as? Int != 1 else { continue }
            for key in ["phase", "eta_s", "eta_lo_s", "eta_hi_s"] {
                #expect("\(line[key] ?? "-")" == "\(probes[1][key] ?? "-")", "\(key): \(line)")
            }
        }
        let last = try #require(readings.last)
        #expect(last["channel"] as? Int == 4)
        #expect(last["phase"] as? String == "predicting", "\(last)")
        #expect(last["eta_s"] as? Double != nil, "\(last)")
    }

    @Test func theStatusLineListsTheProbeWithoutATarget() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("ibbq.hex", Self.log)
        let r = await box.run(["live", "--replay", file, "--plain"] + Self.arguments)
        #expect(r.status == 0, "\(r.err)")
        let last = try #require(r.out.split(separator: "\n").last { $0.contains("  ended  ") })
        #expect(
            last.range(of: #"  probes: 1 no target, 3 ETA \d\d:\d\d(\+1d)?$"#, options: .regularExpression) != nil,
            "\(last)")
    }

    @Test func aReadingCarriesItsOwnProbesETAWhenEveryProbeHasATarget() async throws {
        // The smoker cook of `LiveProbeETATests`: probe 1 a chicken done at about 5,300 s, probe 2
        // the slowest. Probe 1's lines said probe 2's ETA, the session's.
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("multi.csv", LiveProbeETATests.multiProbeCook())
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--cut", "chicken"])
        #expect(r.status == 0, "\(r.err)")
        let readings = try LiveProbeETATests.readingObjects(r.out)
        let probe1 = readings.filter { $0["channel"] as? Int == 1 }
        let last = try #require(probe1.last)
        #expect(last["phase"] as? String == "done", "\(last)")
        let probes = try #require(last["probes"] as? [[String: Any]])
        #expect(last["eta_s"] as? Double == probes[0]["eta_s"] as? Double)
    }
}
