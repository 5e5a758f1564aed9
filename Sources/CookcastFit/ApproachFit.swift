import Foundation

/// The last stretch of a cook as the first conduction mode alone:
/// `T(t) = level - gap * exp(-(t - now) / tau)`, fitted to a recent window.
///
/// Once the centre's rise is well under way (Fourier number past about 0.2) the higher modes of
/// its response have died out and, at a steady air, it closes on its effective air exponentially.
/// Fitted to the recent window only, this curve needs neither the start of the cook, nor the
/// probe's depth, the Biot number or the offset between the air sensor and what the meat sees,
/// each of which the whole-cook conduction fit must get right to extrapolate. Late in a cook, when
/// what is left is short against the window, it is the better forecast of the last stretch.
struct ApproachFit: Sendable {
    /// Level the probe is closing on (its effective air), Celsius.
    var levelCelsius: Double
    /// How far the fitted curve is below that level at `now`, Celsius.
    var gapCelsius: Double
    /// Time constant of the approach, seconds.
    var tauSeconds: Double
    /// RMS residual of the fit, Celsius.
    var rmsCelsius: Double

    /// Seconds after `now` until the curve reaches `celsius` (nil: it never does).
    func secondsUntil(_ celsius: Double) -> Double? {
        guard levelCelsius > celsius, gapCelsius > 0 else { return nil }
        return max(0, tauSeconds * log(gapCelsius / (levelCelsius - celsius)))
    }

    /// Ratio between neighbouring time constants tried.
    static let tauGridRatio = 1.13
    /// Time constants tried, seconds: 120 s to about 55 h in steps of 13 %.
    static let tauGridSeconds: [Double] = (0..<60).map { 120 * pow(tauGridRatio, Double($0)) }
    /// At most this many averaged points are fitted (bounded cost however long the window).
    static let maximumPoints = 48

    /// Fits the curve to `(seconds, celsius)` points in time order, `now` being the newest time.
    /// Nil with fewer than 10 points or when the best time constant is at an end of the grid
    /// (the window shows no curvature it can read, or only noise).
    static func fit(seconds: [Double], celsius: [Double], now: Double) -> ApproachFit? {
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
        // For a fixed tau the curve is linear in (level, amplitude): y = level - amplitude * e(t),
        // e(t) = exp(-(t - start) / tau) in (0, 1]. Residual sum of squares of that line.
        func solve(_ tau: Double) -> (sse: Double, level: Double, amplitude: Double) {
            var se = 0.0
            var es = [Double](repeating: 0, count: ts.count)
            for k in 0..<ts.count { es[k] = exp(-ts[k] / tau); se += es[k] }
            let eMean = se / n
            var see = 0.0, sey = 0.0
            for k in 0..<ts.count {
                let de = es[k] - eMean
                see += de * de; sey += de * (ys[k] - yMean)
            }
            guard see > 1e-12 else { return (.infinity, 0, 0) }
            let slope = sey / see
            return (max(0, syy - slope * sey), yMean - slope * eMean, -slope)
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
            levelCelsius: s.level, gapCelsius: s.amplitude * exp(-span / tau), tauSeconds: tau,
            rmsCelsius: (s.sse / max(1, n - 3)).squareRoot())
    }
}
