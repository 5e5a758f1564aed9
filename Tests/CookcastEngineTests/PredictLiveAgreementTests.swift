import CookcastCore
import CookcastEngine
import CookcastFit
import Foundation
import Testing

/// `cookcast predict --at T` and the live pipeline agree on what the ETA was: live refits at each
/// 30 s grid step and shows that step's estimate until the next; predict closes the step T falls
/// in at T, so it answers what live shows once that step has closed (README, `predict`).
@Suite struct PredictLiveAgreementTests {
    /// A chicken-like curve read every 10 s with an air sensor, two hours.
    static let readings: [Reading] = stride(from: 0.0, through: 7200, by: 10).map { t in
        let wobble = 0.05 * sin(t / 37)
        return Reading(
            elapsedSeconds: t, probeCelsius: 5 + 170 * (1 - exp(-t / 14_000)) + wobble,
            ambientCelsius: 175 + 3 * sin(t / 600))
    }

    @Test func predictAtAMomentIsWhatLiveShowsOnceItsGridStepCloses() throws {
        let provider = SessionETAProvider(targetCelsius: 74, cut: nil, priors: [])
        var shown: [Double: Double] = [:]
        for r in Self.readings {
            provider.update(with: r)
            shown[r.elapsedSeconds] = provider.moment(atSeconds: r.elapsedSeconds).snapshot.finishSeconds
        }
        for boundary in stride(from: 1800.0, through: 5400, by: 600) {
            let lastBefore = boundary - 10
            let predicted = try #require(
                Predictor.predictSession(
                    readings: Self.readings, targetCelsius: 74, atSeconds: lastBefore, cut: nil, priors: []
                ).finishSeconds)
            // The step [boundary - 30, boundary) closes with the reading at `boundary`.
            let live = try #require(shown[boundary])
            #expect(
                abs(predicted - live) < 1e-6, "at \(lastBefore) s: predict \(predicted), live at \(boundary) s \(live)")
            // Until then live still shows the step before (what predict said a step earlier).
            let earlier = try #require(
                Predictor.predictSession(
                    readings: Self.readings, targetCelsius: 74, atSeconds: lastBefore - 30, cut: nil, priors: []
                ).finishSeconds)
            let liveBefore = try #require(shown[lastBefore])
            #expect(
                abs(earlier - liveBefore) < 1e-6,
                "live at \(lastBefore) s \(liveBefore), predict a step before \(earlier)")
        }
    }
}
