import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `cookcast import` reads an export's local wall-clock times in the zone `date` uses.
@Suite struct ImportLocalTimeTests {
    /// Runs the `cookcast` binary under `TZ` = `zone` against `box`'s database: its status and
    /// standard output.
    static func cookcast(_ arguments: [String], zone: String, in box: Sandbox) throws -> (status: Int32, out: String) {
        try CookcastBinary.run(
            arguments,
            environment: ["TZ": zone, "COOKCAST_DB": box.databasePath, "COOKCAST_MODELS": SharedData.models])
    }

    /// An iGrill export (`"28/10/2018, 01:30:00",20.0`: day first, local time, no zone) of one
    /// reading a minute from `day` `startHour`:`startMinute`, `count` of them, local clock times
    /// as a logger writes them (`clockMinute` gives the clock's minute of reading i).
    static func iGrillExport(
        in box: Sandbox, day: String, count: Int, clockMinute: (Int) -> Int
    ) -> String {
        var text = "\u{FEFF}Date & Time,Temperature\n"
        for i in 0..<count {
            let minute = clockMinute(i)
            let celsius = 20.0 + Double(i) * 0.1
            text += String(format: "\"%@, %02d:%02d:00\",%.1f\n", day, minute / 60, minute % 60, celsius)
        }
        return box.write("iGrill_V2 - Pork Butt - 20181028.csv", text)
    }

    /// QA: `TZ=UTC-13` (13 hours ahead, for `date`) was read as 13 hours behind, and `IST-5:30`,
    /// `CET-1CEST,...` and `:Europe/Paris` as UTC, through Foundation's `TimeZone.current`; the
    /// start stored (and shown by `sessions` and `show`, in UTC) was hours off.
    @Test(arguments: [
        ("UTC-13", 13 * 3600), ("IST-5:30", 5 * 3600 + 1800), ("CET-1CEST,M3.5.0,M10.5.0/3", 3600),
        (":Europe/Paris", 3600), ("America/New_York", -5 * 3600), ("UTC", 0),
    ])
    func aPOSIXZoneReadsTheLocalTimesAsDateDoes(zone: String, offsetSeconds: Int) throws {
        let box = Sandbox()
        defer { box.cleanup() }
        // 2 January 2018, 08:18 local, the first reading.
        let file = Self.iGrillExport(in: box, day: "02/01/2018", count: 30) { 8 * 60 + 18 + $0 }
        #expect(try Self.cookcast(["import", file], zone: zone, in: box).status == 0)
        let localStart: Int64 = 1_514_881_080  // 2018-01-02 08:18:00 read as UTC
        let expected = (localStart - Int64(offsetSeconds)) * 1000
        let info = try #require(try SessionStore(path: box.databasePath, readOnly: true).session(1))
        #expect(info.startedAtUnixMs == expected, "\(zone)")
        #expect(info.utcOffsetSeconds == offsetSeconds)
        // `sessions` and `show` print that start, in UTC, whatever the zone they run in.
        let shown = UTCTime.string(unixMs: expected)
        let sessions = try Self.cookcast(["sessions"], zone: zone, in: box)
        #expect(sessions.out.contains("1   \(shown)"), "\(sessions.out)")
        let show = try Self.cookcast(["show", "1"], zone: zone, in: box)
        #expect(show.out.contains("started    \(shown) UTC"), "\(show.out)")
    }

    /// A log across the night the clocks go back (Paris, 28 October 2018: 03:00 summer time
    /// became 02:00 winter time, 01:00 UTC): the hour from 02:00 comes twice, and the second
    /// time is read as the later hour, so the readings stay a minute apart. Under `Europe/Paris`
    /// it was read as the first hour both times: 60 readings dropped as repeats, an hour with no
    /// reading left (under the POSIX string all was read as UTC, the start two hours late).
    @Test(arguments: ["CET-1CEST,M3.5.0,M10.5.0/3", "Europe/Paris"])
    func aLogThroughTheHourThatComesTwiceKeepsEveryReading(zone: String) throws {
        let box = Sandbox()
        defer { box.cleanup() }
        // 01:30 to 03:29 by the clock on the wall, 180 minutes: 01:30-02:59, 02:00-03:29.
        let file = Self.iGrillExport(in: box, day: "28/10/2018", count: 180) { i in
            90 + (i < 90 ? i : i - 60)
        }
        #expect(try Self.cookcast(["import", file], zone: zone, in: box).status == 0)
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let info = try #require(try store.session(1))
        // 01:30 summer time (UTC+2) is 23:30 UTC the day before.
        #expect(info.startedAtUnixMs == 1_540_683_000_000)
        let times = try store.readings(session: 1).map { Int($0.elapsedSeconds.rounded()) }
        #expect(times == (0..<180).map { $0 * 60 })
    }

    /// The hour the clocks go forward (Paris, 25 March 2018, 02:00 winter time became 03:00
    /// summer time) never was: a clock time in it is read with the offset before the change,
    /// so 02:30 is 03:30 summer time, half an hour after 01:59, never dropped.
    @Test func aClockTimeInTheSkippedHourIsReadWithTheOffsetBefore() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        // 01:58, 01:59, 02:30 (not on any clock), 03:31.
        let minutes = [118, 119, 150, 211]
        let file = Self.iGrillExport(in: box, day: "25/03/2018", count: minutes.count) { minutes[$0] }
        #expect(try Self.cookcast(["import", file], zone: "CET-1CEST,M3.5.0,M10.5.0/3", in: box).status == 0)
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        // 01:58 winter time (UTC+1) is 00:58 UTC.
        #expect(try store.session(1)?.startedAtUnixMs == 1_521_939_480_000)
        let times = try store.readings(session: 1).map { Int($0.elapsedSeconds.rounded()) }
        #expect(times == [0, 60, 32 * 60, 33 * 60])
    }
}
