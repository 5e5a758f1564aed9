/// The exponential columns of `ApproachFit`'s design at the grid's time constants, kept from one
/// fit to the next while the window's times and the second mode's rate ratio stay the same.
///
/// A window on the 30 s grid holds the same times relative to its start from one grid step to the
/// next (0, 30, 60, ... s for a probe read at a steady rate, its points dated on a 5 s lattice; a
/// window holding a gap or an irregular step differs and is computed afresh; averaged runs too,
/// once it is longer than `ApproachFit.maximumPoints`),
/// and the search visits the same time constants, so its `exp`s were the same as at the step
/// before: half of the fit's time apart from LAPACK. The columns are the very values computed
/// before (same arguments, same `exp`), so every fit is bit-identical. It also keeps where the
/// last fit's search for the time constant ended, where the next one starts (`ApproachFit.fit`).
/// One store per fit of a grid step (the one-mode and the two-mode windows differ); not
/// thread-safe.
final class ApproachColumns {
    /// Times of the window the columns belong to, seconds from its start.
    private var times: [Double] = []
    /// Second mode's rate ratio they belong to (0: one mode).
    private var secondRateRatio = 0.0
    /// Per index of `ApproachFit.tauGridSeconds`: the design's columns after the first (the modes,
    /// `times.count` values each), or empty until computed.
    private var columns: [[Double]] = Array(repeating: [], count: ApproachFit.tauGridSeconds.count)

    /// Grid index of the time constant the last fit's search ended at (nil: none yet, or at an
    /// end of the grid): the next fit's search starts there.
    var lastBestGridIndex: Int?

    /// Creates an empty store.
    init() {}

    /// Forgets every column unless `times` and `secondRateRatio` are those they belong to.
    func prepare(times ts: [Double], secondRateRatio k2: Double) {
        // One mode instead of two, or two instead of one: that curve's minimum is elsewhere. (A new
        // rate ratio, the fitted Biot number having moved, moves it as little as a grid step does.)
        if (k2 == 0) != (secondRateRatio == 0) { lastBestGridIndex = nil }
        guard ts != times || k2 != secondRateRatio else { return }
        times = ts
        secondRateRatio = k2
        for i in columns.indices { columns[i].removeAll(keepingCapacity: true) }
    }

    /// Copies grid index `g`'s columns into `design` from its row `n` on, computing and keeping
    /// them with `compute` (which fills `design`) the first time.
    func fill(_ design: inout [Double], gridIndex g: Int, count n: Int, compute: (inout [Double]) -> Void) {
        let stored = columns[g].count
        if stored == design.count - n {
            design.withUnsafeMutableBufferPointer { d in
                columns[g].withUnsafeBufferPointer { c in
                    for i in 0..<stored { d[n + i] = c[i] }
                }
            }
            return
        }
        compute(&design)
        columns[g].removeAll(keepingCapacity: true)
        columns[g].append(contentsOf: design[n...])
    }
}
