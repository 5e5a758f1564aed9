import Foundation

/// Evaporative cooling of a wet surface that grows as the meat heats.
///
/// The fitted ambient offset (negative: the meat sees cooler air than the sensor) is what
/// evaporation cost so far. The loss scales with the water vapour pressure at the surface, which
/// rises steeply towards 100 C, so as the meat heats the effective air keeps dropping and a
/// constant offset finishes too early. `futureDriveShiftCelsius` is the extra drop of the effective
/// air over the rest of the cook: the offset times the growth of the surface's vapour pressure from
/// now to midway to the target, times `growthGain` (0 = constant offset).
struct Evaporation: Sendable {
    /// How much of the vapour-pressure growth reaches the effective air (0 = none).
    var growthGain: Double
    /// Surface temperature as a fraction of the way from the core to the air.
    var surfaceFraction: Double

    /// Saturation vapour pressure of water, kPa (Tetens), at `celsius` (clamped to 0-100 C).
    static func saturationPressureKPa(celsius: Double) -> Double {
        let t = min(100, max(0, celsius))
        return 0.61078 * exp(17.27 * t / (t + 237.3))
    }

    /// Extra shift of the future effective air, Celsius (<= 0), for a fitted `offsetCelsius`.
    func futureDriveShiftCelsius(
        offsetCelsius: Double, coreCelsius: Double, airCelsius: Double, targetCelsius: Double
    ) -> Double {
        guard growthGain > 0, offsetCelsius < 0, airCelsius > coreCelsius, targetCelsius > coreCelsius else {
            return 0
        }
        let surfaceNow = coreCelsius + surfaceFraction * (airCelsius - coreCelsius)
        let coreLater = 0.5 * (coreCelsius + targetCelsius)
        let surfaceLater = coreLater + surfaceFraction * (airCelsius - coreLater)
        let growth =
            Self.saturationPressureKPa(celsius: surfaceLater) / Self.saturationPressureKPa(celsius: surfaceNow) - 1
        // Bounded: at most doubling the loss so far, and never more than half of the remaining
        // effective air-to-target gap (the forecast must still reach the target).
        let shift = offsetCelsius * min(1, max(0, growthGain * growth))
        let gap = airCelsius + offsetCelsius - targetCelsius
        return gap > 0 ? max(shift, -0.5 * gap) : 0
    }
}
