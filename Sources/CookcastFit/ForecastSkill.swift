/// Running score of the two forecasters: each grid step files what conduction and the recent
/// slope expect the probe to read one horizon ahead; when that time comes the squared misses are
/// averaged with exponential forgetting. Bounded: at most `capacity` pending forecasts.
struct ForecastSkill: Sendable {
    struct Pending: Sendable { var due: Double; var conduction: Double; var slope: Double? }
    private var pending: [Pending] = []
    private var head = 0
    let capacity = 400
    /// Mean squared miss, Celsius^2 (priors favour conduction until evidence comes in).
    private(set) var msConduction = 1.0
    private(set) var msSlope = 4.0
    private(set) var settledCount = 0
    var rmsConduction: Double { msConduction.squareRoot() }
    var rmsSlope: Double { msSlope.squareRoot() }

    mutating func file(due: Double, conduction: Double, slope: Double?) {
        if pending.count - head >= capacity { head += 1 }
        pending.append(Pending(due: due, conduction: conduction, slope: slope))
        if head > 512 {
            pending.removeFirst(head)
            head = 0
        }
    }

    mutating func settle(now: Double, observed: Double) {
        while head < pending.count, pending[head].due <= now {
            let p = pending[head]
            head += 1
            settledCount += 1
            let ec = p.conduction - observed
            msConduction = 0.95 * msConduction + 0.05 * min(400, ec * ec)
            if let s = p.slope {
                let es = s - observed
                msSlope = 0.95 * msSlope + 0.05 * min(400, es * es)
            }
        }
    }
}
