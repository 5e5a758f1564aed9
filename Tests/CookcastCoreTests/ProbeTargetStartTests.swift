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
        // A reheat: 70 C meat in a 130 C pit, target 60 C. It was reached two minutes in.
        var watch = ProbeTargetWatch()
        var reached: [Double] = []
        for i in 0..<40 {
            let t = Double(i) * 5
            if watch.observe(celsius: 70 + t / 600, atSeconds: t, targetCelsius: 60, airCelsius: 130) == .reached {
                reached.append(t)
            }
        }
        #expect(reached == [0])
        #expect(watch.reachedSeconds == 0)
    }

    @Test func withoutTheAirAProbePastTheTargetIsTakenForMeat() {
        // No air sensor to tell the pit from meat: two minutes past the target is meat past it.
        var watch = ProbeTargetWatch()
        var reached: [Double] = []
        for r in Self.pitThenMeat(pitMinutes: 5, air: nil).prefix(40) {
            if watch.observe(celsius: r.probeCelsius!, atSeconds: r.elapsedSeconds, targetCelsius: 95) == .reached {
                reached.append(r.elapsedSeconds)
            }
        }
        #expect(reached == [120])
    }

    /// An iBBQ's pit probe comes after the meat's in a packet: the air is known from the second.
    @Test(arguments: [108.0, 70])
    func withTheAirKnownFromTheSecondReadingItDecides(probe: Double) {
        // Lying in a 110 C pit, it read "reached 60.0 C" at the first reading; meat at 70 C is.
        let reached: [Double] = probe > 100 ? [] : [5]
        var watch = ProbeTargetWatch()
        var at: [Double] = []
        for i in 0..<40 {
            let t = Double(i) * 5
            if watch.observe(celsius: probe, atSeconds: t, targetCelsius: 60, airCelsius: i == 0 ? nil : 110)
                == .reached
            {
                at.append(t)
            }
        }
        #expect(at == reached)
        #expect(watch.reachedSeconds == reached.first.map { _ in 0 })
    }

    @Test func aProbeCoolingFromThePitThroughTheTargetIsNotTheMeatDone() {
        // Lying in a 130 C pit, then put into 20 C meat: it passes 110-96 C, well under the air
        // and past the 95 C target, on its way down. Only a first reading there is meat past it.
        var watch = ProbeTargetWatch()
        let cooling = [128.0, 128.5, 110, 104, 99, 96, 80, 40, 21, 20, 20]
        var verdicts: [ProbeTargetWatch.Verdict] = []
        for (i, c) in cooling.enumerated() {
            verdicts.append(watch.observe(celsius: c, atSeconds: Double(i) * 5, targetCelsius: 95, airCelsius: 130))
        }
        #expect(!verdicts.contains(.reached), "\(verdicts)")
        #expect(!watch.hasEverReached)
    }

    @Test func meatPastTheTargetStaysDoneThroughADip() {
        // Done at its first reading, 70 C against 60 C; the probe nudged, one reading at 55 C.
        var watch = ProbeTargetWatch()
        var verdicts: [ProbeTargetWatch.Verdict] = []
        for (i, c) in [70.0, 70.2, 55, 70.3, 70.4].enumerated() {
            verdicts.append(watch.observe(celsius: c, atSeconds: Double(i) * 5, targetCelsius: 60, airCelsius: 130))
        }
        #expect(verdicts == [.reached, .none, .none, .none, .none])
        #expect(watch.hasReached)
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
