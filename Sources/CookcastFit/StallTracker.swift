/// Detects the evaporative plateau: the probe between 55 and 85 C, rising less than 3 C/h over
/// 30 minutes, while the air is far hotter. Entry needs two consecutive grid points; exit needs a
/// clear rise (over 4.5 C/h, or 3 C above the plateau). Before any plateau, it also tells a rise
/// that slowed in that band and sped up again (`slowdownEndedSeconds`): the meat wrapped before it
/// stalled.
struct StallTracker: Sendable {
    private(set) var start: Double?
    /// When the first plateau began (seconds), kept after it ends.
    private(set) var firstStart: Double?
    private var pendingEntries = 0
    private var finishedSeconds = 0.0
    private var tempSum = 0.0, tempN = 0.0
    private var plateauSum = 0.0, plateauN = 0.0
    private var origin: Double?
    /// The rise when the probe entered the plateau band, and the slowest seen in it before any
    /// plateau, C/h (with the probe then).
    private var bandEntrySlopeH: Double?
    private var slowestInBand: (slopeH: Double, celsius: Double)?
    private var pendingSpeedUps = 0
    /// The insertion the slowdown was watched since: a probe put in or moved starts it afresh.
    private var slowdownSinceInsertion: Double?
    /// When the rise, having slowed in the plateau band without stopping, sped up again (the
    /// evaporation that slowed it gone: the meat wrapped, or its surface dried), seconds; nil
    /// until then, and once a plateau was seen.
    private(set) var slowdownEndedSeconds: Double?
    /// How far the rise must have slowed in the band, as a fraction of its pace at entry.
    static let slowedFraction = 0.5
    /// How much faster than its slowest the rise must climb again: this factor and this many C/h.
    static let speedUpFactor = 1.5
    static let speedUpCelsiusPerHour = 2.0
    /// How far above where the rise was slowest the probe must be, C.
    static let speedUpRiseCelsius = 2.0
    /// Grid points in a row (30 s each) the faster rise must hold.
    static let speedUpGridPoints = 20

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
        if insertionSeconds != slowdownSinceInsertion {
            // Pushed deeper or moved, the probe's pace says nothing of the rise it had before.
            slowdownSinceInsertion = insertionSeconds
            bandEntrySlopeH = nil
            slowestInBand = nil
            pendingSpeedUps = 0
        }
        if prior.stalls, firstStart == nil, slowdownEndedSeconds == nil, band, hot {
            noteSlowdown(slopeH: slopeH, celsius: T, atSeconds: g.seconds)
        }
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

    /// A rise that slowed in the band to under half its pace at entry and then climbed back to 1.5
    /// times its slowest and 2 C/h more, 2 C above where it was slowest, for 10 minutes of grid
    /// points in a row (the rise is a 30-minute line: a lid's dip and recovery pass through it
    /// faster than the meat's own change of pace).
    private mutating func noteSlowdown(slopeH: Double, celsius T: Double, atSeconds t: Double) {
        guard let slowest = slowestInBand, let entry = bandEntrySlopeH else {
            bandEntrySlopeH = slopeH
            slowestInBand = (slopeH, T)
            return
        }
        if slopeH < slowest.slopeH {
            slowestInBand = (slopeH, T)
            pendingSpeedUps = 0
            return
        }
        let spedUp =
            slowest.slopeH <= Self.slowedFraction * entry
            && slopeH >= max(Self.speedUpFactor * max(slowest.slopeH, 1), slowest.slopeH + Self.speedUpCelsiusPerHour)
            && T >= slowest.celsius + Self.speedUpRiseCelsius
        pendingSpeedUps = spedUp ? pendingSpeedUps + 1 : 0
        if pendingSpeedUps >= Self.speedUpGridPoints { slowdownEndedSeconds = t }
    }
}
