import Foundation
import Testing

/// QA: with no air sensor, a probe that read the room and was then pushed into meat already past
/// its target (a reheat, a cook joined late) stayed `probe_out` ("above the target within a
/// minute: is it out of the meat?") and never sounded the target; with the air known it is done
/// 45 s after the jump. A probe put from the room into the pit, with no air sensor, is still out.
@Suite struct PushedInWithoutAirTests {
    /// Five minutes of room air (21 C), a reading every 5 s, then from 300 s what `probe` gives;
    /// `air` as the ambient column, or none.
    static func cook(air: Double?, probe: (Double) -> Double) -> String {
        var text = "t_s,probe_c,ambient_c\n"
        for t in stride(from: 0.0, to: 1500, by: 5) {
            let celsius = t < 300 ? 21 + Double(Int(t) % 15) * 0.02 : probe(t - 300)
            text += "\(t),\(String(format: "%.1f", celsius)),\(air.map { String($0) } ?? "")\n"
        }
        return text
    }

    /// Pushed into meat at 80 C (45 C halfway in at the first reading), resting 1 C per 10 minutes.
    static func intoDoneMeat(_ seconds: Double) -> Double { seconds == 0 ? 45 : 80 - seconds / 600 }

    /// Laid in a pit at `air` C: a probe in air heats towards it over minutes.
    static func intoThePit(air: Double) -> (Double) -> Double { { air - (air - 21) * exp(-$0 / 60) } }

    /// `live --replay FILE --speed max --json --target 74`: its alarms and its last reading.
    static func live(_ file: String, _ box: Sandbox) async throws -> (alarms: [String], last: [String: Any]) {
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--target", "74"])
        #expect(r.status == 0, "\(r.err)")
        let lines = try r.out.split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let alarms = lines.filter { $0["type"] as? String == "alarm" }.compactMap { $0["alarm"] as? String }
        return (alarms, try #require(lines.last { $0["type"] as? String == "reading" }))
    }

    @Test func aProbePushedFromTheRoomIntoDoneMeatIsDoneAsWithTheAirKnown() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let withoutAir = box.write("without-air.csv", Self.cook(air: nil, probe: Self.intoDoneMeat))
        let withAir = box.write("with-air.csv", Self.cook(air: 150, probe: Self.intoDoneMeat))
        let known = try await Self.live(withAir, box)
        #expect(known.alarms == ["target_reached"])
        let unknown = try await Self.live(withoutAir, box)
        #expect(unknown.alarms == ["target_reached"], "\(unknown.alarms)")
        #expect(unknown.last["phase"] as? String == "done", "\(unknown.last)")
        #expect(unknown.last["eta_s"] as? Double == known.last["eta_s"] as? Double, "\(unknown.last)")

        let predicted = await box.run(["predict", withoutAir, "--target", "74"])
        #expect(predicted.status == 0, "\(predicted.err)")
        #expect(
            predicted.out
                == "at 00:24:55: probe 78.0 C, target 74.0 C, phase done\ndone at 00:05:50 on the file's clock\n"
                + "done: the probe reached 74.0 C\n")
        let json = await box.run(["predict", withoutAir, "--target", "74", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["finish_s"] as? Double == unknown.last["eta_s"] as? Double, "\(json.out)")
    }

    /// A 110 C pit heats the probe slower than meat would jump it (it never rested: out three
    /// readings after it reached the target); a 200 C oven as fast, so it is judged 45 s after the
    /// jump, climbing on: out then.
    @Test(arguments: [110.0, 200.0]) func aProbePutFromTheRoomIntoThePitIsStillOut(air: Double) async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("pit.csv", Self.cook(air: nil, probe: Self.intoThePit(air: air)))
        let run = try await Self.live(file, box)
        #expect(run.alarms == ["probe_out"], "\(run.alarms)")
        #expect(run.last["phase"] as? String == "probe_out", "\(run.last)")
        let predicted = await box.run(["predict", file, "--target", "74"])
        #expect(predicted.out.contains("phase probe_out"), "\(predicted.out)")
    }
}
