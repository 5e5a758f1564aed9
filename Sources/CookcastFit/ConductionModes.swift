import CookcastCore
import Foundation

/// Shape of the piece of meat for the conduction model: heat flows through an infinite slab
/// (a steak's thickness), an infinite cylinder (a brisket, a roast) or a sphere (a bird, a shoulder).
public enum BodyShape: String, Sendable, Hashable, Codable, CaseIterable {
    case slab, cylinder, sphere

    /// The shape usually closest to a cut (birds and shoulders are round, most roasts are long).
    public static func forCut(_ name: String?) -> BodyShape {
        switch name.map(CutCatalog.normalized) ?? "" {
        case "turkey", "chicken", "pork_shoulder": return .sphere
        default: return .cylinder
        }
    }
}

/// The first few radial modes of transient conduction with convection at the surface.
///
/// The centre temperature of a body at uniform `T0` put into air at `Ta` at time 0 is
/// `Ta - (Ta - T0) * sum_n c_n exp(-rate_n t)`, with `rate_n = lambda_n^2 / tau`, `tau = R^2/alpha`
/// (seconds) and the `lambda_n` roots of the shape's Biot equation. Amplitudes are evaluated at a
/// relative radius (0 = centre); the truncated series is off only in the first instants.
public struct ConductionModes: Sendable, Hashable {
    /// Decay rates in 1/s, slowest first.
    public let rates: [Double]
    /// Amplitudes at the probe position (the full series sums to 1).
    public let amplitudes: [Double]

    /// Computes `count` modes for a shape, conduction time constant `tauSeconds` (> 0), Biot number
    /// `biot` (> 0) and relative probe radius `radiusFraction` in 0..<1.
    public init(shape: BodyShape, tauSeconds: Double, biot: Double, radiusFraction: Double = 0, count: Int = 12) {
        var rates: [Double] = []
        var amps: [Double] = []
        for n in 1...count {
            let lam = Self.root(shape: shape, n: n, biot: biot)
            rates.append(lam * lam / tauSeconds)
            amps.append(
                Self.centreAmplitude(shape: shape, lambda: lam) * Self.spatial(shape: shape, x: lam * radiusFraction))
        }
        // Not normalised: at a sphere's centre the series does not converge absolutely, so a
        // truncated sum is wrong only for the first instants (Fo < ~0.01), which is harmless.
        self.rates = rates
        self.amplitudes = amps
    }

    /// Normalised centre-temperature response to a unit step of air temperature, at `t` seconds.
    public func stepResponse(atSeconds t: Double) -> Double {
        var s = 0.0
        for i in rates.indices { s += amplitudes[i] * exp(-rates[i] * t) }
        return 1 - s
    }

    static func f(shape: BodyShape, _ lam: Double, _ bi: Double) -> Double {
        switch shape {
        case .slab: return lam * sin(lam) - bi * cos(lam)
        case .cylinder: return lam * j1(lam) - bi * j0(lam)
        case .sphere: return (1 - bi) * sin(lam) - lam * cos(lam)
        }
    }

    /// Zeros of J0 and J1 (J1's list starts with 0), refined from McMahon's approximations.
    static let j0Zeros: [Double] = (1...40).map { (n: Int) -> Double in
        let beta: Double = Double(n) * Double.pi - Double.pi / 4
        return refineZero(of: { (x: Double) -> Double in j0(x) }, near: beta - 1 / (8 * beta))
    }
    static let j1Zeros: [Double] =
        [0]
        + (1...40).map { (n: Int) -> Double in
            let beta: Double = Double(n) * Double.pi + Double.pi / 4
            return refineZero(of: { (x: Double) -> Double in j1(x) }, near: beta - 3 / (8 * beta))
        }

    static func refineZero(of f: (Double) -> Double, near x: Double) -> Double {
        var lo = x - 0.4, hi = x + 0.4
        var flo = f(lo)
        for _ in 0..<60 {
            let mid = 0.5 * (lo + hi)
            let fm = f(mid)
            if (fm < 0) == (flo < 0) { lo = mid; flo = fm } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    static func root(shape: BodyShape, n: Int, biot: Double) -> Double {
        var lo: Double, hi: Double
        switch shape {
        case .slab: lo = Double(n - 1) * .pi; hi = lo + .pi / 2
        case .cylinder: lo = j1Zeros[n - 1]; hi = j0Zeros[n - 1]
        case .sphere: lo = Double(n - 1) * .pi; hi = Double(n) * .pi
        }
        lo += 1e-12; hi -= 1e-12
        var flo = f(shape: shape, lo, biot)
        for _ in 0..<80 {
            let mid = 0.5 * (lo + hi)
            let fm = f(shape: shape, mid, biot)
            if (fm < 0) == (flo < 0) { lo = mid; flo = fm } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    static func centreAmplitude(shape: BodyShape, lambda l: Double) -> Double {
        switch shape {
        case .slab: return 4 * sin(l) / (2 * l + sin(2 * l))
        case .cylinder:
            let a = j0(l), b = j1(l)
            return 2 / l * b / (a * a + b * b)
        case .sphere: return 4 * (sin(l) - l * cos(l)) / (2 * l - sin(2 * l))
        }
    }

    static func spatial(shape: BodyShape, x: Double) -> Double {
        if x < 1e-9 { return 1 }
        switch shape {
        case .slab: return cos(x)
        case .cylinder: return j0(x)
        case .sphere: return sin(x) / x
        }
    }
}
