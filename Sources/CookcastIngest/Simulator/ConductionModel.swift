import Foundation

/// 1-D radial transient heat conduction in a sphere or an infinite cylinder of meat.
///
/// Solves `rho c_p dT/dt = r^-m d/dr (k r^m dT/dr)` (m = 1 cylinder, 2 sphere) on a uniform
/// cell-centred finite-volume grid with backward-Euler steps (unconditionally stable, so steps of
/// a few seconds are fine for cooks lasting hours). The surface exchanges heat with the air by
/// convection `h (T_air - T_s)` and can lose heat to evaporation of a surface water reservoir
/// (see `SurfaceEvaporation`), which is what makes a brisket stall.
///
/// Properties are constant in temperature; there is no bone, fat rendering or moisture transport.
public struct ConductionModel: Sendable {
    /// Body shape.
    public enum Geometry: String, Sendable, Hashable, CaseIterable {
        /// A sphere (bird, pork shoulder): geometry exponent 2.
        case sphere
        /// An infinite cylinder (brisket, roast, steak): geometry exponent 1.
        case cylinder

        /// The exponent `m` in `r^-m d/dr (r^m dT/dr)`.
        public var exponent: Int { self == .sphere ? 2 : 1 }
    }

    /// Body shape.
    public let geometry: Geometry
    /// Outer radius in metres.
    public let radiusMetres: Double
    /// Thermal diffusivity in m^2/s (meat: about 1.2e-7 to 1.5e-7).
    public let diffusivitySquareMetresPerSecond: Double
    /// Thermal conductivity in W/(m K) (meat: about 0.4 to 0.5).
    public let conductivityWattsPerMetreKelvin: Double
    /// Cell-centre temperatures in degrees Celsius, centre first.
    public private(set) var temperaturesCelsius: [Double]
    /// Surface evaporation state, nil when the cut does not stall.
    public var evaporation: SurfaceEvaporation?

    private let cellWidthMetres: Double
    private let cellVolumes: [Double]  // per unit solid angle (sphere) or radian-metre (cylinder), m^(m+1)
    private let faceAreas: [Double]  // faceAreas[i] = area of the face between cell i and i+1 (last = surface)
    // Scratch buffers for the tridiagonal solve, kept to avoid allocating every step.
    private var lower: [Double]
    private var diagonal: [Double]
    private var upper: [Double]
    private var rhs: [Double]

    /// A body at a uniform `initialCelsius`.
    ///
    /// - Parameters:
    ///   - nodeCount: number of radial cells (20...40 is plenty; at least 3).
    public init(
        geometry: Geometry, radiusMetres: Double, diffusivitySquareMetresPerSecond: Double,
        conductivityWattsPerMetreKelvin: Double, initialCelsius: Double, nodeCount: Int = 30,
        evaporation: SurfaceEvaporation? = nil
    ) {
        let n = max(nodeCount, 3)
        self.geometry = geometry
        self.radiusMetres = radiusMetres
        self.diffusivitySquareMetresPerSecond = diffusivitySquareMetresPerSecond
        self.conductivityWattsPerMetreKelvin = conductivityWattsPerMetreKelvin
        self.evaporation = evaporation
        let dr = radiusMetres / Double(n)
        cellWidthMetres = dr
        let m = Double(geometry.exponent)
        var volumes: [Double] = []
        var areas: [Double] = []
        for i in 0..<n {
            let inner = Double(i) * dr
            let outer = Double(i + 1) * dr
            volumes.append((pow(outer, m + 1) - pow(inner, m + 1)) / (m + 1))
            areas.append(pow(outer, m))
        }
        cellVolumes = volumes
        faceAreas = areas
        temperaturesCelsius = Array(repeating: initialCelsius, count: n)
        lower = Array(repeating: 0, count: n)
        diagonal = Array(repeating: 0, count: n)
        upper = Array(repeating: 0, count: n)
        rhs = Array(repeating: 0, count: n)
    }

    /// Number of radial cells.
    public var nodeCount: Int { temperaturesCelsius.count }

    /// Volumetric heat capacity `rho c_p` in J/(m^3 K), from `k / alpha`.
    public var volumetricHeatCapacity: Double {
        conductivityWattsPerMetreKelvin / diffusivitySquareMetresPerSecond
    }

