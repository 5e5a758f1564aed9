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
    /// A probe that reports once a minute and sends each reading twice, 58 s and 60.2 s into the
    /// minute, the second 0.25 C higher (its noise); a chicken-sized roast (time constant 6,500 s)
    /// in 180 C air. Every pair straddles a grid boundary, so its two points are dated a second
    /// apart: that is no probe going into hotter meat, and the fit must not restart at each.
    @Test func aReadingResentASecondAcrossABoundaryIsNotAnInsertion() throws {
        let readings = (0..<60).flatMap { minute in
            [(58.0, -0.1), (60.2, 0.15)].map { offset, noise in
                let t = 60 * Double(minute) + offset
                return Reading(elapsedSeconds: t, probeCelsius: 180 - 175 * exp(-t / 6500) + noise, ambientCelsius: 180)
            }
        }
        let truth = 6500 * log(175.0 / 106)  // 74 C: 3,259 s
        let est = ETAEstimator(targetCelsius: 74, prior: .generic)
        var fed = readings[...]
        for minutes in [10.0, 20.0] {
            let now = minutes * 60 + 1
            while let r = fed.first, r.elapsedSeconds <= now {
                est.update(r)
                fed = fed.dropFirst()
            }
            let e = est.estimate(atSeconds: now)
            let left = try #require(e.finishSeconds) - now
            // Restarted at every pair, the fit never held more than a minute of readings: the
            // answer stayed the prior's ("collecting data") for the whole first half hour.
            #expect(e.phase == .predicting, "\(Int(minutes)) min in: \(e.phase)")
            #expect(
                abs(left - (truth - now)) < 0.25 * (truth - now),
                "\(Int(minutes)) min in: \(Int(left)) s left, truly \(Int(truth - now)) s")
        }
    }
}
