import Testing

@testable import CookcastImport

/// Local wall-clock times to UTC with a zone's offset at each moment.
@Suite struct LocalClockTests {
    /// A zone one hour ahead of UTC, two from `summerUTC` to `winterUTC` (Unix seconds).
    static func zone(summerUTC: Int64, winterUTC: Int64) -> LocalClock {
        LocalClock(zoneOffsetSeconds: { $0 >= summerUTC && $0 < winterUTC ? 7200 : 3600 })
    }

    // 2018-03-25 01:00 UTC and 2018-10-28 01:00 UTC: Paris's changes that year.
    static let paris = zone(summerUTC: 1_521_939_600, winterUTC: 1_540_688_400)
    /// 2018-10-28 00:00 as if it were UTC.
    static let october28: Double = 1_540_684_800
    /// 2018-03-25 00:00 as if it were UTC.
    static let march25: Double = 1_521_936_000

    @Test func aTimeAwayFromAChangeTakesItsOwnDaysOffset() {
        // 2018-10-28 12:00 local is winter time; the same digits in UTC are winter too, but
        // 02:30 the day before is summer time.
        #expect(Self.paris.utc(fromLocalSeconds: Self.october28 + 12 * 3600) == (Self.october28 + 11 * 3600, 3600))
        let dayBefore = Self.october28 - 86_400 + 2.5 * 3600
        #expect(Self.paris.utc(fromLocalSeconds: dayBefore) == (dayBefore - 7200, 7200))
    }

    @Test func theHourThatComesTwiceIsTheFirstUnlessTheLogIsPastIt() {
        let twoThirty = Self.october28 + 2.5 * 3600
        let first = Self.paris.utc(fromLocalSeconds: twoThirty)
        #expect(first == (twoThirty - 7200, 7200))
        // After 02:59 summer time (00:59 UTC), 02:30 is the second time round.
        let second = Self.paris.utc(fromLocalSeconds: twoThirty, previousUTCSeconds: Self.october28 + 59 * 60)
        #expect(second == (twoThirty - 3600, 3600))
        // Before it, still the first.
        let early = Self.paris.utc(fromLocalSeconds: twoThirty, previousUTCSeconds: Self.october28 - 3600)
        #expect(early == first)
    }

    @Test func aTimeInTheSkippedHourIsReadWithTheOffsetBefore() {
        let twoThirty = Self.march25 + 2.5 * 3600
        #expect(Self.paris.utc(fromLocalSeconds: twoThirty) == (twoThirty - 3600, 3600))
        #expect(Self.paris.utc(fromLocalSeconds: twoThirty + 3600) == (twoThirty - 3600, 7200))
    }

    @Test func aFixedOffsetWins() {
        let clock = LocalClock(fixedOffsetSeconds: -5 * 3600, zoneOffsetSeconds: { _ in 3600 })
        #expect(clock.utc(fromLocalSeconds: Self.october28) == (Self.october28 + 5 * 3600, -5 * 3600))
    }
}
