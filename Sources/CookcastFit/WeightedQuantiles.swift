/// Quantiles of weighted finish times, sorted once for all the quantiles asked of them (the
/// candidates' 10, 50 and 90 % finishes; while the curve is young up to 256 of them).
struct WeightedQuantiles {
    /// Finish times in increasing order (ties in their given order), with their weights.
    let sorted: [(eta: Double, w: Double)]
    /// Sum of the weights, in sorted order.
    let totalWeight: Double

    /// Sorts `xs` by finish time.
    init(_ xs: [(eta: Double, w: Double)]) {
        sorted = xs.sorted { $0.eta < $1.eta }
        totalWeight = sorted.reduce(0) { $0 + $1.w }
    }

    /// The `q` quantile (0...1): the first finish whose cumulative weight reaches `q` of the
    /// total (infinity for none).
    func quantile(_ q: Double) -> Double {
        guard let last = sorted.last else { return .infinity }
        var acc = 0.0
        for x in sorted {
            acc += x.w
            if acc >= q * totalWeight { return x.eta }
        }
        return last.eta
    }
}
