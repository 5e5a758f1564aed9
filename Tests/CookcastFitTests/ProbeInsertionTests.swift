import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// A probe that reads the kitchen before it goes into meat already hotter than the room (a cook
/// joined midway, a reheat): the seconds of its climb are the probe's, not the meat's heating.
@Suite struct ProbeInsertionTests {
    /// Kitchen air (20 C) for 90 s, then 20 s going into a roast whose centre is at 61 C and heats
    /// in its last stretch towards 115 C (time constant 40,000 s), every 10 s; no air sensor, as
    /// in the real ThermoPro log this mimics (`history_probe_1_20211215231055.csv`: 20 -> 62 C in
    /// ten seconds, then seven hours to 85 C).
    func readings(until end: Double) -> [Reading] {
        stride(from: 0.0, through: end, by: 10).map { t in
            let meat = 115 - 54 * exp(-t / 40_000)
            let probe: Double
            if t < 90 {
                probe = 20 + (t.truncatingRemainder(dividingBy: 20) == 0 ? 0.1 : -0.1)
            } else if t < 110 {
                probe = 20 + (meat - 20) * (t - 90) / 20
            } else {
                probe = meat
            }
            return Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: nil)
        }
    }

    @Test func theClimbIntoTheMeatIsNotHeating() throws {
        let truth = 40_000 * log(54.0 / 30)  // 85 C: 23,500 s
        for minutes in [5.0, 10.0, 20.0] {
            let now = minutes * 60
            let estimate = Predictor.predict(readings: readings(until: now), targetCelsius: 85, cut: nil, priors: [])
            let left = try #require(estimate.finishSeconds) - now
            #expect(estimate.phase != .done)
            // Read as heating, the 40 C climb said "done in a minute" (48 s at 5 minutes on the
            // real log). Seven hours away, the answer must at least be more than half an hour.
            #expect(left > 1800, "\(Int(minutes)) min in: \(Int(left)) s left, truly \(Int(truth - now)) s")
        }
    }
}
