import CookcastCore
import Foundation
import Testing

@testable import CookcastIngest

/// A replay whose time goes backwards on a channel (two logs run together, a clock reset): the
/// older reading is a bad line, reported with file and line and skipped, as other bad lines are.
/// It was replayed as it came and muddled the probe-lost alarm.
@Suite struct ReplayTimeOrderTests {
    @Test func aCSVRowOlderThanTheLastOfItsChannelIsSkippedWithItsLine() throws {
        let path = try temporaryFile(
            "back.csv",
            """
            t_s,probe_c,ambient_c,channel
            0,20.0,110,1
            0,21.0,,2
            -5,20.1,110,1
            10,20.2,110,1
            5,21.1,,2
            200,20.3,110,1
            100,20.4,110,1
            200,20.5,110,1
            210,21.2,,2

            """)
        let file = try ReplayFile.load(path: path)
        #expect(
            file.issues.map(\.description) == [
                "\(path):4: time went backwards on channel 1 (t_s -5 after 0)",
                "\(path):8: time went backwards on channel 1 (t_s 100 after 200)",
            ])
        // Channel 2's 5 s after channel 1's 10 s is its own clock going forward; a repeat of the
        // last time (200 again) is no step back (the store skips it as a duplicate).
        #expect(file.events.map(\.elapsedSeconds) == [0, 0, 10, 5, 200, 200, 210])
    }

    @Test func aHexLogPacketOlderThanTheLastOnItsChannelIsSkipped() throws {
        let packet = Hex.string(
            from: SeedProbeDecoder.encodeReading(probeCelsius: 20, ambientCelsius: 110, batteryPercent: 80))
        let path = try temporaryFile(
            "back.log", "200 \(packet)\n100 \(packet)\n150 \(packet) ch0\n210 \(packet)\n")
        let file = try ReplayFile.load(path: path, format: .hexLog)
        #expect(file.issues.map(\.description) == ["\(path):2: time went backwards on channel 1 (t_s 100 after 200)"])
        #expect(file.events.map(\.elapsedSeconds) == [200, 150, 210])
        #expect(file.lastElapsedSeconds == 210)
    }
}
