import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// Evaporation that grows with the surface temperature lowers the future effective air.
@Suite struct EvaporationTests {
    @Test func vapourPressureRisesSteeply() {
        let p40 = Evaporation.saturationPressureKPa(celsius: 40)
        let p100 = Evaporation.saturationPressureKPa(celsius: 100)
        #expect(abs(p100 - 101.3) < 1.5)
        #expect(p100 / p40 > 10)
        #expect(Evaporation.saturationPressureKPa(celsius: 150) == p100)
    }

    @Test func shiftIsNegativeBoundedAndOffWhenNotWet() {
        let ev = Evaporation(growthGain: 1, surfaceFraction: 0.3)
        let s = ev.futureDriveShiftCelsius(offsetCelsius: -7, coreCelsius: 50, airCelsius: 160, targetCelsius: 74)
        #expect(s < 0 && s >= -28)
        // No evaporative offset, no gain, or already past the target: no shift.
        #expect(ev.futureDriveShiftCelsius(offsetCelsius: 2, coreCelsius: 50, airCelsius: 160, targetCelsius: 74) == 0)
        #expect(
            Evaporation(growthGain: 0, surfaceFraction: 0.3)
                .futureDriveShiftCelsius(offsetCelsius: -7, coreCelsius: 50, airCelsius: 160, targetCelsius: 74) == 0)
        #expect(ev.futureDriveShiftCelsius(offsetCelsius: -7, coreCelsius: 80, airCelsius: 160, targetCelsius: 74) == 0)
    }

    /// A roast in a 160 C oven, asked past halfway: the growing loss moves the finish later, never
    /// to nonsense.
    @Test func growingLossDelaysTheFinish() {
        var readings: [Reading] = []
        var t = 0.0
        while t < 5400 {
            let p = 160 - (160 - 5) * exp(-t / 20000)
            readings.append(Reading(elapsedSeconds: t, probeCelsius: (p * 10).rounded() / 10, ambientCelsius: 160))
            t += 5
        }
        func finish(gain: Double) -> Double {
            var c = ETAEstimator.Configuration()
            c.evaporationGrowthGain = gain
            let est = ETAEstimator(targetCelsius: 74, prior: .generic, configuration: c)
            for r in readings { est.update(r) }
            return est.estimate(atSeconds: 5400).finishSeconds ?? .nan
        }
        let with = finish(gain: 1), without = finish(gain: 0)
        #expect(with.isFinite && without.isFinite)
        #expect(with >= without && with < 5400 + 48 * 3600, "with \(with) without \(without)")
    }
}
