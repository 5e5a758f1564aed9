import CookcastCore
import Foundation
import Testing

@testable import CookcastCLI
@testable import CookcastEngine

/// `live --json`'s closing line names how the run ended with an identifier, as its phases and
/// link changes are: QA found `"ending":"source ended"`, the `--plain` closing line's words.
@Suite struct JSONSummaryEndingTests {
    static func ending(_ ending: LiveSummary.Ending) throws -> String? {
        let console = CapturingConsole()
        let sink = JSONLinesSink(console: console, sessionID: 1)
        let summary = LiveSummary(
            sessionID: 1, ending: ending, readingsStored: 2, duplicates: 0, decodeErrors: 0, disconnects: 0,
            elapsedSeconds: 10, alarms: [])
        let status = LiveStatus(
            sessionID: 1, elapsedSeconds: 10, connection: .connected, probeCelsius: [1: 24.5], ambientCelsius: nil,
            batteryPercent: nil, targetCelsius: 52,
            eta: ETASnapshot(
                phase: "predicting", finishSeconds: 600, lowSeconds: 500, highSeconds: 700, message: "",
                isConfident: true),
            readingCount: 2, decodeErrorCount: 0, duplicateCount: 0, disconnectCount: 0, history: [])
        sink.finish(summary, status: status)
        let object = try JSONSerialization.jsonObject(with: Data(console.standardOutput.utf8)) as? [String: Any]
        return object?["ending"] as? String
    }

    @Test func theEndingIsAnIdentifier() throws {
        #expect(try Self.ending(.sourceEnded) == "source_ended")
        #expect(try Self.ending(.interrupted) == "interrupted")
    }

    @Test func aReplayEndsWithSourceEnded() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("one.csv", "t_s,probe_c,ambient_c\n0,24.5,120\n30,25,120\n")
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--cut", "steak"])
        #expect(r.status == 0, "\(r.err)")
        let last = try #require(r.out.split(separator: "\n").last)
        #expect(last.contains("\"ending\":\"source_ended\""), "\(last)")
    }
}
