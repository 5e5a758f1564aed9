import Foundation
import Testing

/// The predicted finish `cookcast plot` draws: each probe's own, and none where there is none.
@Suite struct PlotFinishTests {
    /// A canonical CSV of `minutes` of readings every 10 s: each probe `channel` rising from 5 C
    /// towards `airCelsius` with its own time constant, the air on channel 1's rows.
    static func csv(minutes: Int, airCelsius: Double, timeConstants: [Int: Double]) -> String {
        var text = "t_s,probe_c,ambient_c,channel\n"
        for t in stride(from: 0, through: minutes * 60, by: 10) {
            for (channel, tau) in timeConstants.sorted(by: { $0.key < $1.key }) {
                let probe = airCelsius - (airCelsius - 5) * exp(-Double(t) / tau)
                let air = channel == 1 ? String(format: "%.1f", airCelsius) : ""
                text += "\(t),\(String(format: "%.1f", probe)),\(air),\(channel)\n"
            }
        }
        return text
    }

    /// Replays two probes into `box`'s database: probe 2 (time constant 8,000 s) done at 1:18,
    /// probe 1 (16,000 s) about 45 minutes short when the replay ends at 1:56, target 74 C.
    /// Returns the live run's standard output.
    static func replayTwoProbes(into box: Sandbox) async -> String {
        let file = box.write("two.csv", csv(minutes: 116, airCelsius: 160, timeConstants: [1: 16000, 2: 8000]))
        let live = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--target", "74"])
        #expect(live.status == 0, "\(live.err)")
        return live.out
    }

    static func plot(_ box: Sandbox) async throws -> String {
        let chart = box.directory + "/cook.svg"
        let plot = await box.run(["plot", "1", "-o", chart])
        #expect(plot.status == 0, "\(plot.err)")
        return try String(contentsOfFile: chart, encoding: .utf8)
    }

    /// QA: probe 2 done at 1:18 and probe 1 still 45 minutes short when the replay ended; the
    /// chart's one finish line was probe 2's (the highest channel's last fit), so the cook looked
    /// finished at 1:18. Each probe's finish is drawn now, named.
    @Test func everyProbesFinishIsDrawnNotTheHighestChannelsAlone() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let out = await Self.replayTwoProbes(into: box)
        #expect(out.contains("probes: 1 ETA"), "\(out)")
        let svg = try await Self.plot(box)
        #expect(svg.contains("<title>probe 2 done at 01:18:"), "\(svg)")
        #expect(svg.contains("<title>probe 1 finish 02:"), "\(svg)")
    }

    /// QA: a pit at 60 C under a 74 C target, `show` saying "unreachable, no finish estimate", and
    /// the chart drew a finish with an 80 % band (the placeholder past cooks' length gives
    /// callers that need a number), stretching its time axis to it.
    @Test func aProbeOutOfReachDrawsNoFinish() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("cold.csv", Self.csv(minutes: 30, airCelsius: 60, timeConstants: [1: 3000]))
        let live = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--target", "74"])
        #expect(live.out.contains("ETA: unreachable"), "\(live.out)")
        let svg = try await Self.plot(box)
        #expect(!svg.contains("<title>probe 1"), "\(svg)")
        #expect(!svg.contains("fill-opacity=\"0.12\""), "\(svg)")
        #expect(svg.contains(">30m</text>"), "the time axis ends with the readings: \(svg)")
    }
}
