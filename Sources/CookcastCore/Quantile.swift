/// Quantiles as the project's scorer computes them (`eval_eta.py`): inverted CDF, no interpolation.
public enum Quantile {
    /// The `q` quantile (0...1) of `values`, or NaN for no values.
    public static func invertedCDF(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let index = min(sorted.count - 1, max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[index]
    }
}
