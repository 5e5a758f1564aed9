import Testing

@testable import CookcastCore

@Suite struct AlarmSilenceTests {
    func reading(at t: Double) -> Reading { Reading(elapsedSeconds: t, probeCelsius: 40, ambientCelsius: 110) }

    @Test func silenceFiresOnceStampedAtTheLimitAndRearmsOnAReading() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        #expect(engine.observeSilence(untilSeconds: 500).isEmpty)  // never heard: nothing lost
        _ = engine.observe(reading(at: 100))
        #expect(engine.observeSilence(untilSeconds: 160).isEmpty)  // exactly 60 s: not more
        let fired = engine.observeSilence(untilSeconds: 400)
        #expect(fired.map(\.kind) == [.probeLost])
        #expect(fired.first?.elapsedSeconds == 160)
        #expect(engine.observeSilence(untilSeconds: 500).isEmpty)  // once per silence
        // Back for a minute only, then silent again: a flaky link is one piece of news.
        _ = engine.observe(reading(at: 500))
        _ = engine.observe(reading(at: 560))
        #expect(engine.observeSilence(untilSeconds: 700).isEmpty)
        // Back for five minutes, then silent: news again.
        for t in stride(from: 700.0, through: 1000, by: 10) { _ = engine.observe(reading(at: t)) }
        #expect(engine.observeSilence(untilSeconds: 1061).first?.elapsedSeconds == 1060)
    }

    /// A log written once a minute is not lost between its readings (the real sous-vide T-bone was
    /// reported lost 18 times at a fixed 60 s); three of its intervals without one are.
    @Test func aProbeThatLogsOnceAMinuteIsLostAfterThreeMinutes() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var fired: [Alarm] = []
        for t in stride(from: 0.0, through: 3600, by: 60) {
            fired += engine.observeSilence(untilSeconds: t)
            _ = engine.observe(reading(at: t))
        }
        for t in [3720.0, 3840] {  // a missed reading or two
            fired += engine.observeSilence(untilSeconds: t)
            _ = engine.observe(reading(at: t))
        }
        #expect(fired.isEmpty)
        #expect(engine.observeSilence(untilSeconds: 4100).map(\.elapsedSeconds) == [4020])
    }

    @Test func aLaterStartCountsTheSilenceFromThere() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        _ = engine.observe(reading(at: 100))
        #expect(engine.observeSilence(untilSeconds: 1000, countingFrom: 990).isEmpty)
        #expect(engine.observeSilence(untilSeconds: 1051, countingFrom: 990).first?.elapsedSeconds == 1050)
    }
}
