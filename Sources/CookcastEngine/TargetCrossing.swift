import CookcastCore

/// When a recorded cook first reached its target: the truth that backtests score against.
public enum TargetCrossing {
    /// A single reading this far from both neighbours (which agree with each other) is a spike.
    static let spikeCelsius = 3.0

    /// First time the probe reaches `targetCelsius` (the scoring rule of prediction.md: the first
    /// reading at or above the target, linearly interpolated from the one before), in session
    /// seconds; nil if it never does. Isolated one-reading spikes (more than 3 C from both
    /// neighbours, which agree with each other) are skipped; a real jump is kept.
    public static func firstCrossingSeconds(_ readings: [Reading], targetCelsius: Double) -> Double? {
        let points = readings.compactMap { r in r.probeCelsius.map { (t: r.elapsedSeconds, c: $0) } }
            .filter { $0.t.isFinite && $0.c.isFinite }
            .sorted { $0.t < $1.t }
        var previous: (t: Double, c: Double)?
        for (i, p) in points.enumerated() {
            if i > 0, i + 1 < points.count {
                let before = points[i - 1].c, after = points[i + 1].c
                let isolated =
                    abs(before - after) <= spikeCelsius
                    && abs(p.c - before) > spikeCelsius && abs(p.c - after) > spikeCelsius
                if isolated { continue }
            }
            if p.c >= targetCelsius {
                guard let a = previous, a.c < targetCelsius else { return p.t }
                return a.t + (targetCelsius - a.c) / (p.c - a.c) * (p.t - a.t)
            }
            previous = p
        }
        return nil
    }
}
