import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// Within 2 C of the target in a bath, when the fitted curve levels off under it, the recent rise
/// closes on the measured bath (`ETAEstimator.lineRemaining`) instead of running straight on.
@Suite struct BathLineTests {
    /// The real whole-Fahrenheit T-bone (target 51.7 C, reached at 3,960 s), without learned
    /// cooks, at the moments its fitted curve levelled off under the target two degrees from it:
    /// the straight line through the flattening rise said 8 and 5 minutes for 23 and 13 (0.63 and
    /// 0.61 of the time left early); closing on the bath, 0.04 and 0.26.
    @Test func theRealTBoneNearItsTargetIsNotCutShort() throws {
        let readings = try realCookReadings("sousvide_tbone.csv")
        let truth = 3960.0
        for at in [2574.0, 3168] {
            let e = Predictor.predict(
                readings: readings, targetCelsius: 51.7, atSeconds: at, cut: BathRecoveryTests.sousVide, priors: [])
            let miss = ((e.finishSeconds ?? 0) - truth) / (truth - at)
            #expect(abs(miss) < 0.3, "at \(at) s: \(miss) of the time left (\(e.model): \(e.message))")
        }
    }
}
