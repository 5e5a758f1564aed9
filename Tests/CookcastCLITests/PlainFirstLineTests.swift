import Foundation
import Testing

@testable import CookcastCLI

/// `live --plain` prints a status line at the start and every 10 minutes of cook time.
@Suite struct PlainFirstLineTests {
    /// QA: an iBBQ packet carries every probe's reading, stored and followed one at a time; the
    /// first status line was printed after the first of them, `[00:00:00] connected  probe 20.0 C
    /// ambient --`, though the same packet had the pit's 110 C. It waits for the packet's last.
    @Test func theFirstLineOfAMultiProbePacketShowsAllItsReadings() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let log = box.write("ibbq.hex", HexLogProfileTests.packets)
        let r = await box.replayIBBQLog(log)
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").filter { $0.hasPrefix("[00:00:00]  connected  probe") }
        #expect(lines.count == 1, "\(r.out)")
        #expect(lines.first?.contains("ambient 110.0 C") == true, "\(lines)")
        // Every 10 minutes after, one line each, as before.
        let tenMinutes = r.out.split(separator: "\n").filter { $0.hasPrefix("[00:10:00]  connected  probe") }
        #expect(tenMinutes.count == 1, "\(r.out)")
    }
}
