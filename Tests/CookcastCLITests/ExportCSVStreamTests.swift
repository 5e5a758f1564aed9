import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `export --format csv` is written a chunk of readings at a time (`CanonicalCSV.Layout`), and its
/// bytes are those the whole-file rendering gave before (it held every reading and the text).
@Suite struct ExportCSVStreamTests {
    @Test func chunkedRowsAreTheWholeFile() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try ExportJSONStreamTests().storeCook(in: box)
        let readings = try #require(try store.cook(1)).readings
        let whole = CanonicalCSV.render(readings)
        let ordered = readings.sorted { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        let layout = CanonicalCSV.Layout(multiChannel: true, hasBattery: true)
        for size in [1, 7, 4096] {
            var text = layout.header
            for start in stride(from: 0, to: ordered.count, by: size) {
                text += layout.rows(Array(ordered[start..<min(start + size, ordered.count)]))
            }
            #expect(text == whole, "chunks of \(size)")
        }
    }

    @Test func exportWritesTheSameBytesAsBefore() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try ExportJSONStreamTests().storeCook(in: box)
        let cook = try #require(try store.cook(1))
        let out = await box.run(["export", "1"])
        #expect(out.status == 0, "\(out.err)")
        #expect(out.out == CanonicalCSV.render(cook.readings))
        let path = box.directory + "/cook.csv"
        #expect(await box.run(["export", "1", "-o", path]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == out.out)
        // One channel: no channel column, and a battery column only if that channel has one.
        for (channel, battery) in [(1, true), (3, false)] {
            let one = await box.run(["export", "1", "--channel", String(channel)])
            #expect(one.out.hasPrefix("t_s,probe_c,ambient_c" + (battery ? ",battery_pct\n" : "\n")), "\(channel)")
        }
        let first = await box.run(["export", "1", "--channel", "1"])
        #expect(first.out == CanonicalCSV.render(cook.readings.filter { $0.channel == 1 }))
        // Probe 3 has no air sensor of its own: its rows carry the pit's latest air (the pit
        // channel's at the same time, else probe 1's sensor), as live and fit drive it, so the
        // file alone is that probe's cook; its rows with only an air value are as stored.
        let third = await box.run(["export", "1", "--channel", "3"])
        let rows = third.out.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows.count == cook.readings.filter { $0.channel == 3 }.count)
        #expect(rows.allSatisfy { $0.count == 3 && !$0[2].isEmpty })
        #expect(rows.contains { $0 == ["10.001", "6.333333333333333", "109.5000001"] }, "\(third.out.prefix(300))")
        #expect(rows.contains { $0 == ["17.501", "6.333333333333333", "110.25"] })
        #expect(rows.contains { $0 == ["2.501", "", "108.0"] })
        let missing = await box.run(["export", "1", "--channel", "7", "-o", path + ".x"])
        #expect(missing.status == 65 && !FileManager.default.fileExists(atPath: path + ".x"))
        #expect(await box.run(["export", "9"]).status == 65)
    }
}
