import CookcastCore
import Testing

@testable import CookcastImport

/// `MergeOverlap`: the readings `import --into` would add beside those the session stores at
/// their channel and millisecond.
@Suite struct MergeOverlapTests {
    let stored = [0.0, 10, 20].map { Reading(elapsedSeconds: $0, probeCelsius: 20 + $0 / 10, ambientCelsius: 110) }

    func overlap(_ readings: [Reading]) -> MergeOverlap {
        MergeOverlap(readings, storedReading: SessionMergeTests.lookup(stored))
    }

    /// The rest of the cook: the same readings where they overlap, others after them.
    @Test func theRestOfTheCookAgrees() {
        let rest = stored + [30.0, 40].map { Reading(elapsedSeconds: $0, probeCelsius: 23, ambientCelsius: 110) }
        let o = overlap(rest)
        #expect(o.storedCount == 3 && o.differingCount == 0 && !o.contradicts)
    }

    /// A rounding apart (whole Fahrenheit, whole Celsius), a value one side lacks, a battery level:
    /// the same reading, kept as stored and counted, never a contradiction.
    @Test func roundingAndMissingValuesDoNotContradict() {
        var file = stored
        file[0].probeCelsius = 20.5
        file[1].ambientCelsius = nil
        file[2].batteryPercent = 80
        let o = overlap(file)
        #expect(o.storedCount == 3 && o.differingCount == 3 && !o.contradicts)
        #expect(o.firstDiffering?.file.elapsedSeconds == 0 && o.firstDiffering?.stored.probeCelsius == 20)
    }

    /// One reading more than 1 C off among agreeing ones is enough: the channel is another probe
    /// or another cook (QA: two chickens' readings 5-8 C apart at every shared time).
    @Test func oneReadingBeyondADegreeContradicts() {
        var file = stored
        file[2].ambientCelsius = 108.9
        let o = overlap(file + [Reading(elapsedSeconds: 30, probeCelsius: 99, ambientCelsius: 110)])
        #expect(o.storedCount == 3 && o.contradictingCount == 1 && o.contradicts)
        #expect(o.firstContradicting?.file.elapsedSeconds == 20)
        var close = stored
        close[2].ambientCelsius = 109.0
        #expect(!overlap(close).contradicts)
    }

    /// Readings at times the session does not store cannot be compared.
    @Test func readingsAtOtherTimesAreNotCompared() {
        let other = [5.0, 15].map { Reading(elapsedSeconds: $0, probeCelsius: 90, ambientCelsius: 20) }
        let o = overlap(other)
        #expect(o.storedCount == 0 && !o.contradicts)
    }
}
