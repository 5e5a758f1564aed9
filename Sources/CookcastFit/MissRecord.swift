/// A running record of relative misses: the mean square with exponential forgetting (the first
/// miss starts it), and how many misses of forecasts filed since the count last restarted it
/// holds. The 80 % band trusts it only once that count is large enough (`ForecastSkill`,
/// `FinishRevisions`).
struct MissRecord: Sendable {
    /// Mean squared relative miss (each at most 1).
    private(set) var meanSquare = 0.0
    /// Misses of forecasts filed since the count last restarted.
    private(set) var count = 0
    private var started = false
    private var countedSince = -Double.infinity
    /// Root mean square of the relative misses.
    var rms: Double { meanSquare.squareRoot() }

    /// Adds the relative miss `miss` of a forecast filed at `filedAt` (its square capped at 1).
    mutating func add(relativeMiss miss: Double, filedAt: Double) {
        let r = min(1, miss * miss)
        meanSquare = started ? 0.95 * meanSquare + 0.05 * r : r
        started = true
        if filedAt >= countedSince { count += 1 }
    }

    /// Counts afresh: every miss still enters the mean, but only those of forecasts filed from
    /// `now` on count.
    mutating func restartCount(now: Double) {
        count = 0
        countedSince = now
    }
}
