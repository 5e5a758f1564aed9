import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// A CSV whose time goes backwards on a channel: `live --replay` warns with file:line and skips
/// the older rows, and `import` counts the same rows as bad and leaves them out, so both store the
/// same readings. Replay took them without a word (probe lost muddled), import sorted them in.
@Suite struct ReplayTimeOrderCommandTests {
    /// Readings every 10 s to 300 s, then a stretch of an earlier log (105-195 s) run in.
    static func csv() -> String {
        var rows = "t_s,probe_c,ambient_c\n"
        for t in stride(from: 0, through: 300, by: 10) { rows += "\(t),\(20 + Double(t) / 10),110\n" }
        for t in stride(from: 105, through: 195, by: 10) { rows += "\(t),\(30 + Double(t) / 10),110\n" }
        return rows
    }

    @Test func liveReplayWarnsAndSkipsTheOlderRows() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("back.csv", Self.csv())
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--target", "74"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("warning: \(file):33: time went backwards on channel 1 (t_s 105 after 300)"), "\(r.err)")
        #expect(r.err.contains("warning: 5 more bad lines skipped"), "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let readings = try store.readings(session: 1)
        #expect(readings.count == 31)
        #expect(readings.map(\.elapsedSeconds) == readings.map(\.elapsedSeconds).sorted())
        // The last status line is the file's last reading's, not an older one's "(1m 45s ago)".
        let last = try #require(r.out.split(separator: "\n").last { $0.hasPrefix("[00:05:00]") })
        #expect(last.contains("probe 50.0 C  "), "\(last)")
    }

    @Test func importCountsTheSameRowsAsBad() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("back.csv", Self.csv())
        let r = await box.run(["import", file, "--target", "74"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("back.csv: 10 bad rows (lines 33, 34, 35"), "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).map(\.elapsedSeconds) == Array(stride(from: 0.0, through: 300, by: 10)))
    }
}
