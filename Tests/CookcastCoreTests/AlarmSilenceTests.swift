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
        _ = engine.observe(reading(at: 500))
        #expect(engine.observeSilence(untilSeconds: 561).first?.elapsedSeconds == 560)
    }

    @Test func aLaterStartCountsTheSilenceFromThere() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        _ = engine.observe(reading(at: 100))
        #expect(engine.observeSilence(untilSeconds: 1000, countingFrom: 990).isEmpty)
        #expect(engine.observeSilence(untilSeconds: 1051, countingFrom: 990).first?.elapsedSeconds == 1050)
    }
}
