import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// The heat turned off (the oven, the fire out, the meat taken out to rest): once the air has
/// stayed under the target for a quarter of an hour with the meat cooling in it, the target is
/// out of reach. The air ahead was the 4-hour mean, so a probe cooling in 40 C air was
/// "predicting, about 3 h 07 min left", "in air at 73.5 C", flipping to unreachable and back.
@Suite struct HeatOffTests {
    /// Newton heating in 150 C air, the oven off (40 C air) at `offSeconds`; readings every 10 s.
    static func cook(offSeconds: Double, until end: Double = 5000) -> [Reading] {
        var probe = 5.0
        return stride(from: 0.0, to: end, by: 10).map { t in
            let air = t < offSeconds ? 150.0 : 40
            probe += (air - probe) * 10 / 3000
            return Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: air)
        }
    }

    @Test func aProbeCoolingInAirUnderTheTargetIsOutOfReach() {
        let readings = Self.cook(offSeconds: 1500)
        var phases: [Double: EstimatePhase] = [:]
        for at in stride(from: 2500.0, to: 5000, by: 250) {
            let e = Predictor.predict(
                readings: readings.filter { $0.elapsedSeconds <= at }, targetCelsius: 74, atSeconds: at, cut: nil,
                priors: [])
            phases[at] = e.phase
            if at == 2500 { #expect(e.message.contains("the air (40.0 C) is not above the target"), "\(e.message)") }
        }
        #expect(phases.values.allSatisfy { $0 == .unreachable }, "\(phases.sorted { $0.key < $1.key })")
    }

    /// A pit that sags under the target while the meat still rises (a smoker between two loads of
    /// fuel) is not the heat off: its level is still the hours before, and the finish stands.
    @Test func aPitSaggingUnderTheTargetWithTheMeatRisingIsNotTheHeatOff() {
        var probe = 5.0
        let readings = stride(from: 0.0, to: 9000, by: 10).map { t in
            let air = t > 6000 && t < 7500 ? 70.0 : 115
            probe += (air - probe) * 10 / 9000
            return Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: air)
        }
        let e = Predictor.predict(readings: readings, targetCelsius: 95, atSeconds: 7400, cut: nil, priors: [])
        #expect(e.phase != .unreachable, "\(e.phase): \(e.message)")
        #expect(e.finishSeconds != nil)
    }
}