    /// Temperature of the outermost cell, used as the surface temperature (Celsius).
    public var surfaceCelsius: Double { temperaturesCelsius[temperaturesCelsius.count - 1] }

    /// Temperature at `radiusMetres` from the centre, linearly interpolated between cell centres.
    public func temperature(atRadiusMetres r: Double) -> Double {
        let n = temperaturesCelsius.count
        let x = r / cellWidthMetres - 0.5  // position in cell-centre index units
        if x <= 0 { return temperaturesCelsius[0] }
        if x >= Double(n - 1) { return temperaturesCelsius[n - 1] }
        let i = Int(x)
        let f = x - Double(i)
        return temperaturesCelsius[i] * (1 - f) + temperaturesCelsius[i + 1] * f
    }

    /// Advances the body by `dtSeconds` (backward Euler) with air at `airCelsius`.
    ///
    /// - Parameters:
    ///   - heatTransferWattsPerSquareMetreKelvin: surface coefficient `h` (air 10-30, water 150-400).
    public mutating func step(
        dtSeconds dt: Double, airCelsius: Double, heatTransferWattsPerSquareMetreKelvin h: Double
    ) {
        let n = temperaturesCelsius.count
        let alpha = diffusivitySquareMetresPerSecond
        let k = conductivityWattsPerMetreKelvin
        let dr = cellWidthMetres
        for i in 0..<n {
            let gIn = i > 0 ? alpha * faceAreas[i - 1] / dr * dt / cellVolumes[i] : 0
            let gOut = i < n - 1 ? alpha * faceAreas[i] / dr * dt / cellVolumes[i] : 0
            lower[i] = -gIn
            upper[i] = -gOut
            diagonal[i] = 1 + gIn + gOut
            rhs[i] = temperaturesCelsius[i]
        }
        // Surface: convection through the film and half a cell of meat, plus evaporation
        // linearised about the current surface temperature so the implicit step stays stable.
        let surfaceConductance = 1 / (1 / h + 0.5 * dr / k)
        let s = dt * faceAreas[n - 1] / (cellVolumes[n - 1] * volumetricHeatCapacity)
        let t0 = temperaturesCelsius[n - 1]
        var evapFlux = 0.0
        var evapSlope = 0.0
        if let evaporation {
            evapFlux = evaporation.heatFluxWattsPerSquareMetre(surfaceCelsius: t0, heatTransfer: h)
            let dT = 0.01
            evapSlope =
                (evaporation.heatFluxWattsPerSquareMetre(surfaceCelsius: t0 + dT, heatTransfer: h) - evapFlux) / dT
            evapSlope = max(evapSlope, 0)
        }
        diagonal[n - 1] += s * (surfaceConductance + evapSlope)
        rhs[n - 1] += s * (surfaceConductance * airCelsius - evapFlux + evapSlope * t0)
        Self.solveTridiagonal(lower: lower, diagonal: &diagonal, upper: upper, rhs: &rhs)
        for i in 0..<n { temperaturesCelsius[i] = rhs[i] }
        if var e = evaporation {
            let flux = e.heatFluxWattsPerSquareMetre(surfaceCelsius: surfaceCelsius, heatTransfer: h)
            e.consume(heatFluxWattsPerSquareMetre: flux, dtSeconds: dt)
            evaporation = e
        }
    }

    /// Solves a tridiagonal system in place (Thomas algorithm); the solution is left in `rhs`.
    ///
    /// Assumes diagonal dominance (true for the conduction matrix), so no pivoting is needed.
    static func solveTridiagonal(lower: [Double], diagonal: inout [Double], upper: [Double], rhs: inout [Double]) {
        let n = rhs.count
        guard n > 0 else { return }
        for i in 1..<n {
            let w = lower[i] / diagonal[i - 1]
            diagonal[i] -= w * upper[i - 1]
            rhs[i] -= w * rhs[i - 1]
        }
        rhs[n - 1] /= diagonal[n - 1]
        var i = n - 2
        while i >= 0 {
            rhs[i] = (rhs[i] - upper[i] * rhs[i + 1]) / diagonal[i]
            i -= 1
        }
    }
}
