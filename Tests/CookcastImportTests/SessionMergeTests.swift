import CookcastCore
import Testing

@testable import CookcastImport

/// `SessionMerge`: a cook's readings put on a stored session's clock.
@Suite struct SessionMergeTests {
    let session = SessionInfo(startedAtUnixMs: 1_700_000_000_000, source: "live:probe", status: .finished)

    func cook(startingAfterSessionBy seconds: Int64) -> RecordedCook {
        RecordedCook(
            info: SessionInfo(startedAtUnixMs: session.startedAtUnixMs + seconds * 1000, source: "import:json"),
            readings: [0, 30, 60].map { Reading(elapsedSeconds: $0, probeCelsius: 40 + $0 / 30, ambientCelsius: 120) })
    }

    @Test func aDatedExportIsPlacedByItsStart() {
        let merge = SessionMerge(cook: cook(startingAfterSessionBy: 600), format: .json, session: session)
        #expect(merge.shiftSeconds == 600)
        #expect(merge.readings.map(\.elapsedSeconds) == [600, 630, 660])
        #expect(merge.beforeStartCount == 0)
    }

    @Test func readingsBeforeTheSessionStartAreLeftOut() {
        let merge = SessionMerge(cook: cook(startingAfterSessionBy: -45), format: .combustion, session: session)
        #expect(merge.readings.map(\.elapsedSeconds) == [15])
        #expect(merge.beforeStartCount == 2)
    }

    @Test func elapsedTimesAreOnTheSessionsClockAlready() {
        let merge = SessionMerge(cook: cook(startingAfterSessionBy: 9_999), format: .csv, session: session)
        #expect(merge.shiftSeconds == 0)
        #expect(merge.readings.map(\.elapsedSeconds) == [0, 30, 60])
    }
}
