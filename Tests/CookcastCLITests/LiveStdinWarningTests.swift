import CookcastCore
import CookcastStore
import Foundation
import Testing

/// `live --stdin` tells the user about the lines it skips, as `--replay` does, without flooding
/// the terminal, and still stores every good reading.
@Suite struct LiveStdinWarningTests {
    @Test func badStdinLinesAreWarnedAboutAndTheGoodOnesStored() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        var lines: [String] = []
        for i in 0..<10 {
            let bytes = SeedProbeDecoder.encodeReading(
                probeCelsius: 20 + Double(i), ambientCelsius: 110, batteryPercent: 90)
            lines.append("\(Double(i) * 0.5) \(Hex.string(from: bytes))")
            if i.isMultiple(of: 2) { lines.append("\(Double(i) * 0.5 + 0.25) not-hex-at-all") }
        }
        lines.append("t_s,probe_c,ambient_c")
        lines.append("6,52E80,110")
        let (status, stderr) = try CookcastBinary.live(
            [], feeding: lines.joined(separator: "\n") + "\n", database: box.databasePath)

        #expect(status == 0)
        let warnings = stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 6, "five shown one by one, then a count: \(stderr)")
        #expect(warnings.first?.hasPrefix("warning: stdin:2: ") == true, "\(stderr)")
        #expect(warnings.last == "warning: 1 more bad lines skipped", "\(stderr)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let readings = try store.readings(session: 1)
        #expect(readings.count == 11, "ten packets and the CSV row's air reading")
        #expect(readings.last?.probeCelsius == nil)
        #expect(readings.last?.ambientCelsius == 110)
    }

    @Test func aHugeBadPacketIsShownAndStoredByItsFirstBytes() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let outputPath = box.directory + "/out.txt"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CookcastBinary.path)
        process.arguments = ["live", "--stdin", "--plain", "--db", box.databasePath]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A 2 MB line: a million bytes of hex, no probe packet has that length; then a reading (a
        // session of no reading is not kept).
        input.fileHandleForWriting.write(Data(("0 " + String(repeating: "AB", count: 1_000_000) + "\n").utf8))
        input.fileHandleForWriting.write(Data(packetLine(1, probe: 20).utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        let shown = "unexpected packet length 1000000: " + String(repeating: "AB", count: 64) + "... (1000000 bytes)"
        let output = try String(contentsOfFile: outputPath, encoding: .utf8)
        #expect(output.count < 2000, "the terminal got \(output.count) characters")
        #expect(output.contains("decode error: " + shown))
        let events = try SessionStore(path: box.databasePath, readOnly: true).events(session: 1)
        #expect(events.filter { $0.kind == .decodeError }.map(\.detail) == [shown])
    }
}
