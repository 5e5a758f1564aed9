import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// When the conduction fit's effective air sits under the target although the oven does not, a
/// straight line through the slowing rise finishes far too early; past cooks of the cut weigh in.
@Suite struct UnpinnedAirTests {
    /// The turkey prior as learned from past cooks (3.7 h in a 163 C oven).
    static let turkey = FitPrior(
        cut: "turkey", ambientCelsius: 163, logTauMean: 9.37, logTauSD: 0.5, stalls: false, stallCelsius: 70,
        stallHoursMean: 0, stallHoursSD: 1, totalHoursMean: 3.67, totalHoursSD: 1.1, cookCount: 4)

    @Test func aQuarterInTheFinishIsNotTheStraightLine() throws {
        let readings = try realCookReadings("tempfit_turkey_2021_p2.csv")  // probe 2: no air sensor
        let done = 8_490.6  // the probe first reads 73.9 C (manifest: true_time_to_target_s)
        let at = 0.25 * done
        let est = ETAEstimator(targetCelsius: 73.9, prior: Self.turkey)
        for r in readings where r.elapsedSeconds <= at { est.update(r) }
        let e = est.estimate(atSeconds: at)
        let rel = ((e.finishSeconds ?? .infinity) - done) / (done - at)
        // The straight line alone said 0.45 early here.
        #expect(abs(rel) < 0.2, "finish \(e.finishSeconds ?? -1) s vs \(done) s (\(e.model): \(e.message))")
    }
}
