import Foundation
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
    /// reported lost 18 times at a fixed 60 s); three of its intervals without one are, or twice
    /// the longest of its recent gaps when it has just missed readings.
    @Test func aProbeThatLogsOnceAMinuteIsLostAfterThreeMinutes() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var fired: [Alarm] = []
        for t in stride(from: 0.0, through: 3600, by: 60) {
            fired += engine.observeSilence(untilSeconds: t)
            _ = engine.observe(reading(at: t))
        }
        #expect(fired.isEmpty)
        #expect(engine.observeSilence(untilSeconds: 3800).map(\.elapsedSeconds) == [3780])
        var missing = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        for t in Array(stride(from: 0.0, through: 3600, by: 60)) + [3720, 3840] {  // a missed reading or two
            fired += missing.observeSilence(untilSeconds: t)
            _ = missing.observe(reading(at: t))
        }
        #expect(fired.isEmpty)
        #expect(missing.observeSilence(untilSeconds: 4100).map(\.elapsedSeconds) == [4080])
    }

    /// A logger that writes only when the temperature changes (the real TempFit brisket, shipped as
    /// the sample `brisket`, polled every 26 s) is quiet for one to seven polls at a time, and for
    /// up to 12 minutes on its plateau: at three median intervals that was "probe lost" 40 times
    /// over the cook. A silence is news when it is unlike the probe's recent gaps.
    @Test func aLoggerThatWritesOnChangeIsNotLostBetweenChanges() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/cooks/tempfit_brisket_2021_p1.csv").path
        let file = try String(contentsOfFile: path, encoding: .utf8)
        let times = file.split(separator: "\n").dropFirst().compactMap { Double($0.split(separator: ",")[0]) }
        #expect(times.count == 788)
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 95))
        var fired: [Alarm] = []
        for t in times {
            fired += engine.observeSilence(untilSeconds: t)
            _ = engine.observe(reading(at: t))
        }
        #expect(fired.count <= 8, "\(fired.map(\.elapsedSeconds))")
        // Its cable pulled for good: lost within twice its longest recent gap.
        let end = try #require(times.last)
        let lost = engine.observeSilence(untilSeconds: end + 3600)
        #expect(lost.count == 1)
        #expect((lost.first?.elapsedSeconds ?? .infinity) - end <= 2 * 720)
    }

    @Test func aLaterStartCountsTheSilenceFromThere() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        _ = engine.observe(reading(at: 100))
        #expect(engine.observeSilence(untilSeconds: 1000, countingFrom: 990).isEmpty)
        #expect(engine.observeSilence(untilSeconds: 1051, countingFrom: 990).first?.elapsedSeconds == 1050)
    }
}

@Suite struct ChannelSilenceTests {
    func reading(_ channel: Int, at t: Double) -> Reading {
        Reading(
            channel: channel, elapsedSeconds: t, probeCelsius: channel == 4 ? nil : 40,
            ambientCelsius: channel == 4 ? 130 : nil)
    }

    /// Feeds channels 1-4 every 15 s from `from` to `to`, except `silent`; returns what fired.
    func feed(_ engine: inout AlarmEngine, from: Double, to: Double, silent: Set<Int> = []) -> [Alarm] {
        var fired: [Alarm] = []
        for t in stride(from: from, through: to, by: 15) {
            for ch in 1...4 where !silent.contains(ch) {
                fired += engine.observeSilence(untilSeconds: t)
                _ = engine.observe(reading(ch, at: t))
            }
        }
        return fired
    }

    /// Three probes and a pit: probe 3 unplugged for 10 minutes while the others report was never
    /// said (one silence watch for the whole session, kept alive by the other channels).
    @Test func oneProbeSilentWhileTheOthersReportIsLost() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var fired = feed(&engine, from: 0, to: 3585)
        fired += feed(&engine, from: 3600, to: 4185, silent: [3])
        fired += feed(&engine, from: 4200, to: 5400)
        #expect(fired.map(\.kind) == [.probeLost])
        #expect(fired.first?.channel == 3)
        #expect(fired.first?.elapsedSeconds == 3645)  // its last reading (3585 s) + 60 s
        #expect(fired.first?.message == "probe 3: no reading for 60 s")
    }

    /// The whole source quiet (the link down): one alarm for it, not one per probe, neither while
    /// it is quiet nor when every channel comes back.
    @Test func aSilentSourceIsOneAlarmNotOnePerProbe() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var fired = feed(&engine, from: 0, to: 900)
        fired += engine.observeSilence(untilSeconds: 1000)
        fired += feed(&engine, from: 1200, to: 1500)
        #expect(fired.map(\.kind) == [.probeLost])
        #expect(fired.first?.channel == nil)
        #expect(fired.first?.elapsedSeconds == 960)
    }
}
