import Foundation

/// Evaporative cooling of a wet meat surface: the physics of the barbecue stall.
///
/// Mass transfer follows the Lewis analogy: `q = phi * a(W) * (h / c_p,air) * L_v * max(0, w_sat(T_s) - w_air)`
/// where `w` is the humidity ratio (kg water per kg dry air), `w_sat` comes from the Tetens vapour
/// pressure and `w_air` from the pit's vapour pressure. In a humid pit this balances convection
/// with the surface near a wet-bulb temperature of about 62-72 C. The surface water reservoir `W`
/// (kg/m^2) dries at that rate; below `criticalFraction * W0` the rate falls as `a = W / W_c`,
/// the surface warms and the centre climbs out of the stall. Wrapping scales `phi` down.
public struct SurfaceEvaporation: Sendable, Hashable {
    /// Partial pressure of water vapour in the pit air, in pascals (humid smoker: 20-30 kPa).
    public var pitVapourPressurePascals: Double
    /// Water left on the surface in kg/m^2.
    public var waterKilogramsPerSquareMetre: Double
    /// Water at which the falling-rate period starts, in kg/m^2.
    public var criticalWaterKilogramsPerSquareMetre: Double
    /// Multiplier on evaporation: 1 bare, about 0.15 butcher paper, 0.03 foil.
    public var factor: Double

    /// Latent heat of vaporisation of water near 70 C, J/kg.
    public static let latentHeatJoulesPerKilogram = 2.33e6
    /// Specific heat of (humid) air, J/(kg K).
    public static let airSpecificHeat = 1006.0
    /// Atmospheric pressure, Pa.
    public static let atmosphericPascals = 101_325.0

    /// Creates a reservoir holding `initialWater` kg/m^2.
    public init(
        pitVapourPressurePascals: Double, initialWaterKilogramsPerSquareMetre: Double, criticalFraction: Double,
        factor: Double = 1
    ) {
        self.pitVapourPressurePascals = pitVapourPressurePascals
        self.waterKilogramsPerSquareMetre = initialWaterKilogramsPerSquareMetre
        self.criticalWaterKilogramsPerSquareMetre = max(initialWaterKilogramsPerSquareMetre * criticalFraction, 1e-9)
        self.factor = factor
    }

    /// Saturation vapour pressure of water (Tetens), in pascals.
    public static func saturationPressurePascals(celsius t: Double) -> Double {
        610.78 * exp(17.27 * t / (t + 237.3))
    }

    /// Humidity ratio (kg/kg dry air) for a vapour pressure, capped below boiling.
    static func humidityRatio(vapourPascals p: Double) -> Double {
        let capped = min(p, 0.95 * atmosphericPascals)
        return 0.622 * capped / (atmosphericPascals - capped)
    }

    /// Evaporative heat flux leaving the surface, W/m^2 (never negative: no condensation).
    public func heatFluxWattsPerSquareMetre(surfaceCelsius: Double, heatTransfer h: Double) -> Double {
        guard waterKilogramsPerSquareMetre > 0 else { return 0 }
        let wetness = min(1, waterKilogramsPerSquareMetre / criticalWaterKilogramsPerSquareMetre)
        let drive =
            Self.humidityRatio(vapourPascals: Self.saturationPressurePascals(celsius: surfaceCelsius))
            - Self.humidityRatio(vapourPascals: pitVapourPressurePascals)
        guard drive > 0 else { return 0 }
        return factor * wetness * h / Self.airSpecificHeat * Self.latentHeatJoulesPerKilogram * drive
    }

    /// Removes the water evaporated by `heatFlux` over `dtSeconds`.
    public mutating func consume(heatFluxWattsPerSquareMetre q: Double, dtSeconds: Double) {
        waterKilogramsPerSquareMetre = max(
            0, waterKilogramsPerSquareMetre - q / Self.latentHeatJoulesPerKilogram * dtSeconds)
    }

    /// Wet-bulb surface temperature in Celsius for air at `airCelsius`: where evaporation balances convection.
    public func wetBulbCelsius(airCelsius: Double) -> Double {
        var lo = 0.0
        var hi = airCelsius
        let probe = SurfaceEvaporation(
            pitVapourPressurePascals: pitVapourPressurePascals, initialWaterKilogramsPerSquareMetre: 1,
            criticalFraction: 0.5)
        for _ in 0..<60 {
            let mid = 0.5 * (lo + hi)
            let imbalance = (airCelsius - mid) - probe.heatFluxWattsPerSquareMetre(surfaceCelsius: mid, heatTransfer: 1)
            if imbalance > 0 { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }
}
