import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// A probe stuck just under the target in a hot oven (it rose, then read 73.6 C, +-0.05, for
/// hours under 160 C air, target 74 C) is not "10 min" away at every tick: past what cooks
/// usually take, a probe that has not moved for an hour is not rising towards the target.
@Suite struct FlatProbeTests {
    @Test func aProbeFlatJustUnderTheTargetForHoursIsNotMinutesAway() {
        let readings = stride(from: 0.0, to: 8 * 3600, by: 10).map { t in
            let rising = 20 + 140 * (1 - exp(-t / 7200))
            let probe = rising < 73.6 ? rising : 73.6 + 0.05 * sin(t / 37)
            return Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: 160)
        }
        let prior = FitPrior.resolve(cut: nil, priors: [])
        let late = prior.totalHoursMean * 3600 + 3600
        let e = Predictor.predict(
            readings: readings.filter { $0.elapsedSeconds <= late }, targetCelsius: 74, atSeconds: late, cut: nil,
            priors: [])
        #expect(e.phase == .unreachable, "\(e.phase) at \(late) s: \(e.message)")
        #expect(e.message == "the probe is not rising towards 74.0 C at this air temperature", "\(e.message)")
    }
}
