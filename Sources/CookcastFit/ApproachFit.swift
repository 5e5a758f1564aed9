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
    /// The search's first pass tries every this many time constants of the grid.
    static let coarseStride = 4

    /// `values` less their mean.
    private static func centred(_ values: [Double]) -> [Double] {
        let mean = values.reduce(0, +) / Double(values.count)
        return values.map { $0 - mean }
    }

    /// Residual sum of squares of the least-squares fit of `centred` (the points less their mean)
    /// by the design's columns after the first (the modes, `rows` values each; the constant column
    /// is the centring): each mode column centred, the second made orthogonal to the first, and
    /// the points' projections on them taken out (modified Gram-Schmidt), the residual then summed.
    /// Infinite when a mode column is flat over the window (nothing to read; LAPACK would find
    /// the design singular). What the time-constant search compares: the same residual as
    /// LAPACK's solution leaves (to rounding), at a fraction of its cost (QR of a 48 x 3 design
    /// through the reference BLAS, one per residual, was 22 % of a jittered probe's instructions).
    static func projectedSSE(
        design d: UnsafeBufferPointer<Double>, rows n: Int, twoModes: Bool, centred y: UnsafeBufferPointer<Double>
    ) -> Double {
        var mean1 = 0.0, mean2 = 0.0
        for k in 0..<n {
            mean1 += d[n + k]
            if twoModes { mean2 += d[2 * n + k] }
        }
        mean1 /= Double(n)
        mean2 /= Double(n)
        var s11 = 0.0, s12 = 0.0
        for k in 0..<n {
            let c1 = d[n + k] - mean1
            s11 += c1 * c1
            if twoModes { s12 += c1 * (d[2 * n + k] - mean2) }
        }
        guard s11 > 0 else { return .infinity }
        // The second column less its projection on the first.
        let r12 = s12 / s11
        var s1y = 0.0, sqq = 0.0
        for k in 0..<n {
            let c1 = d[n + k] - mean1
            s1y += c1 * y[k]
            if twoModes {
                let q = d[2 * n + k] - mean2 - r12 * c1
                sqq += q * q
            }
        }
        let b1 = s1y / s11
        var sqy = 0.0
        if twoModes {
            guard sqq > 0 else { return .infinity }
            for k in 0..<n {
                let c1 = d[n + k] - mean1
                let q = d[2 * n + k] - mean2 - r12 * c1
                sqy += q * (y[k] - b1 * c1)
            }
        }
        let b2 = twoModes ? sqy / sqq : 0
        var sse = 0.0
        for k in 0..<n {
            let c1 = d[n + k] - mean1
            var r = y[k] - b1 * c1
            if twoModes { r -= b2 * (d[2 * n + k] - mean2 - r12 * c1) }
            sse += r * r
        }
        return sse
    }

    /// Fits the curve to `(seconds, celsius)` points in time order, `now` being the newest time:
    /// the first mode alone, or with `secondRateRatio` the first two, the second decaying that many
    /// times faster (the ratio of the squared roots of the shape's Biot equation). Nil with fewer
    /// than 10 points or when the best time constant is at an end of the grid (the window shows no
    /// curvature it can read, or only noise).
    ///
    /// Variable projection: for a fixed time constant the curve is linear in the level and the
    /// modes' amplitudes. The time constant is searched over `tauGridSeconds` by the residual
    /// that linear fit leaves (`projectedSSE`), every `coarseStride`-th first, then downhill from
    /// the best one until both its neighbours are known: about 20 residuals instead of 60. On the
    /// simulator suites and the real cooks every checkpoint is within 1.7 % of the time left of
    /// the full grid's answer, and the medians are unchanged. With `store`, a fit after the first
    /// goes downhill from where the last one of its window ended (the window moved by a grid
    /// step; 4-5 residuals), and searches the whole grid only when an end of it is lower. At the
    /// time constant found (a parabola through the three residuals around the minimum, in log
    /// tau) LAPACK solves the linear problem by QR (`solver`, `dgels`; a singular design, a mode
    /// exactly flat over the window, reads nothing). The search's residuals came from QR too, 6-30
    /// solves a grid step: a jittered probe's grid-step p99 was 260 us on a slow machine, now 167
    /// (the same forecasts at all 308 checkpoints of the scorer's two sets).
    static func fit(
        seconds: [Double], celsius: [Double], now: Double, secondRateRatio: Double? = nil,
        solver: LeastSquares = LeastSquares(), columns store: ApproachColumns? = nil
    ) -> ApproachFit? {
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
        let n = ts.count
        let k2 = secondRateRatio ?? 0
        let columns = k2 > 0 ? 3 : 2
        // Column-major design: [1, -e1(t), -e2(t)], e(t) = exp(-rate * (t - start)) in (0, 1], so
        // the coefficients are the level and the modes' amplitudes at the window's start.
        var design = [Double](repeating: 1, count: n * columns)
        store?.prepare(times: ts, secondRateRatio: k2)
        func fillColumns(_ design: inout [Double], _ tau: Double) {
            // Through buffers: indexing the captured arrays checked their uniqueness at every write.
            design.withUnsafeMutableBufferPointer { d in
                ts.withUnsafeBufferPointer { t in
                    for k in 0..<n {
                        d[n + k] = -exp(-t[k] / tau)
                        if k2 > 0 { d[2 * n + k] = -exp(-k2 * t[k] / tau) }
                    }
                }
            }
        }
        let grid = tauGridSeconds
        var costs = [Double?](repeating: nil, count: grid.count)
        let centred = Self.centred(ys)
        // The search ranks time constants by their residual alone, projected (`projectedSSE`);
        // LAPACK solves the time constant it settles on.
        func cost(_ k: Int) -> Double {
            if let c = costs[k] { return c }
            if let store {
                store.fill(&design, gridIndex: k, count: n) { fillColumns(&$0, grid[k]) }
            } else {
                fillColumns(&design, grid[k])
            }
            let c = design.withUnsafeBufferPointer { d in
                centred.withUnsafeBufferPointer { Self.projectedSSE(design: d, rows: n, twoModes: k2 > 0, centred: $0) }
            }
            costs[k] = c
            return c
        }
        // Downhill from `index` to a grid point lower than both its neighbours (or an end of the grid).
        func downhill(from index: Int) -> Int {
            var best = index
            while true {
                let lower = best > 0 && cost(best - 1) < cost(best)
                let upper = best < grid.count - 1 && cost(best + 1) < cost(best)
                if lower && (!upper || cost(best - 1) <= cost(best + 1)) {
                    best -= 1
                } else if upper {
                    best += 1
                } else {
                    return best
                }
            }
        }
        func coarseSearch() -> Int {
            var best = 0
            let coarse = Array(stride(from: 0, to: grid.count, by: coarseStride)) + [grid.count - 1]
            for k in coarse where cost(k) < cost(best) {
                best = k
            }
            return downhill(from: best)
        }
        var bestIndex: Int
        if let warm = store?.lastBestGridIndex {
            // Where the last fit of this window ended: the window moved by a grid step, and the
            // minimum with it by a step or two at most. Unless an end of the grid is lower (the
            // window no longer shows a curvature it can read), when the whole grid is searched.
            bestIndex = downhill(from: warm)
            if min(cost(0), cost(grid.count - 1)) < cost(bestIndex) { bestIndex = coarseSearch() }
        } else {
            bestIndex = coarseSearch()
        }
        guard bestIndex > 0, bestIndex < grid.count - 1, cost(bestIndex).isFinite else {
            store?.lastBestGridIndex = nil
            return nil
        }
        store?.lastBestGridIndex = bestIndex
        // Parabola through the three costs around the minimum, in log tau.
        let (c0, c1, c2) = (cost(bestIndex - 1), cost(bestIndex), cost(bestIndex + 1))
        let den = c0 - 2 * c1 + c2
        let shift = den > 0 ? max(-0.5, min(0.5, 0.5 * (c0 - c2) / den)) : 0
        let tau = grid[bestIndex] * pow(tauGridRatio, shift)
        fillColumns(&design, tau)
        guard let x = try? solver.solve(a: design, rows: n, columns: columns, b: ys), x.allSatisfy(\.isFinite) else {
            return nil
        }
        let span = now - start
        return ApproachFit(
            levelCelsius: x[0], gapCelsius: x[1] * exp(-span / tau),
            secondGapCelsius: k2 > 0 ? x[2] * exp(-k2 * span / tau) : 0, tauSeconds: tau,
            secondRateRatio: k2 > 0 ? k2 : 1)
    }
}
