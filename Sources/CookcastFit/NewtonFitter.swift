import Foundation

/// Newton heating on a bounded recent window, solved with LAPACK: the discrete form
/// `T[i+1] = a T[i] + b Ta[i] + c` (with a measured air series) or `T[i+1] = a T[i] + c` (without),
/// with `k = -ln(a) / dt` and the equilibrium `(b Ta + c) / (1 - a)`. Ridge rows pull `a` towards the
/// prior `exp(-k0 dt)`. The window holds at most `capacity` grid points, so a fit costs the same at
/// any point of the cook.
public final class NewtonFitter {
    /// Parameters of one fit.
    public struct Solution: Sendable, Hashable {
        /// Rate constant, 1/s.
        public var rate: Double
        /// Equilibrium temperature at the current air temperature, Celsius.
        public var equilibriumCelsius: Double
        /// Coefficients: `a`, `b` (0 without air), `c`.
        public var a: Double, b: Double, c: Double
    }

    private var points: GridBuffer
    private let ls = LeastSquares()
    private var design: [Double] = []
    private var rhs: [Double] = []

    /// Creates a fitter keeping the last `capacity` grid points.
    public init(capacity: Int = 120) { points = GridBuffer(capacity: capacity) }

    /// Adds one grid point.
    public func add(_ g: GridPoint) { points.append(g) }

    /// Fits the window. `air` is the air temperature to compute the equilibrium at; `useAir` picks
    /// the driven form. Nil when the window is too short or the fit is not a heating curve.
    public func fit(air: Double, useAir: Bool, priorRate: Double = 1e-4, ridge: Double = 0.05) -> Solution? {
        let n = points.count
        guard n >= 8 else { return nil }
        let cols = useAir ? 3 : 2
        let rows = n - 1 + 1
        design.removeAll(keepingCapacity: true)
        rhs.removeAll(keepingCapacity: true)
        var colT: [Double] = [], colA: [Double] = [], colC: [Double] = []
        var dtSum = 0.0
        for i in stride(from: n - 1, to: 0, by: -1) {
            let g0 = points.recent(i), g1 = points.recent(i - 1)
            dtSum += g1.seconds - g0.seconds
            colT.append(g0.probeCelsius)
            colA.append(g0.ambientCelsius ?? air)
            colC.append(1)
            rhs.append(g1.probeCelsius)
        }
        let dt = dtSum / Double(n - 1)
        // Ridge row on a: sqrt(ridge) * (a - a0) = 0, in units of the data (scaled by mean T).
        let a0 = exp(-priorRate * dt)
        let scale = ridge.squareRoot() * max(1, colT.reduce(0, +) / Double(colT.count))
        colT.append(scale); colA.append(0); colC.append(0); rhs.append(scale * a0)
        design.append(contentsOf: colT)
        if useAir { design.append(contentsOf: colA) }
        design.append(contentsOf: colC)
        guard let x = try? ls.solve(a: design, rows: rows, columns: cols, b: rhs) else { return nil }
        let a = x[0], b = useAir ? x[1] : 0, c = useAir ? x[2] : x[1]
        guard a > 0, a < 1 else { return nil }
        let rate = -log(a) / dt
        let eq = (b * air + c) / (1 - a)
        guard rate.isFinite, eq.isFinite else { return nil }
        return Solution(rate: rate, equilibriumCelsius: eq, a: a, b: b, c: c)
    }

    /// Seconds from a probe at `from` until the curve reaches `target`, nil if it never does.
    public static func crossing(_ s: Solution, from: Double, target: Double) -> Double? {
        if from >= target { return 0 }
        guard s.equilibriumCelsius > target + 0.05 else { return nil }
        let t = log((s.equilibriumCelsius - from) / (s.equilibriumCelsius - target)) / s.rate
        return t.isFinite && t >= 0 ? t : nil
    }
}
