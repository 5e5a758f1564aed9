import Foundation

/// The last stretch of a cook as its slowest conduction modes alone, fitted to a recent window:
/// `T(t) = level - gap * exp(-(t - now) / tau)`, optionally `- gap2 * exp(-k (t - now) / tau)`.
///
/// Once the centre's rise is well under way (Fourier number past about 0.2) the higher modes of
/// its response have died out and, at a steady air, it closes on its effective air exponentially;
/// a little earlier the second mode still bends the curve, decaying `k` times faster (4-8, from
/// the shape and the Biot number). Fitted to the recent window only, this curve needs neither the
/// start of the cook, nor the probe's depth or the offset between the air sensor and what the
/// meat sees, each of which the whole-cook conduction fit must get right to extrapolate. Late in a
/// cook, when what is left is short against the window, it is the better forecast of the last
/// stretch.
struct ApproachFit: Sendable {
    /// Level the probe is closing on (its effective air), Celsius.
    var levelCelsius: Double
    /// How far the first mode keeps the fitted curve below that level at `now`, Celsius.
    var gapCelsius: Double
    /// The second mode's share of the gap at `now`, Celsius (0 when only one mode was fitted).
    var secondGapCelsius = 0.0
    /// Time constant of the approach (first mode), seconds.
    var tauSeconds: Double
    /// How many times faster the second mode decays than the first.
    var secondRateRatio = 1.0

    /// The fitted curve `seconds` after `now`, Celsius.
    func celsius(afterSeconds x: Double) -> Double {
        levelCelsius - gapCelsius * exp(-x / tauSeconds) - secondGapCelsius * exp(-secondRateRatio * x / tauSeconds)
    }

    /// Seconds after `now` until the curve reaches `celsius` (nil: it never does).
    func secondsUntil(_ target: Double) -> Double? {
        guard levelCelsius > target, gapCelsius > 0 else { return nil }
        if secondGapCelsius == 0 { return max(0, tauSeconds * log(gapCelsius / (levelCelsius - target))) }
        if celsius(afterSeconds: 0) >= target { return 0 }
        var lo = 0.0, hi = tauSeconds
        while celsius(afterSeconds: hi) < target {
            lo = hi
            hi *= 2
            if hi > 1000 * tauSeconds { return nil }
        }
        for _ in 0..<50 {
            let mid = 0.5 * (lo + hi)
            if celsius(afterSeconds: mid) >= target { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// Ratio between neighbouring time constants tried.
    static let tauGridRatio = 1.13
    /// Time constants tried, seconds: 120 s to about 55 h in steps of 13 %.
    static let tauGridSeconds: [Double] = (0..<60).map { 120 * pow(tauGridRatio, Double($0)) }
    /// At most this many averaged points are fitted (bounded cost however long the window).
    static let maximumPoints = 48

    /// Fits the curve to `(seconds, celsius)` points in time order, `now` being the newest time:
    /// the first mode alone, or with `secondRateRatio` the first two, the second decaying that many
    /// times faster (the ratio of the squared roots of the shape's Biot equation). Nil with fewer
    /// than 10 points or when the best time constant is at an end of the grid (the window shows no
    /// curvature it can read, or only noise).
    static func fit(seconds: [Double], celsius: [Double], now: Double, secondRateRatio: Double? = nil)
        -> ApproachFit?
    {
        guard seconds.count >= 10, seconds.count == celsius.count, let start = seconds.first else { return nil }
        // Average runs of consecutive points down to `maximumPoints`.
        let group = (seconds.count + maximumPoints - 1) / maximumPoints
        var ts: [Double] = [], ys: [Double] = []
        ts.reserveCapacity(maximumPoints); ys.reserveCapacity(maximumPoints)
        var i = 0
        while i < seconds.count {
            let j = min(seconds.count, i + group)
            var st = 0.0, sy = 0.0
            for k in i..<j { st += seconds[k]; sy += celsius[k] }
            ts.append(st / Double(j - i) - start); ys.append(sy / Double(j - i))
            i = j
        }
        let n = Double(ts.count)
        let yMean = ys.reduce(0, +) / n
        var syy = 0.0
        for y in ys { syy += (y - yMean) * (y - yMean) }
        let k2 = secondRateRatio ?? 0
        var e1 = [Double](repeating: 0, count: ts.count), e2 = e1
        // For a fixed tau the curve is linear in the level and the modes' amplitudes:
        // y = level - a1 * e1(t) - a2 * e2(t), e(t) = exp(-rate * (t - start)) in (0, 1].
        // Least squares on the centred columns; returns the residual sum of squares.
        func solve(_ tau: Double) -> (sse: Double, level: Double, a1: Double, a2: Double) {
            var m1 = 0.0, m2 = 0.0
            for k in 0..<ts.count {
                e1[k] = exp(-ts[k] / tau); m1 += e1[k]
                if k2 > 0 { e2[k] = exp(-k2 * ts[k] / tau); m2 += e2[k] }
            }
            m1 /= n; m2 /= n
            var s11 = 0.0, s12 = 0.0, s22 = 0.0, s1y = 0.0, s2y = 0.0
            for k in 0..<ts.count {
                let d1 = e1[k] - m1, d2 = e2[k] - m2, dy = ys[k] - yMean
                s11 += d1 * d1; s12 += d1 * d2; s22 += d2 * d2; s1y += d1 * dy; s2y += d2 * dy
            }
            if k2 <= 0 {
                guard s11 > 1e-12 else { return (.infinity, 0, 0, 0) }
                let b1 = s1y / s11
                return (max(0, syy - b1 * s1y), yMean - b1 * m1, -b1, 0)
            }
            let det = s11 * s22 - s12 * s12
            guard det > 1e-12 * s11 * s22, s11 > 1e-12 else { return (.infinity, 0, 0, 0) }
            let b1 = (s22 * s1y - s12 * s2y) / det, b2 = (s11 * s2y - s12 * s1y) / det
            return (max(0, syy - b1 * s1y - b2 * s2y), yMean - b1 * m1 - b2 * m2, -b1, -b2)
        }
        let grid = tauGridSeconds
        var bestIndex = 0
        var costs = [Double](repeating: .infinity, count: grid.count)
        for (k, tau) in grid.enumerated() {
            costs[k] = solve(tau).sse
            if costs[k] < costs[bestIndex] { bestIndex = k }
        }
        guard bestIndex > 0, bestIndex < grid.count - 1, costs[bestIndex].isFinite else { return nil }
        // Parabola through the three costs around the minimum, in log tau.
        let (c0, c1, c2) = (costs[bestIndex - 1], costs[bestIndex], costs[bestIndex + 1])
        let den = c0 - 2 * c1 + c2
        let shift = den > 0 ? max(-0.5, min(0.5, 0.5 * (c0 - c2) / den)) : 0
        let tau = grid[bestIndex] * pow(tauGridRatio, shift)
        let s = solve(tau)
        let span = now - start
        return ApproachFit(
            levelCelsius: s.level, gapCelsius: s.a1 * exp(-span / tau),
            secondGapCelsius: k2 > 0 ? s.a2 * exp(-k2 * span / tau) : 0, tauSeconds: tau,
            secondRateRatio: k2 > 0 ? k2 : 1)
    }
}
