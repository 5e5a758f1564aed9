import Testing

/// The last fits `cookcast show` prints: each probe's, as the live view and `plot` give them.
@Suite struct ShowLastFitTests {
    /// QA: a replay ending with probe 2 done at 1:18 and probe 1 about 45 minutes short; `show`'s
    /// one "last fit" line was probe 2's (the highest channel's), "done", while the live view's
    /// ETA was probe 1's. Each probe's last fit has a line now.
    @Test func everyProbesLastFitIsShownNotTheHighestChannelsAlone() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        _ = await PlotFinishTests.replayTwoProbes(into: box)
        let show = await box.run(["show", "1"])
        #expect(show.status == 0, "\(show.err)")
        let lines = show.out.split(separator: "\n").map(String.init)
        let first = try #require(
            lines.firstIndex { $0.hasPrefix("  last fits  probe 1 at 01:56:00: predicting, finish at 02:") })
        #expect(lines[first + 1] == "             probe 2 at 01:56:00: done, finish at 01:18:30", "\(show.out)")
    }

    /// One probe's line is as it was: no probe named.
    @Test func aSingleProbesLastFitNamesNoProbe() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("one.csv", PlotFinishTests.csv(minutes: 60, airCelsius: 160, timeConstants: [1: 8000]))
        let live = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--target", "74"])
        #expect(live.status == 0, "\(live.err)")
        let show = await box.run(["show", "1"])
        #expect(show.out.contains("  last fit   at 01:00:00: "), "\(show.out)")
        #expect(!show.out.contains("last fits"), "\(show.out)")
    }
}
