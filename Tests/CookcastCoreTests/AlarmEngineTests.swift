import Testing

@testable import CookcastCore

/// What the cook hears: each alarm once when its condition starts, again only after it cleared.
@Suite struct AlarmEngineTests {
    /// Feeds probe readings one second apart on `channel`; returns the kinds that fired.
    static func feed(
        _ engine: inout AlarmEngine, probes: [Double], channel: Int = 1, from start: Double = 0
    ) -> [(t: Double, kind: Alarm.Kind)] {
        var fired: [(t: Double, kind: Alarm.Kind)] = []
        for (i, p) in probes.enumerated() {
            let t = start + Double(i)
            let r = Reading(channel: channel, elapsedSeconds: t, probeCelsius: p, ambientCelsius: nil)
            fired += engine.observe(r).map { (t, $0.kind) }
        }
        return fired
    }

    @Test func oneNoisyReadingAtTheTargetIsNotTheMeatDone() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 56.5))
        // Up from cold meat, 56.3-56.4 with a single 56.5 among them (a probe's noise a tenth
        // over), then the meat really gets there.
        let fired = Self.feed(&engine, probes: [50, 56.3, 56.4, 56.5, 56.4, 56.4, 56.5, 56.6, 56.6])
        #expect(fired.map(\.kind) == [.targetReached])
        #expect(fired.first?.t == 7)
    }

    @Test func aProbeWithItsOwnTargetSoundsAtItsOwn() {
        // Chicken on probe 1 to 74 C, a pork shoulder on probe 3 to 95 C, in one pit; both rise
        // 6 C a minute, as meat can.
        let rules = AlarmRules(targetCelsius: 74, channelTargetsCelsius: [3: 95])
        var engine = AlarmEngine(rules: rules)
        let chicken = (0...70).map { Double(680 + $0) / 10 }
        #expect(Self.feed(&engine, probes: chicken).map(\.kind) == [.targetReached])
        let shoulder = (0...151).map { Double(800 + $0) / 10 }
        var fired: [Alarm] = []
        for (i, p) in shoulder.enumerated() {
            fired += engine.observe(
                Reading(channel: 3, elapsedSeconds: 100 + Double(i), probeCelsius: p, ambientCelsius: nil))
        }
        #expect(fired.map(\.message) == ["probe 3 reached 95.0 C"])
        #expect(fired.first?.elapsedSeconds == 251)
    }

    @Test func targetFiresOnceAndReArmsOnlyAfterTheProbeFellWellBelow() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var kinds = Self.feed(&engine, probes: [70, 72, 73, 74, 75, 74.5, 73.9, 74.2, 74.8]).map(\.kind)
        #expect(kinds == [.targetReached])
        // Probe moved to another piece: it reads 60 C, then the piece heats past the target
        // (a degree a minute).
        kinds = []
        for minute in 0...16 {
            let r = Reading(
                elapsedSeconds: 100 + 60 * Double(minute), probeCelsius: 60 + Double(minute), ambientCelsius: nil)
            kinds += engine.observe(r).map(\.kind)
        }
        #expect(kinds == [.targetReached])
    }

    /// Back at the target from far under it faster than meat heats is the same done meat (the
    /// probe moved within it, or out and back in): the real roast chicken's probe, 16 minutes
    /// after 71 C, fell to 54 C and read 71 C again 100 s later, and "reached" sounded twice.
    @Test func aFastReturnToTheTargetIsTheSameDoneMeat() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 71))
        var fired: [Double] = []
        func feed(_ t: Double, _ p: Double) {
            fired += engine.observe(Reading(elapsedSeconds: t, probeCelsius: p, ambientCelsius: nil)).filter {
                $0.kind == .targetReached
            }.map { _ in t }
        }
        for t in stride(from: 0.0, through: 1800, by: 10) { feed(t, 60 + t / 150) }  // 60 -> 72 C
        for t in stride(from: 1810.0, through: 1900, by: 10) { feed(t, 72 - (t - 1800) / 5) }  // -> 54 C
        // Back in: 65 C at once, then 4 C a minute to the target (no jump within any minute),
        // 17 C above its low in 100 s.
        for t in stride(from: 1910.0, through: 2010, by: 10) { feed(t, 65 + (t - 1910) * 0.07) }
        for t in stride(from: 2020.0, through: 2400, by: 10) { feed(t, 72) }
        #expect(fired.count == 1, "\(fired)")
    }

    @Test func aBathThatHoldsTheTargetSoundsTheTargetAlarmWhenTheEstimateIsDone() {
        // Bath and target at 57 C: the probe settles at 56.8 and never reads 57 itself; the
        // estimator calls the meat done within 0.3 C of the bath, and that is the alarm, once.
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 57))
        #expect(Self.feed(&engine, probes: [50, 56.6, 56.7, 56.8, 56.8]).isEmpty)
        let verdict = "done: 56.8 C, the bath (57.0 C) holds the target: within 0.3 C of it"
        let done = engine.observeDone(channel: 1, atSeconds: 4, message: verdict)
        #expect(done.map(\.kind) == [.targetReached])
        #expect(done.first?.message == "probe 1 is done: " + verdict.dropFirst("done: ".count))
        #expect(engine.observeDone(channel: 1, atSeconds: 5, message: verdict).isEmpty)
        // When the probe reached the target itself, its own alarm came first and the verdict adds none.
        var reached = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        #expect(Self.feed(&reached, probes: [70, 73, 74, 74.5]).map(\.kind) == [.targetReached])
        #expect(reached.observeDone(channel: 1, atSeconds: 3, message: "done: the probe reached 74.0 C").isEmpty)
    }

    /// The meat comes off and rests: the probe cools through the target, and the estimate stays
    /// done. Each re-armed the alarm and the verdict sounded it again at once, on every reading
    /// (277 alarms on the real Combustion pork shoulder, each one running `--on-alarm`).
    @Test func meatRestingAfterTheCookSoundsTheTargetOnce() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 95))
        var kinds = Self.feed(&engine, probes: [90, 93, 94.5, 95, 95.2, 95.4]).map(\.kind)
        for (i, p) in stride(from: 95.4, to: 80, by: -0.05).enumerated() {
            let t = 10 + Double(i) * 5
            kinds += engine.observe(
                Reading(elapsedSeconds: t, probeCelsius: p + (i % 2 == 0 ? 0.3 : -0.3), ambientCelsius: nil)
            ).map(\.kind)
            kinds += engine.observeDone(channel: 1, atSeconds: t, message: "done: the probe reached 95.0 C").map(\.kind)
        }
        #expect(kinds == [.targetReached])
    }

    /// A probe pulled out of an undercooked turkey reads the oven (163 C) within seconds: that is
    /// no finished cook. It used to sound "reached the target"; now it asks whether the probe is
    /// out, and the target sounds when the meat really gets there.
    @Test func aProbePulledOutOfTheMeatIsNotTheTargetReached() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var fired: [Alarm] = []
        func feed(_ t: Double, _ p: Double) {
            fired += engine.observe(Reading(elapsedSeconds: t, probeCelsius: p, ambientCelsius: 163))
        }
        for t in stride(from: 0.0, to: 600, by: 5) { feed(t, t == 300 ? 150 : 30 + t / 600) }  // one garbage value
        for (i, p) in [60.0, 120, 150, 160, 162, 163].enumerated() { feed(600 + Double(i) * 5, p) }
        for t in stride(from: 630.0, to: 900, by: 5) { feed(t, 163) }
        for t in stride(from: 900.0, to: 1200, by: 5) { feed(t, 31) }
        #expect(fired.map(\.kind) == [.probeOut])
        #expect(engine.observeDone(channel: 1, atSeconds: 1200, message: "done: ...").map(\.kind) == [.targetReached])
        // The verdict stands for the meat; a probe reading under the target again is back in it.
        var slow = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var kinds: [Alarm.Kind] = []
        for t in stride(from: 0.0, to: 7200, by: 5) {
            kinds += slow.observe(Reading(elapsedSeconds: t, probeCelsius: 30 + 50 * t / 7200, ambientCelsius: nil))
                .map(\.kind)
        }
        #expect(kinds == [.targetReached])
    }

    /// A probe moved to a thicker part reads cooler; pushed back into meat already past the target
    /// it jumps up as a probe pulled into the pit does, but stops well under the air. It used to
    /// say "out of the meat" and never sound the target (the real pork ribs at 3.4 hours).
    @Test func aProbePushedBackIntoMeatPastTheTargetSoundsTheTargetNotProbeOut() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 85))
        var fired: [(t: Double, kind: Alarm.Kind)] = []
        func feed(_ t: Double, _ p: Double) {
            fired += engine.observe(Reading(elapsedSeconds: t, probeCelsius: p, ambientCelsius: 145)).map {
                (t, $0.kind)
            }
        }
        for t in stride(from: 0.0, to: 600, by: 10) { feed(t, 60 + t / 60) }  // 60 -> 70 C
        for t in stride(from: 600.0, to: 700, by: 10) { feed(t, 57) }  // pulled, resting on the board
        // Back in the meat: 84 C after 20 s, then the meat's own slow rise.
        for t in stride(from: 700.0, to: 900, by: 10) { feed(t, min(84 + (t - 700) / 20, 86 + (t - 720) / 120)) }
        #expect(fired.map(\.kind) == [.targetReached], "\(fired)")
        let reached = fired.first?.t ?? 0
        #expect(reached >= 745 && reached <= 780, "reached at \(reached) s")
        // Read every second, the readings before the jump are still a minute old when it is back
        // in the meat: they must not make a second jump of the next reading.
        var everySecond = AlarmEngine(rules: AlarmRules(targetCelsius: 85))
        var seconds: [(t: Double, kind: Alarm.Kind)] = []
        func feedEverySecond(_ t: Double, _ p: Double) {
            seconds += everySecond.observe(Reading(elapsedSeconds: t, probeCelsius: p, ambientCelsius: 145))
                .map { (t, $0.kind) }
        }
        for t in stride(from: 0.0, to: 600, by: 1) { feedEverySecond(t, 60 + t / 60) }
        for t in stride(from: 600.0, to: 700, by: 1) { feedEverySecond(t, 57) }
        for t in stride(from: 700.0, to: 900, by: 1) { feedEverySecond(t, 86 + (t - 700) / 120) }
        #expect(seconds.map(\.kind) == [.targetReached], "\(seconds)")
        #expect((seconds.first?.t ?? 0) <= 750, "reached at \(seconds.first?.t ?? -1) s")
        // Pulled into the pit instead, the probe closes on the air: out of the meat, never done.
        var pulled = AlarmEngine(rules: AlarmRules(targetCelsius: 85))
        var kinds: [Alarm.Kind] = []
        for t in stride(from: 0.0, to: 600, by: 10) {
            kinds += pulled.observe(Reading(elapsedSeconds: t, probeCelsius: 60 + t / 60, ambientCelsius: 145)).map(
                \.kind)
        }
        for (i, p) in [95.0, 120, 135, 142, 144, 145, 145, 145, 145, 145, 145, 145].enumerated() {
            kinds += pulled.observe(Reading(elapsedSeconds: 600 + Double(i) * 10, probeCelsius: p, ambientCelsius: 145))
                .map(\.kind)
        }
        #expect(kinds == [.probeOut])
    }

    /// Two hours after the target, the probe is lifted out into the room (19 C, which re-arms the
    /// watch as a new piece would) and pushed back into the same done meat (95 C, a jump, then the
    /// meat's own slow rise under a 110 C pit): the real TempFit brisket sounded "reached 90.0 C"
    /// a second time. It is the meat that was done; a new piece heats through the target.
    @Test func aProbePushedBackIntoMeatThatWasDoneDoesNotSoundTheTargetAgain() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 90))
        var kinds: [Alarm.Kind] = []
        func feed(_ t: Double, _ p: Double) {
            kinds += engine.observe(Reading(elapsedSeconds: t, probeCelsius: p, ambientCelsius: 110)).map(\.kind)
        }
        for t in stride(from: 0.0, to: 3600, by: 30) { feed(t, 80 + t / 300) }  // 80 -> 92 C
        for t in stride(from: 3600.0, to: 3900, by: 30) { feed(t, 19) }  // on the counter
        for t in stride(from: 3900.0, to: 4500, by: 30) { feed(t, 94.8 + (t - 3900) / 600) }  // back in
        #expect(kinds == [.targetReached], "\(kinds)")
    }

    /// Pushed deeper into meat past the target between two readings 5 s apart, the probe is in the
    /// meat again 45 s after the jump and the target sounds then. A minute after the jump the
    /// reading before it was still the reference, so the next readings were a jump again and the
    /// target waited another 45 s (100 s after the push).
    @Test func aProbePushedPastTheTargetSoundsItFortyFiveSecondsAfterTheJump() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 85))
        var fired: [(t: Double, kind: Alarm.Kind)] = []
        func feed(_ t: Double, _ p: Double) {
            fired += engine.observe(Reading(elapsedSeconds: t, probeCelsius: p, ambientCelsius: 145)).map {
                (t, $0.kind)
            }
        }
        for t in stride(from: 0.0, to: 600, by: 5) { feed(t, 60 + t / 60) }  // 60 -> 70 C, like meat
        for t in stride(from: 600.0, to: 800, by: 5) { feed(t, 90 + (t - 600) / 120) }  // pushed: 90 C, rising slowly
        #expect(fired.map(\.kind) == [.targetReached], "\(fired)")
        let reached = fired.first?.t ?? 0
        #expect(reached >= 645 && reached <= 655, "reached at \(reached) s")
    }

    /// The meat done, it comes off and the probe is pulled: the shipped roast chicken (10 s
    /// readings) reached 74 C, then the oven opened and the probe read 103, 89, 78 C. It asked
    /// "is it out of the meat?" three minutes after "reached 74.0 C". Moved to another piece
    /// first (far under the target), a jump out is news again.
    @Test func aProbePulledFromMeatThatIsDoneIsNotAskedAbout() {
        func kinds(rearmedFirst: Bool) -> [Alarm.Kind] {
            var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
            var kinds: [Alarm.Kind] = []
            var t = 0.0
            func feed(_ probe: Double, _ air: Double) {
                kinds += engine.observe(Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: air)).map(
                    \.kind)
                t += 10
            }
            for i in 0..<30 { feed(70 + Double(i) * 0.2, 150) }  // 70 -> 75.8 C: the target reached
            if rearmedFirst { for _ in 0..<6 { feed(40, 150) } }  // moved into another piece
            for (probe, air) in [(103.3, 75.4), (89.0, 47.5), (78.3, 57.0), (76.0, 60.0), (75.0, 62.0)] {
                feed(probe, air)
            }
            return kinds
        }
        #expect(kinds(rearmedFirst: false) == [.targetReached])
        #expect(kinds(rearmedFirst: true) == [.targetReached, .probeOut])
    }

    /// Garbage values (0.0, a device error read as a temperature) after the finish are not the
    /// probe moved to another piece: the sous-vide steak's alarm sounded four more times.
    @Test func garbageValuesAfterTheFinishDoNotReArmTheTarget() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 56.5))
        var probes = [50.0, 55, 56, 56.4, 56.5, 56.6]
        for i in 0..<600 { probes.append(i % 97 == 0 ? 0.0 : 56.4 + Double(i % 3) * 0.1) }
        #expect(Self.feed(&engine, probes: probes).map(\.kind) == [.targetReached])
    }

    /// Readings five minutes apart rise a few degrees each: that is the meat, not a probe out.
    @Test func aProbeLoggingEveryFiveMinutesReachesTheTarget() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var kinds: [Alarm.Kind] = []
        for (i, p) in [60.0, 63, 66, 69, 72, 75, 78].enumerated() {
            kinds += engine.observe(Reading(elapsedSeconds: Double(i) * 300, probeCelsius: p, ambientCelsius: nil)).map(
                \.kind)
        }
        #expect(kinds == [.targetReached])
    }

    /// One probe's verdict is that probe's: a second probe 10 C short of the target is not done
    /// (with two probes in a chicken, the second used to be called done with the first).
    @Test func oneProbesDoneVerdictDoesNotCallAnotherDone() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        _ = Self.feed(&engine, probes: [60, 70, 73], channel: 1)
        _ = Self.feed(&engine, probes: [55, 60, 64], channel: 2, from: 10)
        let done = engine.observeDone(channel: 1, atSeconds: 20, message: "done: 73.8 C, ...")
        #expect(done.map(\.channel) == [1])
        #expect(engine.observeDone(channel: 1, atSeconds: 21, message: "done: 73.8 C, ...").isEmpty)
    }

    @Test func etaNearFiresOnceAndNotAfterEveryProbeReachedTheTarget() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        _ = Self.feed(&engine, probes: [30, 61])
        #expect(engine.observeRemaining(seconds: 1800, atSeconds: 10).isEmpty)
        #expect(engine.observeRemaining(seconds: 590, atSeconds: 20).map(\.kind) == [.etaNear])
        #expect(engine.observeRemaining(seconds: 500, atSeconds: 30).isEmpty)
        // The ETA jumps back out (a lid left open), then closes in again: it may warn again.
        #expect(engine.observeRemaining(seconds: 1500, atSeconds: 40).isEmpty)
        #expect(engine.observeRemaining(seconds: 580, atSeconds: 50).map(\.kind) == [.etaNear])
        _ = engine.observeRemaining(seconds: 1500, atSeconds: 60)
        // The meat is done; a late estimate of "5 minutes left" is not news.
        #expect(Self.feed(&engine, probes: [74, 74.2], from: 700).map(\.kind) == [.targetReached])
        #expect(engine.observeRemaining(seconds: 300, atSeconds: 710).isEmpty)
    }

    /// QA: meat rising fast (a thin cut on a hot grill) reached the warning's reach with seconds
    /// left, and the alarm said "about 0 min to the target".
    @Test func etaNearWithUnderHalfAMinuteLeftSaysUnderAMinute() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        _ = Self.feed(&engine, probes: [30, 50, 73])
        let fired = engine.observeRemaining(seconds: 20, channel: 1, atSeconds: 2)
        #expect(fired.map(\.message) == ["under a minute to the target"])
    }

    /// Two chickens: "about 10 min to the target" is the slower probe's, and says so (it came with
    /// no channel, and `--on-alarm` was given probe 1's temperature, long past the target).
    @Test func etaNearOfSeveralProbesNamesTheProbeItIsFor() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        _ = Self.feed(&engine, probes: [30, 61], channel: 1)
        _ = Self.feed(&engine, probes: [30, 62], channel: 2)
        let fired = engine.observeRemaining(seconds: 590, channel: 2, atSeconds: 20)
        #expect(fired.map(\.channel) == [2])
        #expect(fired.first?.message == "probe 2: about 10 min to the target")
        // One probe: the words and the channel-less alarm stay as they were.
        var single = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        _ = Self.feed(&single, probes: [30, 61])
        let one = single.observeRemaining(seconds: 590, channel: 1, atSeconds: 20)
        #expect(one.map(\.channel) == [nil])
        #expect(one.first?.message == "about 10 min to the target")
    }

    /// Two chickens and a shoulder are three meats to take off: each probe warns for itself, once,
    /// and not after its own meat got there.
    @Test func eachProbeWarnsForItself() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74, channelTargetsCelsius: [3: 93]))
        // Both well on their way from 30 C, rising 6 C a minute as meat can: probe 1 from 62 C,
        // probe 3 from 80 C.
        for ch in [1, 3] {
            _ = engine.observe(Reading(channel: ch, elapsedSeconds: -900, probeCelsius: 30, ambientCelsius: nil))
        }
        for i in 0...40 {
            let t = Double(i)
            _ = engine.observe(Reading(channel: 1, elapsedSeconds: t, probeCelsius: 62 + 0.1 * t, ambientCelsius: nil))
            _ = engine.observe(Reading(channel: 3, elapsedSeconds: t, probeCelsius: 80 + 0.1 * t, ambientCelsius: nil))
        }
        let first = engine.observeRemaining(seconds: 590, channel: 1, atSeconds: 40)
        #expect(first.map(\.message) == ["probe 1: about 10 min to the target"])
        // Probe 3's ten minutes are its own news, right after probe 1's; each warns once.
        let second = engine.observeRemaining(seconds: 580, channel: 3, atSeconds: 40)
        #expect(second.map(\.message) == ["probe 3: about 10 min to the target"])
        #expect(engine.observeRemaining(seconds: 500, channel: 1, atSeconds: 41).isEmpty)
        #expect(engine.observeRemaining(seconds: 500, channel: 3, atSeconds: 41).isEmpty)
        // Probe 1 is done; its late "5 minutes", even after a swing out, is not news.
        for i in 41...160 {
            let t = Double(i)
            _ = engine.observe(Reading(channel: 1, elapsedSeconds: t, probeCelsius: 62 + 0.1 * t, ambientCelsius: nil))
        }
        _ = engine.observeRemaining(seconds: 3000, channel: 1, atSeconds: 160)
        #expect(engine.observeRemaining(seconds: 300, channel: 1, atSeconds: 161).isEmpty)
    }

    /// "10 minutes left" for 46 C to go at 0.75 C a minute is a first fit's fancy, not news (it
    /// sounded 4 minutes into a real 2.4-hour turkey); the same words near the end are.
    @Test func etaNearIsNotBelievedWhenTheProbeWouldHaveToRiseTenTimesFaster() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        for t in stride(from: 0.0, through: 210, by: 5) {
            _ = engine.observe(Reading(elapsedSeconds: t, probeCelsius: 25.4 + 0.75 * t / 60, ambientCelsius: nil))
        }
        #expect(engine.observeRemaining(seconds: 348, atSeconds: 210).isEmpty)
        for t in stride(from: 5000.0, through: 5300, by: 5) {
            let probe = 68 + 0.5 * (t - 5000) / 60
            _ = engine.observe(Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: nil))
        }
        #expect(engine.observeRemaining(seconds: 500, atSeconds: 5300).map(\.kind) == [.etaNear])
    }

    /// A pork shoulder rising 0.35 C a minute, silent for ten minutes (a weak link): the first
    /// fits after the gap said 10 minutes for 44 C to go, and with a minute of readings since the
    /// gap there was no recent rate to doubt it by, so "ETA near" sounded at 30 C of 74. The rate
    /// since the first reading stands in until the readings after the gap span a minute.
    @Test func etaNearIsNotBelievedRightAfterAGapInTheProbesReadings() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        for t in stride(from: 0.0, through: 3585, by: 15) {
            _ = engine.observe(Reading(elapsedSeconds: t, probeCelsius: 5 + 0.35 * t / 60, ambientCelsius: 135))
        }
        for t in [4200.0, 4215, 4230] {
            _ = engine.observe(Reading(elapsedSeconds: t, probeCelsius: 5 + 0.35 * t / 60, ambientCelsius: 135))
        }
        #expect(engine.observeRemaining(seconds: 585, channel: 1, atSeconds: 4230).isEmpty)
        #expect(engine.observeRemaining(seconds: 585, atSeconds: 4230).isEmpty)
    }

    /// A steak's first fits said 7 minutes left 3.5 minutes into an 18-minute cook, a sixth of the
    /// way up: not yet news. Ten minutes from the end it is 43 % of the way, and it is.
    @Test func etaNearWaitsForAThirdOfTheRise() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 52))
        for t in stride(from: 0.0, through: 210, by: 10) {
            _ = engine.observe(Reading(elapsedSeconds: t, probeCelsius: 5 + 2.3 * t / 60, ambientCelsius: 200))
        }
        #expect(engine.observeRemaining(seconds: 420, atSeconds: 210).isEmpty)
        for t in stride(from: 220.0, through: 510, by: 10) {
            _ = engine.observe(Reading(elapsedSeconds: t, probeCelsius: 5 + 2.3 * t / 60, ambientCelsius: 200))
        }
        #expect(engine.observeRemaining(seconds: 580, atSeconds: 510).map(\.kind) == [.etaNear])
    }

    @Test func etaNearStillWarnsWhileAnotherProbeIsCooking() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        #expect(Self.feed(&engine, probes: [70, 74, 74.5], channel: 1).map(\.kind) == [.targetReached])
        _ = Self.feed(&engine, probes: [40, 66], channel: 2, from: 10)
        #expect(engine.observeRemaining(seconds: 400, atSeconds: 20).map(\.kind) == [.etaNear])
    }

    /// Two chickens: probe 1 done and unplugged while probe 2 cooks on. Its silence is no news
    /// (it sounded "probe 1: no reading for 60 s" after "reached"); probe 2 unplugged short of
    /// its target still is.
    @Test func aProbeUnpluggedOnceItsMeatIsDoneIsNotLost() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var kinds: [Alarm.Kind] = []
        for t in stride(from: 0.0, to: 600, by: 10) {
            kinds += engine.observeSilence(untilSeconds: t).map(\.kind)
            kinds += engine.observe(
                Reading(channel: 1, elapsedSeconds: t, probeCelsius: 70 + t / 100, ambientCelsius: nil)
            )
            .map(\.kind)
            kinds += engine.observe(Reading(channel: 2, elapsedSeconds: t + 1, probeCelsius: 50, ambientCelsius: nil))
                .map(\.kind)
        }
        for t in stride(from: 600.0, to: 900, by: 10) {  // probe 1 unplugged
            kinds += engine.observeSilence(untilSeconds: t).map(\.kind)
            kinds += engine.observe(Reading(channel: 2, elapsedSeconds: t + 1, probeCelsius: 51, ambientCelsius: nil))
                .map(\.kind)
        }
        #expect(kinds == [.targetReached], "\(kinds)")
        for t in stride(from: 900.0, to: 1200, by: 10) {  // probe 2 unplugged too, the link still up
            kinds += engine.observeSilence(untilSeconds: t).map(\.kind)
            kinds += engine.observe(Reading(channel: 3, elapsedSeconds: t, probeCelsius: nil, ambientCelsius: 120))
                .map(\.kind)
        }
        #expect(kinds == [.targetReached, .probeLost], "\(kinds)")
    }

    @Test func probeLostAfterSilenceOnceUntilReadingsResume() {
        var rules = AlarmRules(targetCelsius: 74)
        rules.probeLostAfterSeconds = 60
        var engine = AlarmEngine(rules: rules)
        _ = Self.feed(&engine, probes: [40])
        #expect(engine.checkSilence(atSeconds: 59).isEmpty)
        #expect(engine.checkSilence(atSeconds: 61).map(\.kind) == [.probeLost])
        #expect(engine.checkSilence(atSeconds: 120).isEmpty)
        // Readings for five minutes, then silence again.
        _ = Self.feed(&engine, probes: [Double](repeating: 41, count: 301), from: 200)
        #expect(engine.checkSilence(atSeconds: 561).map(\.kind) == [.probeLost])
    }

    /// A probe given a target of its own that never reports (not plugged in, or the wrong number
    /// given) is lost like one that went quiet, once the others have reported past the limit, and
    /// said so: it was never said, its target sounding for nothing.
    @Test func aProbeWithItsOwnTargetThatNeverReportsIsLost() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74, channelTargetsCelsius: [3: 93]))
        var fired: [Alarm] = []
        for t in stride(from: 0.0, through: 180, by: 5) {
            _ = engine.observe(Reading(channel: 1, elapsedSeconds: t, probeCelsius: 30, ambientCelsius: 130))
            fired += engine.observeSilence(untilSeconds: t)
        }
        #expect(fired.map(\.channel) == [3])
        #expect(fired.first?.message == "probe 3: not heard from since the start")
        #expect(fired.first?.elapsedSeconds == 60)
        // Heard at last: it is a probe like the others from then on.
        _ = engine.observe(Reading(channel: 3, elapsedSeconds: 185, probeCelsius: 30, ambientCelsius: nil))
        #expect(engine.observeSilence(untilSeconds: 190).isEmpty)
    }

    @Test func ambientOutOfRangeOnlyWhenItStaysOutPastTheGrace() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 95, ambientRangeCelsius: 100...130))
        var kinds: [Alarm.Kind] = []
        // 20 min in range, a 2-minute lid dip (under the 5-minute grace), then the fire dies.
        for t in stride(from: 0.0, to: 3600, by: 10) {
            let ambient: Double = t < 1200 ? 115 : (t < 1320 ? 60 : (t < 1800 ? 115 : 80))
            kinds += engine.observe(Reading(elapsedSeconds: t, probeCelsius: 50, ambientCelsius: ambient)).map(\.kind)
        }
        #expect(kinds == [.ambientOutOfRange])
    }

    /// Feeds the pit's air every 10 s from `air(t)` with the probe at 50 C (target 95) until
    /// `hours`; returns when the ambient alarm fired and what it said.
    static func ambientAlarms(hours: Double, air: (Double) -> Double) -> [(t: Double, message: String)] {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 95))
        var fired: [(t: Double, message: String)] = []
        for t in stride(from: 0.0, to: hours * 3600, by: 10) {
            let r = Reading(elapsedSeconds: t, probeCelsius: 50, ambientCelsius: air(t))
            fired += engine.observe(r).filter { $0.kind == .ambientOutOfRange }.map { (t, $0.message) }
        }
        return fired
    }

    /// Without a range from the user the pit's own settled level is the reference: a slow preheat
    /// is not the pit running away, and a fire that fades is caught when it leaves the band, not
    /// once a rolling median has followed it down (an hour and a half later).
    @Test func theSettledPitIsHeldNotFollowedDown() {
        // 45 minutes up from 20 to 120 C, then steady with a controller's +-5 C swing.
        func preheat(_ t: Double) -> Double {
            guard t >= 2700 else { return 20 + 100 * t / 2700 }
            return Int(t / 300) % 2 == 0 ? 125 : 115
        }
        #expect(Self.ambientAlarms(hours: 4, air: preheat).isEmpty)
        // Steady from the start, then from 3 h the fire fades 0.5 C a minute: it leaves the 25 C
        // band at 3 h 50 min and the alarm sounds 5 minutes after.
        let fading = Self.ambientAlarms(hours: 6) { t in t < 10_800 ? 120 : 120 - 0.5 * (t - 10_800) / 60 }
        #expect(fading.count == 1)
        #expect(abs((fading.first?.t ?? 0) - (10_800 + 3000 + 300)) < 120, "\(fading)")
        #expect(fading.first?.message.hasPrefix("ambient below") == true)
    }

    /// The cook turns the oven up from 110 to 160 C for the finish: said once, and the new level
    /// becomes the reference, so a later collapse is caught again.
    @Test func aNewLevelHeldForHalfAnHourBecomesTheReference() {
        let fired = Self.ambientAlarms(hours: 6) { t in t < 7200 ? 110 : (t < 14_400 ? 160 : 100) }
        #expect(fired.map { String($0.message.prefix(13)) } == ["ambient above", "ambient below"], "\(fired)")
    }

    /// After the meat is done the pit is opened or let die: no alarm about it.
    @Test func noAmbientAlarmOnceEveryProbeIsDone() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var kinds: [Alarm.Kind] = []
        for t in stride(from: 0.0, to: 4 * 3600, by: 10) {
            // Out of the oven at 3 h 3 min, the meat rests and cools (its probe 2 C a minute).
            let probe = t < 11_000 ? 40 + 40 * t / 10_800 : 80.7 - 2 * (t - 11_000) / 60
            let air = t < 11_000 ? 160.0 : 25
            kinds += engine.observe(Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: air)).map(\.kind)
        }
        #expect(kinds == [.targetReached])
    }

    /// With a range from the user, a pit above it is news from the start: the first 15 minutes
    /// were waited out even then (200 C for ten minutes against 90-150 C went unsaid). Under it, as
    /// a pit coming up to heat is, it is not news until it has been inside it.
    @Test func aRangeFromTheUserIsCheckedFromTheStart() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 95, ambientRangeCelsius: 90...150))
        var fired: [(t: Double, kind: Alarm.Kind)] = []
        for t in stride(from: 0.0, to: 1800, by: 10) {
            let air: Double = t < 300 ? 20 + t / 3 : (t < 600 ? 120 : (t < 1200 ? 200 : 120))
            let reading = Reading(elapsedSeconds: t, probeCelsius: 50, ambientCelsius: air)
            fired += engine.observe(reading).map { (t, $0.kind) }
        }
        #expect(fired.map(\.kind) == [.ambientOutOfRange])
        #expect(fired.first?.t == 900)
    }

    @Test func batteryLowOnceWithHysteresis() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var kinds: [Alarm.Kind] = []
        for (i, b) in [20.0, 16, 14, 13, 16, 14, 25, 12].enumerated() {
            let r = Reading(elapsedSeconds: Double(i), probeCelsius: 40, ambientCelsius: nil, batteryPercent: b)
            kinds += engine.observe(r).map(\.kind)
        }
        // Fires at 14 %, not again at the flicker back to 16 / 14 %, again after a recharge to 25 %.
        #expect(kinds == [.batteryLow, .batteryLow])
    }

    /// QA: two probes, one at 10 % and one at 88 %: the full one cleared the session's one flag and
    /// the low one sounded again at every other reading. Each probe's battery is its own.
    @Test func aLowBatteryOfOneProbeSoundsOnceWhileAnotherIsFull() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var fired: [Alarm] = []
        for i in 0..<20 {
            let channel = i % 2 == 0 ? 1 : 2
            let r = Reading(
                channel: channel, elapsedSeconds: Double(i), probeCelsius: 40, ambientCelsius: nil,
                batteryPercent: channel == 1 ? 10 : 88)
            fired += engine.observe(r)
        }
        #expect(fired.map(\.kind) == [.batteryLow])
        #expect(fired.first?.channel == 1)
    }
}
