import CookcastCore
import CookcastIngest
import Foundation
import Testing

@testable import CookcastFit

/// A brisket wrapped before it stalls: its rise slowed towards the plateau, then sped up again
/// once the foil stopped the evaporation. No plateau comes, and the forecast must stop waiting for
/// one.
@Suite struct WrappedBeforeTheStallTests {
    /// A smoked brisket from the project's conduction model: a 6.5 cm cylinder in a steady 115 C
    /// pit, its wet surface evaporating (the stall), wrapped in foil when its centre reaches
    /// `wrapAtCelsius` (evaporation down to `evaporationUnderFoil` of what it was, the surface
    /// coefficient to 85 %, the pit open for five minutes), or never. The centre and the air every
    /// 10 s, in tenths; `truth`: when the centre reached 95 C.
    static func smokedBrisket(
        wrapAtCelsius: Double?, evaporationUnderFoil: Double = 0
    ) -> (readings: [Reading], truth: Double) {
        let h = 18.0, air = 115.0, budgetHours = 5.0
        let water = budgetHours * 3600 * h * (air - 70) / SurfaceEvaporation.latentHeatJoulesPerKilogram
        var body = ConductionModel(
            geometry: .cylinder, radiusMetres: 0.065, diffusivitySquareMetresPerSecond: 1.35e-7,
            conductivityWattsPerMetreKelvin: 0.45, initialCelsius: 5, nodeCount: 30,
            evaporation: SurfaceEvaporation(
                pitVapourPressurePascals: 26_500, initialWaterKilogramsPerSquareMetre: water, criticalFraction: 0.3))
        var readings: [Reading] = []
        var heat = h
        var wrapSeconds: Double?
        var t = 0.0
        while t < 30 * 3600 {
            let centre = body.temperature(atRadiusMetres: 0)
            if let w = wrapAtCelsius, wrapSeconds == nil, centre >= w {
                wrapSeconds = t
                body.evaporation?.factor *= evaporationUnderFoil
                heat *= 0.85
            }
            let pit = wrapSeconds.map { t - $0 < 300 } ?? false ? air - 60 : air
            readings.append(Reading(elapsedSeconds: t, probeCelsius: (centre * 10).rounded() / 10, ambientCelsius: pit))
            if centre >= 95 { return (readings, t) }
            for _ in 0..<2 { body.step(dtSeconds: 5, airCelsius: pit, heatTransferWattsPerSquareMetreKelvin: heat) }
            t += 10
        }
        return (readings, t)
    }

    /// The learned brisket prior the slowdown watch is tested with (plateau at 72 C, three cooks).
    static let prior = SlowdownWatchTests.prior

    /// Signed errors of the finish, as fractions of the time left, at `fractions` of the cook.
    static func errors(
        _ cook: (readings: [Reading], truth: Double), fractions: [Double], restartsAfterSlowdown: Bool
    ) -> [Double] {
        estimates(cook, fractions: fractions, restartsAfterSlowdown: restartsAfterSlowdown).map {
            (($0.finishSeconds ?? .infinity) - cook.truth) / (cook.truth - $0.elapsedSeconds)
        }
    }

    /// The estimates at `fractions` of the cook.
    static func estimates(
        _ cook: (readings: [Reading], truth: Double), fractions: [Double], restartsAfterSlowdown: Bool
    ) -> [Estimate] {
        var configuration = ETAEstimator.Configuration()
        configuration.restartsAfterSlowdown = restartsAfterSlowdown
        let est = ETAEstimator(targetCelsius: 95, prior: prior, configuration: configuration)
        var marks = fractions.map { $0 * cook.truth }
        var estimates: [Estimate] = []
        for r in cook.readings {
            est.update(r)
            guard let m = marks.first, r.elapsedSeconds >= m else { continue }
            marks.removeFirst()
            estimates.append(est.estimate(atSeconds: r.elapsedSeconds))
        }
        return estimates
    }

    @Test func wrappedBeforeItStallsTheForecastStopsWaitingForThePlateau() {
        // Wrapped at 62 C, 4.5 h in: the rise had slowed from 12 to 5 C/h and climbs at 9 C/h from
        // 5.5 h; done at 8.6 h without a plateau. Waiting for the stall, the forecast was 0.43,
        // 0.13, 0.44 and -0.13 of the time left at 70, 75, 80 and 85 % of the way; now -0.16,
        // -0.12, -0.21, -0.24 (the restarted fit leans early: the foil's lower surface coefficient
        // is not known to it). Until the speed-up is seen (60-65 %) both wait for the plateau, 1.0-1.3
        // late: a wrap to come cannot be seen.
        let cook = Self.smokedBrisket(wrapAtCelsius: 62)
        let fractions = [0.7, 0.75, 0.8, 0.85]
        let now = Self.errors(cook, fractions: fractions, restartsAfterSlowdown: true)
        let before = Self.errors(cook, fractions: fractions, restartsAfterSlowdown: false)
        #expect(now.count == fractions.count)
        #expect(before.count == fractions.count)
        for (f, e) in zip(fractions, now) {
            #expect(abs(e) <= 0.25, "at \(f): \(e) of the time left; now \(now), before \(before)")
        }
        let sumNow: Double = now.map(abs).reduce(0, +)
        let sumBefore: Double = before.map(abs).reduce(0, +)
        #expect(sumNow < sumBefore - 0.3, "now \(now), before \(before)")
        // The cook is told why the stall it may be waiting for is gone, for the hour after.
        let said = Self.estimates(cook, fractions: [0.7], restartsAfterSlowdown: true).first?.message ?? ""
        #expect(said.contains("sped up again before a stall (wrapped?): no stall expected"), "\(said)")
    }

    @Test func aPlateauAfterTheSpeedUpClimbsOffTheFitFromBeforeIt() {
        // Foil that keeps 3 % of the evaporation: wrapped at 60 C, the rise speeds up, then stalls
        // again at 77-88 C as the surface under the foil heats. Climbing off that plateau on the fit
        // restarted at the speed-up (it knew only the fast climb), the finish from 65 to 90 % of
        // the way was +0.69 to +2.34 of the time left late, against +0.07 to +1.14 without the
        // restart; on the fit from before the slowdown, as before a first plateau, -0.22 to +0.58.
        let cook = Self.smokedBrisket(wrapAtCelsius: 60, evaporationUnderFoil: 0.03)
        let fractions = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]
        let now = Self.errors(cook, fractions: fractions, restartsAfterSlowdown: true)
        let before = Self.errors(cook, fractions: fractions, restartsAfterSlowdown: false)
        #expect(now.count == fractions.count)
        let sumNow: Double = now.map(abs).reduce(0, +)
        let sumBefore: Double = before.map(abs).reduce(0, +)
        #expect(sumNow < sumBefore, "now \(now), before \(before)")
        #expect(now.allSatisfy { abs($0) < 0.7 }, "now \(now)")
    }

    @Test func aStallThatComesIsLeftToThePlateauRules() {
        // Unwrapped, the same brisket sits on its plateau at 64-68 C: the rise slows and stops, and
        // no slowdown ends before the plateau is seen. Every forecast is the same with and without.
        let cook = Self.smokedBrisket(wrapAtCelsius: nil)
        let fractions: [Double] = stride(from: 0.3, through: 0.95, by: 0.05).map { $0 }
        let now = Self.errors(cook, fractions: fractions, restartsAfterSlowdown: true)
        let before = Self.errors(cook, fractions: fractions, restartsAfterSlowdown: false)
        #expect(now.count == fractions.count)
        #expect(now == before)
    }
}
