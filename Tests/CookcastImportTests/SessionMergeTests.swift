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

    /// Readings before the session's start were left out; a session keeps such readings at
    /// negative times (a `live --stdin` line from before its start, in what it saved), so they
    /// are added, and counted.
    @Test func readingsBeforeTheSessionStartAreKeptAtNegativeTimes() {
        let merge = SessionMerge(cook: cook(startingAfterSessionBy: -45), format: .combustion, session: session)
        #expect(merge.readings.map(\.elapsedSeconds) == [-45, -15, 15])
        #expect(merge.beforeStartCount == 2)
    }

    @Test func elapsedTimesAreOnTheSessionsClockAlready() {
        let merge = SessionMerge(cook: cook(startingAfterSessionBy: 9_999), format: .csv, session: session)
        #expect(merge.shiftSeconds == 0)
        #expect(merge.readings.map(\.elapsedSeconds) == [0, 30, 60])
    }

    /// What a session stores, by channel and millisecond, for `storedReading`.
    static func lookup(_ readings: [Reading]) -> (Int, Int64) -> Reading? {
        let byKey = Dictionary(
            uniqueKeysWithValues: readings.map {
                ([Int64($0.channel), Int64(($0.elapsedSeconds * 1000).rounded())], $0)
            })
        return { channel, ms in byKey[[Int64(channel), ms]] }
    }

    /// The session's own cook in a dated format (its JSON export) whose start is not the
    /// session's (a CSV import starts at the file's modification time): its readings are already
    /// stored at their own times, so it is taken on them, not moved by 10 minutes.
    @Test func theSessionsOwnCookIsTakenOnItsOwnTimes() {
        let cook = cook(startingAfterSessionBy: 600)
        let merge = SessionMerge(cook: cook, format: .json, session: session, storedReading: Self.lookup(cook.readings))
        #expect(merge.shiftSeconds == 0)
        #expect(merge.sameCookApartSeconds == 600)
        #expect(merge.readings.map(\.elapsedSeconds) == [0, 30, 60])
    }

    /// Other temperatures at those times, or the readings stored at the shifted times too (a
    /// session that holds both), keep the placement by the start.
    @Test func anotherCookOrOneStoredWhereItsStartPutsItIsPlacedByItsStart() {
        let cook = cook(startingAfterSessionBy: 600)
        let warmer = cook.readings.map { r in
            var w = r
            w.probeCelsius = (r.probeCelsius ?? 0) + 1
            return w
        }
        let other = SessionMerge(cook: cook, format: .json, session: session, storedReading: Self.lookup(warmer))
        #expect(other.shiftSeconds == 600 && other.sameCookApartSeconds == nil)
        let shifted = cook.readings.map { r in
            var s = r
            s.elapsedSeconds += 600
            return s
        }
        let both = SessionMerge(
            cook: cook, format: .json, session: session, storedReading: Self.lookup(cook.readings + shifted))
        #expect(both.shiftSeconds == 600 && both.sameCookApartSeconds == nil)
    }
}
