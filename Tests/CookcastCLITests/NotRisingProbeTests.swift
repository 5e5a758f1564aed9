import Foundation
import Testing

@testable import CookcastCLI

/// A probe that has not risen since it went in, an hour on, is not heading for the target.
@Suite struct NotRisingProbeTests {
    /// Four hours of a probe at 20 C, every 30 s; `air` the pit's column ("" for none).
    static func flatProbe(air: String) -> String {
        "t_s,probe_c,ambient_c\n" + stride(from: 0, through: 4 * 3600, by: 30).map { "\($0),20.00,\(air)\n" }.joined()
    }

    /// QA (issue 3's bad input): a probe flat at 20 C for four hours beside a 120 C pit (left on
    /// the counter) was "about 48 h 00 min left", phase predicting (the fit's time constant at its
    /// bound, the finish at the 48-hour cap), and 8 minutes or 3 hours left an hour in, by cut;
    /// without an air sensor "creeping towards 70.0 C" on past cooks' time.
    @Test(arguments: ["120.00", ""])
    func aProbeFlatSinceItWentInIsNotRisingTowardsTheTarget(air: String) async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("flat.csv", Self.flatProbe(air: air))
        for cut in ["chicken", "beef_steak", "mystery"] {
            for at in ["5000", "14400"] {
                let args = ["predict", file, "--target", "70", "--cut", cut, "--at", at]
                let text = await box.run(args)
                #expect(text.status == 0, "\(text.err)")
                #expect(text.out.contains("phase unreachable"), "\(cut) \(at): \(text.out)")
                #expect(text.out.contains("no finish estimate"), "\(cut) \(at): \(text.out)")
                #expect(text.out.contains("the probe is not rising towards 70.0 C"), "\(cut) \(at): \(text.out)")
                let seconds = await box.run(args + ["--format", "seconds"])
                let number = Double(seconds.out.trimmingCharacters(in: .whitespacesAndNewlines))
                #expect(seconds.status == 0 && number != nil, "\(seconds.out)")
            }
        }
    }

    /// A big roast's centre barely moves in its first hour (0.6 C in 120 C air, faster after):
    /// it is rising, and is predicted, not called out of reach.
    @Test func aSlowFirstHourIsStillPredicted() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let rows = stride(from: 0, through: 5400, by: 30).map { t -> String in
            let hours = Double(t) / 3600
            return "\(t),\(String(format: "%.2f", 4 + 0.6 * hours * hours)),120.00\n"
        }
        let file = box.write("roast.csv", "t_s,probe_c,ambient_c\n" + rows.joined())
        let text = await box.run(["predict", file, "--target", "55", "--cut", "beef_roast", "--at", "5400"])
        #expect(text.status == 0, "\(text.err)")
        #expect(!text.out.contains("unreachable") && text.out.contains("finish at"), "\(text.out)")
    }
}
