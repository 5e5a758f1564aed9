/// Detects the evaporative plateau: the probe between 55 and 85 C, rising less than 3 C/h over
/// 30 minutes, while the air is far hotter. Entry needs two consecutive grid points; exit needs a
/// clear rise (over 4.5 C/h, or 3 C above the plateau).
struct StallTracker: Sendable {
    private(set) var start: Double?
    /// When the first plateau began (seconds), kept after it ends.
    private(set) var firstStart: Double?
    private var pendingEntries = 0
    private var finishedSeconds = 0.0
    private var tempSum = 0.0, tempN = 0.0
    private var plateauSum = 0.0, plateauN = 0.0
    private var origin: Double?

    var meanTemperature: Double? { tempN > 0 ? tempSum / tempN : nil }

    func totalSeconds(now: Double) -> Double { finishedSeconds + (start.map { now - $0 } ?? 0) }

    /// Takes grid point `g`. `insertionSeconds`: when the probe last went into the meat (put in,
    /// pushed deeper or put back elsewhere); the rise is measured since then only, or the fall
    /// from a warmer spot read as a plateau.
    mutating func observe(
        _ g: GridPoint, buffer: GridBuffer, airCelsius air: Double, prior: FitPrior, insertionSeconds: Double?
    ) {
        if origin == nil { origin = g.seconds }
        let T = g.probeCelsius
        guard let o = origin, g.seconds - o > 3600,
            let l = buffer.line(since: max(g.seconds - 1800, insertionSeconds ?? -.infinity)), l.n >= 8
        else {
            return
        }
        let slopeH = l.slope * 3600
        if let s = start {
            tempSum += T; tempN += 1
            let plateau = plateauN > 0 ? plateauSum / plateauN : T
            if slopeH > 4.5 || T > plateau + 3 || T < 50 {
                finishedSeconds += g.seconds - s
                start = nil
                plateauSum = 0; plateauN = 0
            } else {
                plateauSum += T; plateauN += 1
            }
            return
        }
        let band = (55.0...85.0).contains(T)
        let hot = air - T > (prior.stalls ? 20 : 35)
        if band && hot && abs(slopeH) < 3 {
            pendingEntries += 1
            if pendingEntries >= 2 {
                start = g.seconds - 900
                if firstStart == nil { firstStart = start }
                plateauSum = T; plateauN = 1
                tempSum += T; tempN += 1
            }
        } else {
            pendingEntries = 0
        }
    }
}
