import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// A stored session without a single reading (a recording killed before its first one), as
/// `plot` and `show` give it.
@Suite struct NoReadingsSessionTests {
    /// Session 1, a stdin recording killed before its first reading.
    static func storeSessionWithoutReadings(in box: Sandbox) throws {
        let store = try SessionStore(path: box.databasePath)
        _ = try store.createSession(
            SessionInfo(startedAtUnixMs: UTCTime.nowUnixMs(), targetCelsius: 74, source: "stdin", status: .active),
            channels: [ChannelInfo(channel: 1, name: "probe", role: .meat)])
    }

    /// QA: `plot 1 -o x.svg` wrote an empty chart and exited 0 without a word. It is an error
    /// now, one line, and no file is written.
    @Test func plotSaysThereIsNothingToPlotAndWritesNoFile() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        try Self.storeSessionWithoutReadings(in: box)
        let chart = box.directory + "/x.svg"
        let plot = await box.run(["plot", "1", "-o", chart])
        #expect(plot.status == 65, "\(plot.out)")
        #expect(plot.err == "cookcast plot: session 1 has no readings to plot\n", "\(plot.err)")
        #expect(!FileManager.default.fileExists(atPath: chart))
    }

    /// QA: `show 1` ended with "last readings (0):" and nothing under it.
    @Test func showSaysNoReadingsInsteadOfAnEmptyList() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        try Self.storeSessionWithoutReadings(in: box)
        let show = await box.run(["show", "1"])
        #expect(show.status == 0, "\(show.err)")
        #expect(show.out.hasSuffix("\nno readings\n"), "\(show.out)")
        #expect(!show.out.contains("last readings"), "\(show.out)")
    }
}
