import Foundation

/// A small, seedable pseudo-random stream (SplitMix64) with the draws the simulator needs.
///
/// The standard library's `random(in:using:)` algorithms are not guaranteed stable across
/// toolchains, so every draw here is computed from the raw 64-bit output: the same seed gives the
/// same cook on every platform and Swift version.
public struct SimulationRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A stream for `seed`; `stream` separates independent streams (physics, air, sensor, faults).
    public init(seed: UInt64, stream: UInt64 = 0) {
        var mixer = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        state = Self.mix(&mixer)
    }

    private static func mix(_ x: inout UInt64) -> UInt64 {
        x &+= 0x9E37_79B9_7F4A_7C15
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next raw 64-bit value.
    public mutating func next() -> UInt64 { Self.mix(&state) }

    /// Uniform in [0, 1) with 53 bits of resolution.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `range` (the upper bound is reached only for a degenerate range).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// Log-uniform in `range` (both bounds > 0).
    public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        exp(uniform(log(range.lowerBound)...log(range.upperBound)))
    }

    /// Standard normal draw (Box-Muller; one value per call, the pair's twin is dropped for simplicity).
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 0x1p-60)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Exponentially distributed waiting time for events at `ratePerSecond` (infinite when the rate is 0).
    public mutating func exponentialWait(ratePerSecond: Double) -> Double {
        guard ratePerSecond > 0 else { return .infinity }
        return -log(1 - unit()) / ratePerSecond
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
}
