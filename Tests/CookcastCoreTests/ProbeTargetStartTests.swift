import Testing

@testable import CookcastCore

/// A probe that reads past the target from its first reading: meat that started past it, or a
/// probe lying in the pit before it goes in. Only the first is a finished cook.
@Suite struct ProbeTargetStartTests {
    /// Readings every 5 s: `pitMinutes` in a 130 C pit (the probe reads 128-129 C), then into
    /// meat at 5 C heating 1 C a minute to 100 C.
    static func pitThenMeat(pitMinutes: Int, air: Double? = 130) -> [Reading] {
        var rows: [Reading] = []
        var t = 0.0
        for i in 0..<(pitMinutes * 12) {
            rows.append(Reading(elapsedSeconds: t, probeCelsius: 128 + Double(i % 3) / 2, ambientCelsius: air))
            t += 5
        }
        let insertion = t
        while t - insertion <= 95 * 60 {
            rows.append(Reading(elapsedSeconds: t, probeCelsius: 5 + (t - insertion) / 60, ambientCelsius: air))
            t += 5
        }
        return rows
    }

    @Test func aProbeLyingInThePitIsNotTheMeatDone() throws {
        // It sounded "reached 95.0 C" two minutes in, five minutes before it went into the meat.
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 95))
        var fired: [Alarm] = []
        for r in Self.pitThenMeat(pitMinutes: 5) { fired += engine.observe(r) }
        let reached = fired.filter { $0.kind == .targetReached }
        #expect(reached.count == 1, "\(fired.map(\.message))")
        // Into the meat at 300 s, 95 C at 300 + 90 minutes; the second reading there 5 s later.
        let t = try #require(reached.first?.elapsedSeconds)
        #expect(t == 300 + 90 * 60 + 5, "reached at \(t) s")
    }

    @Test func meatPastTheTargetUnderTheAirIsDoneFromItsFirstReading() {
        // A reheat: 70 C meat in a 130 C pit, target 60 C, two minutes at it.
        var watch = ProbeTargetWatch()
        var reachedAt: Double?
        for i in 0..<40 {
            let t = Double(i) * 5
            if watch.observe(celsius: 70 + t / 600, atSeconds: t, targetCelsius: 60, airCelsius: 130) == .reached {
                reachedAt = t
            }
        }
        #expect(reachedAt == 120)
        #expect(watch.reachedSeconds == 0)
    }

    @Test func withoutTheAirAProbePastTheTargetIsTakenForMeat() {
        // No air sensor to tell the pit from meat: two minutes past the target is meat past it.
        var watch = ProbeTargetWatch()
        var reachedAt: Double?
        for (i, r) in Self.pitThenMeat(pitMinutes: 5, air: nil).prefix(40).enumerated() {
            if watch.observe(celsius: r.probeCelsius!, atSeconds: r.elapsedSeconds, targetCelsius: 95) == .reached {
                reachedAt = Double(i) * 5
            }
        }
        #expect(reachedAt == 120)
    }

    @Test func theMeatReachedTheTargetAtTheFirstOfTheTwoReadings() {
        var watch = ProbeTargetWatch()
        for i in 0..<600 {
            _ = watch.observe(celsius: 20 + 4 * Double(i) / 60, atSeconds: Double(i), targetCelsius: 54)
        }
        // 54 C at 510 s: the first reading there; called at the second, 511 s.
        #expect(watch.reachedSeconds == 510)
    }
}
