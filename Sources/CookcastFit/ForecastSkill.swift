/// Running score of the two forecasters: each grid step files what conduction and the recent
/// slope expect the probe to read one horizon ahead; when that time comes the squared misses are
/// averaged with exponential forgetting. Bounded: at most 400 pending forecasts.
///
/// Conduction's miss is also kept relative to the rise it forecast (`rmsRelativeConduction`): a
/// model whose rate is off by a fraction misses the rise over the horizon by that fraction, and
/// the time left by about as much, so this is the cook's own evidence of how far to trust the
/// finish (it narrows the 80 % band of a cook the model has been forecasting well).
struct ForecastSkill: Sendable {
    struct Pending: Sendable {
        var filedAt: Double
        var conduction: Double
        var slope: Double?
        /// The rise conduction forecast over the horizon, Celsius (0: not scored relative to it).
        var conductionRise: Double
    }
    private var pending = DueQueue<Pending>(capacity: 400)
    /// Forecasts that expected less of a rise than this are not scored relative to it: near an
    /// asymptote or on a plateau the ratio is a probe's noise over almost nothing.
    let minimumRelativeRiseCelsius = 1.0
    /// Mean squared miss, Celsius^2 (priors favour conduction until evidence comes in).
    private(set) var msConduction = 1.0
    private(set) var msSlope = 4.0
    private(set) var settledCount = 0
    /// Conduction's misses as a fraction of the rise it forecast.
    private var relative = MissRecord()
    var rmsConduction: Double { msConduction.squareRoot() }
    var rmsSlope: Double { msSlope.squareRoot() }
    var rmsRelativeConduction: Double { relative.rms }
    /// How many forecasts filed since the relative record's count last restarted it has scored.
    var relativeCount: Int { relative.count }

    mutating func file(now: Double, due: Double, conduction: Double, slope: Double?, conductionRise: Double) {
        pending.append(
            Pending(filedAt: now, conduction: conduction, slope: slope, conductionRise: conductionRise), due: due)
    }

    /// Counts the relative record's forecasts afresh (`ETAEstimator.restartRecordOnAirShift`): every
    /// miss still enters the record, but only forecasts filed from `now` on count, and until enough
    /// of them have been scored it does not vouch for the finish.
    mutating func restartRelativeCount(now: Double) { relative.restartCount(now: now) }

    mutating func settle(now: Double, observed: Double) {
        while let p = pending.popDue(now: now) {
            settledCount += 1
            let ec = p.conduction - observed
            msConduction = 0.95 * msConduction + 0.05 * min(400, ec * ec)
            if p.conductionRise >= minimumRelativeRiseCelsius {
                relative.add(relativeMiss: ec / p.conductionRise, filedAt: p.filedAt)
            }
            if let s = p.slope {
                let es = s - observed
                msSlope = 0.95 * msSlope + 0.05 * min(400, es * es)
            }
        }
    }
}
