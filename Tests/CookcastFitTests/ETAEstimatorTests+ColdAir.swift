import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// Degenerate input of issue 3: a probe falling in air under its target will not get there, and
/// says so once the air has shown it is not heating up; a pit still heating up keeps the first
/// answer from past cooks, whatever the probe does as it settles into the meat.
extension ETAEstimatorTests {
    /// A beef roast's past cooks: 2.5 hours in a 160 C oven.
    static let roast = FitPrior(
        cut: "beef_roast", ambientCelsius: 160, logTauMean: 8.9, logTauSD: 1, stalls: false, stallCelsius: 70,
        stallHoursMean: 0, stallHoursSD: 1, totalHoursMean: 2.5, totalHoursSD: 0.6, cookCount: 4)

    /// What the live view shows after each reading of `readings` (every 5 s) at each half minute,
    /// keyed by seconds.
    static func liveEstimates(_ readings: [Reading], targetCelsius: Double) -> [Double: Estimate] {
        let est = ETAEstimator(targetCelsius: targetCelsius, prior: roast)
        var shown: [Double: Estimate] = [:]
        for r in readings {
            est.update(r)
            if r.elapsedSeconds.truncatingRemainder(dividingBy: 30) == 0 {
                shown[r.elapsedSeconds] = est.estimate(atSeconds: r.elapsedSeconds)
            }
        }
        return shown
    }

    /// Readings every 5 s for `minutes`: the probe and the air at each second, the probe to 0.1 C
    /// with +-0.05 C of noise, the air to 0.1 C with +-0.3 C.
    static func readings(minutes: Double, probe: (Double) -> Double, air: (Double) -> Double) -> [Reading] {
        var seed: UInt64 = 7
        func noise() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53) - 0.5
        }
        return stride(from: 0.0, to: minutes * 60, by: 5).map { t in
            Reading(
                elapsedSeconds: t, probeCelsius: ((probe(t) + 0.1 * noise()) * 10).rounded() / 10,
                ambientCelsius: ((air(t) + 0.6 * noise()) * 10).rounded() / 10)
        }
    }

    /// Meat at 40 C cooling in 22 C room air (time constant 15 minutes), target 60 C: out of reach
    /// once the air has shown for 3 minutes that it is not heating up. Its fall of more than 0.3 C
    /// a grid step restarted the fit at every step (a probe settling into cold meat), and it was
    /// "collecting data: about 2 h 30 min left going by past cooks" for the first 12 minutes.
    @Test func aProbeCoolingInRoomAirIsOutOfReachOnceTheAirShowsItIsNotHeating() {
        let cooling = Self.readings(minutes: 25, probe: { 22 + 18 * exp(-$0 / 900) }, air: { _ in 22 })
        let shown = Self.liveEstimates(cooling, targetCelsius: 60)
        for (t, e) in shown.sorted(by: { $0.key < $1.key }) {
            if t < 180 {
                // The air may yet be an oven just switched on: past cooks' first answer, never "in 0s".
                #expect(e.phase == .collectingData, "\(t) s: \(e.phase) \(e.message)")
                #expect((e.finishSeconds ?? 0) > t + 3600, "\(t) s: \(e.message)")
            } else if t >= 240 {
                #expect(e.phase == .unreachable, "\(t) s: \(e.phase) \(e.message)")
                #expect(e.message.contains("is not above the target 60.0 C"), "\(t) s: \(e.message)")
            }
        }
    }

    /// An oven or a smoker still heating up from room air, the probe flat in cold meat or just put
    /// in (from the room's 22 C to the meat's 4 C, falling 5 C in the first grid step): never
    /// `unreachable`, and past cooks' first answer until the fit has its points.
    @Test func aPitStillHeatingUpIsNotOutOfReachWhateverTheProbeDoes() {
        let pits: [(name: String, air: (Double) -> Double)] = [
            ("oven", { 22 + 158 * (1 - exp(-$0 / 600)) }),
            ("smoker", { 22 + 98 * (1 - exp(-$0 / 1800)) }),
        ]
        let probes: [(name: String, probe: (Double) -> Double)] = [
            ("flat", { _ in 4 }),
            ("put in", { 4 + 18 * exp(-$0 / 45) + 0.5 * $0 / 1800 }),
        ]
        for pit in pits {
            for probe in probes {
                let cook = Self.readings(minutes: 30, probe: probe.probe, air: pit.air)
                let shown = Self.liveEstimates(cook, targetCelsius: 60)
                let what = "\(pit.name), probe \(probe.name)"
                for (t, e) in shown.sorted(by: { $0.key < $1.key }) {
                    #expect(e.phase != .unreachable, "\(what) at \(t) s: \(e.message)")
                    #expect((e.finishSeconds ?? 0) > t, "\(what) at \(t) s: \(e.message)")
                }
                let first = shown[60]
                #expect(first?.phase == .collectingData, "\(what): \(first?.message ?? "none")")
                #expect(first?.message.contains("going by past cooks") == true, "\(what): \(first?.message ?? "none")")
            }
        }
    }
}
