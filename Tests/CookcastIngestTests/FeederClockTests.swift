import CookcastCore
import Testing

@testable import CookcastIngest

/// Whose clock a resumed `--stdin` feeder's times are on.
@Suite struct FeederClockTests {
    /// A session with readings every 60 s up to 3600 s, rising 0.5 C a reading (or flat).
    func clock(flat: Bool = false) -> FeederClock {
        let stored = (0...60).map {
            Reading(elapsedSeconds: Double($0) * 60, probeCelsius: flat ? 5 : 5 + Double($0) / 2, ambientCelsius: 120)
        }
        return FeederClock(resumeAtSeconds: 4000, stored: stored)
    }

    func event(_ t: Double, _ probe: Double) -> (SourceEvent, Reading) {
        let r = Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: 120)
        return (.reading(r), r)
    }

    @Test func aRestartedFeederIsPlacedWhereTheSessionResumes() {
        var c = clock()
        let (e, r) = event(0, 40)
        #expect(c.take(e, reading: r).map(\.elapsedSeconds) == [4000])
        #expect(c.shiftSeconds == 4000)
    }

    @Test func aContinuedClockIsKept() {
        var c = clock()
        let (e, r) = event(3660, 36)
        #expect(c.take(e, reading: r).map(\.elapsedSeconds) == [3660])
    }

    @Test func theLogSentAgainIsHeldUntilThreeReadingsMatch() {
        var c = clock()
        var out: [Double] = []
        for i in 0..<4 {
            let (e, r) = event(Double(i) * 60, 5 + Double(i) / 2)
            out += c.take(e, reading: r).map(\.elapsedSeconds)
            #expect((c.shiftSeconds == nil) == (i < 2))
        }
        #expect(out == [0, 60, 120, 180])
        #expect(c.shiftSeconds == 0)
    }

    /// A flat start (meat from the fridge) matches the stored readings whichever the clock: taking
    /// a restarted feeder for the log sent again would drop its readings as duplicates.
    @Test func aFlatMatchCountsAsARestart() {
        var c = clock(flat: true)
        var out: [Double] = []
        for i in 0..<3 {
            let (e, r) = event(Double(i) * 60, 5)
            out += c.take(e, reading: r).map(\.elapsedSeconds)
        }
        #expect(out == [4000, 4060, 4120])
    }

    /// QA: a warming cook's log sent again from its first line (0.01 C a reading) matched the
    /// stored readings but did not vary by 0.05 C over three, so it was taken for a restart and
    /// the whole cook stored a second time after the first. Far from the probe's last stored
    /// reading, those readings are not the probe now: the log again.
    @Test func aSlowlyWarmingLogSentAgainIsTheLogAgain() {
        let stored = (0...3600).map {
            Reading(elapsedSeconds: Double($0), probeCelsius: 5 + Double($0) / 100, ambientCelsius: 120)
        }
        var c = FeederClock(resumeAtSeconds: 3700, stored: stored)
        var out: [Double] = []
        for i in 0..<4 {
            let (e, r) = event(Double(i), 5 + Double(i) / 100)
            out += c.take(e, reading: r).map(\.elapsedSeconds)
        }
        #expect(out == [0, 1, 2, 3])
        #expect(c.shiftSeconds == 0)
    }

    /// QA: the log sent again with an overlap (`tail -n 50` of it) was shifted 1,482 s on: a
    /// feeder counting from zero cannot match stored readings past the session's first minute.
    @Test func aLogSentAgainWithAnOverlapKeepsItsTimes() {
        let stored = (0...3600).map {
            Reading(elapsedSeconds: Double($0), probeCelsius: 5 + Double($0) / 100, ambientCelsius: 120)
        }
        var c = FeederClock(resumeAtSeconds: 3700, stored: stored)
        var out: [Double] = []
        for t in 3550...3552 {
            let (e, r) = event(Double(t), 5 + Double(t) / 100)
            out += c.take(e, reading: r).map(\.elapsedSeconds)
        }
        #expect(out == [3550, 3551, 3552])
        #expect(c.shiftSeconds == 0)
    }

    @Test func oneMismatchEndsTheWait() {
        var c = clock()
        let (e0, r0) = event(0, 5)
        #expect(c.take(e0, reading: r0).isEmpty)
        let (e1, r1) = event(60, 31)
        #expect(c.take(e1, reading: r1).map(\.elapsedSeconds) == [4000, 4060])
    }

    @Test func theEndOfInputReleasesWhatIsHeld() {
        var c = clock()
        let (e, r) = event(0, 5)
        #expect(c.take(e, reading: r).isEmpty)
        #expect(c.finish().map(\.elapsedSeconds) == [4000])
    }
}
