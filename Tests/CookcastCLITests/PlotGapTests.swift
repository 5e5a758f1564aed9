import Foundation
import Testing

/// `cookcast plot` leaves a gap where the readings stopped, as the live view's chart does.
@Suite struct PlotGapTests {
    /// The `d` of each `<path>` of `svg`: the ambient's, then each probe's.
    static func paths(_ svg: String) -> [String] {
        svg.components(separatedBy: "<path d=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// QA: a 24 h brisket whose link dropped for 40 minutes at 10 h; the chart drew a straight
    /// line across the 40 minutes, readings that never came. A silence that makes a probe lost
    /// (a minute here, readings every 10 s) breaks its line now; the readings around a short one
    /// stay joined.
    @Test func aSilenceThatMakesTheProbeLostBreaksItsLine() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        var csv = "t_s,probe_c,ambient_c\n"
        let silences = [(from: 3600, to: 6000), (from: 7200, to: 7250)]
        for t in stride(from: 0, through: 3 * 3600, by: 10)
        where !silences.contains(where: { t > $0.from && t < $0.to }) {
            csv += "\(t),\(String(format: "%.1f", 120 - 115 * exp(-Double(t) / 20000))),120\n"
        }
        let file = box.write("gap.csv", csv)
        let live = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--target", "95"])
        #expect(live.status == 0, "\(live.err)")
        let chart = box.directory + "/cook.svg"
        #expect(await box.run(["plot", "1", "-o", chart]).status == 0)
        let paths = Self.paths(try String(contentsOfFile: chart, encoding: .utf8))
        #expect(paths.count == 2)
        for d in paths {
            #expect(d.filter { $0 == "M" }.count == 2, "\(d)")
        }
    }
}
