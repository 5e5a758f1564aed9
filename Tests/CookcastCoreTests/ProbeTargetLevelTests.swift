import Testing

@testable import CookcastCore

/// The target counts as reached when the probe's level gets there, not on two noisy readings.
@Suite struct ProbeTargetLevelTests {
    /// A probe read every 10 s in a bath, its level creeping 0.03 C a minute towards a 56.5 C
    /// target, with 0.25 C of noise that alternates in pairs (two readings up, two down).
    static func bathReadings(levelAt: (Double) -> Double) -> [(t: Double, c: Double)] {
        (0..<360).map { i in
            let t = Double(i) * 10
            let noise = (i / 2) % 2 == 0 ? 0.25 : -0.25
            return (t, levelAt(t) + noise)
        }
    }

    @Test func twoNoisyReadingsOverTheTargetAreNotTheMeatThere() throws {
        // Level 50 C at the start, 55.5 C ten minutes in, then creeping 0.03 C a minute.
        let level = { (t: Double) in t < 600 ? 50 + 5.5 * t / 600 : 55.5 + 0.03 * (t - 600) / 60 }
        var watch = ProbeTargetWatch()
        var reachedAt: Double?
        for r in Self.bathReadings(levelAt: level) {
            if watch.observe(celsius: r.c, atSeconds: r.t, targetCelsius: 56.5) == .reached { reachedAt = r.t }
        }
        // The level reaches 56.5 C at 2,600 s; the noise puts two readings in a row over it from
        // 2,100 s on, eight minutes before.
        let levelCrossing = 600 + 1.0 / 0.03 * 60
        let t = try #require(reachedAt)
        #expect(t >= levelCrossing - 120, "reached at \(t) s, the level crosses at \(levelCrossing) s")
        #expect(t <= levelCrossing + 120, "reached at \(t) s, the level crosses at \(levelCrossing) s")
    }

    @Test func aSteadyRiseReachesTheTargetAtTheReadingThatDoes() {
        // A steak's centre rising 4 C a minute, read every second, no noise: no lag from the line.
        var watch = ProbeTargetWatch()
        var reachedAt: Double?
        for i in 0..<600 {
            let t = Double(i)
            if watch.observe(celsius: 20 + 4 * t / 60, atSeconds: t, targetCelsius: 54) == .reached, reachedAt == nil {
                reachedAt = t
            }
        }
        // 54 C at 510 s; the second reading at or above it is at 511 s.
        #expect(reachedAt == 511)
    }
}
