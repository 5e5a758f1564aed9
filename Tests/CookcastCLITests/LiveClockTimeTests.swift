import Foundation
import Testing

@testable import CookcastCLI

/// The live view's clock times are the system's local time, as `date` shows it.
@Suite struct LiveClockTimeTests {
    /// Runs the shipped roast chicken through the `cookcast` binary under `TZ` = `zone`: its
    /// `--plain` output and the session's start, Unix milliseconds.
    static func chicken(zone: String) async throws -> (out: String, startedAtMs: Int64) {
        let box = Sandbox()
        defer { box.cleanup() }
        let (status, out) = try CookcastBinary.run(
            ["live", "--sample", "roast-chicken", "--speed", "max", "--plain", "--db", box.databasePath],
            environment: ["TZ": zone, "COOKCAST_MODELS": SharedData.models])
        #expect(status == 0)
        let sessions = await box.run(["sessions", "--json"])
        let line = try #require(sessions.out.split(separator: "\n").first)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let started = try #require(json["started_at_ms"] as? NSNumber)
        return (out, started.int64Value)
    }

    /// POSIX `TZ` strings: `UTC-13` is 13 hours ahead of UTC (Foundation's `TimeZone.current` took
    /// it for 13 behind, and the chicken's "done at" read 26 hours off), `IST-5:30` five and a half
    /// ahead (Foundation: UTC).
    @Test(arguments: [("UTC-13", 13 * 3600), ("IST-5:30", 5 * 3600 + 1800), ("UTC", 0)])
    func aPOSIXZoneGivesTheClockTimeDateGives(zone: String, offsetSeconds: Int) async throws {
        let run = try await Self.chicken(zone: zone)
        // The chicken reached 74 C 4552 s into the cook.
        let local = Int((Double(run.startedAtMs) / 1000 + 4552).rounded()) + offsetSeconds
        let daySeconds = ((local % 86_400) + 86_400) % 86_400
        let expected = String(format: "done at %02d:%02d", daySeconds / 3600, daySeconds % 3600 / 60)
        let last = try #require(run.out.split(separator: "\n").last { $0.contains("done at") })
        #expect(last.contains(expected + " (01:15:52 into the cook)"), "\(last), expected \(expected)")
    }

    /// A cook across a daylight-saving change: each clock time with its own moment's offset (the
    /// view took the offset once, at its start, and was an hour off after the change).
    @Test func eachTimeHasItsOwnMomentsOffset() {
        // Started 2026-11-01 04:00 UTC, midnight in New York, which falls back from UTC-4 to UTC-5
        // at 06:00 UTC (02:00 daylight time becomes 01:00 standard time).
        let start: Int64 = 1_793_505_600_000
        let change: Int64 = 1_793_512_800
        let newYork: (Int64) -> Int = { $0 < change ? -4 * 3600 : -5 * 3600 }
        func shown(_ seconds: Double) -> String {
            DurationFormat.wallClock(startUnixMs: start, plusSeconds: seconds, utcOffsetSeconds: newYork)
        }
        #expect(shown(0) == "00:00")
        #expect(shown(5400) == "01:30")
        #expect(shown(7200) == "01:00")
        #expect(shown(4 * 3600) == "03:00")
    }
}
