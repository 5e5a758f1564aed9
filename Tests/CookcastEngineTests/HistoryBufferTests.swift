import CookcastCore
import Testing

@testable import CookcastEngine

/// The live chart's meat and air lines with several probes in one cook.
@Suite struct HistoryBufferTests {
    /// QA: with the pit probe on channel 1, reporting first every time, each point took channel 1's
    /// reading: no meat line at all, and with several probes the line jumped between them.
    @Test func thePitOnChannelOneAndTwoProbesDrawOneMeatLineAndTheAir() {
        var history = HistoryBuffer()
        for i in 0..<200 {
            let t = Double(i) * 15
            history.add(Reading(channel: 1, elapsedSeconds: t, probeCelsius: nil, ambientCelsius: 120))
            history.add(
                Reading(channel: 2, elapsedSeconds: t + 0.2, probeCelsius: 20 + Double(i) * 0.2, ambientCelsius: nil))
            history.add(Reading(channel: 3, elapsedSeconds: t + 0.4, probeCelsius: 60, ambientCelsius: nil))
        }
        #expect(history.chartChannel == 2)
        #expect(history.points.count > 100)
        #expect(history.points.allSatisfy { $0.ambientCelsius == 120 })
        // The meat line is probe 2's, rising, never probe 3's 60 C.
        let meat = history.points.compactMap(\.probeCelsius)
        #expect(meat.count >= history.points.count - 1)
        #expect(meat == meat.sorted() && !meat.contains(60))
    }

    @Test func aProbeSilentForLongLeavesAGapNotAFlatLine() {
        var history = HistoryBuffer()
        for i in 0..<20 {
            history.add(Reading(channel: 1, elapsedSeconds: Double(i) * 15, probeCelsius: 30, ambientCelsius: 110))
        }
        for i in 20..<40 {  // probe 1 silent, the pit goes on
            history.add(Reading(channel: 2, elapsedSeconds: Double(i) * 15, probeCelsius: nil, ambientCelsius: 110))
        }
        #expect(history.points.last?.probeCelsius == nil)
        #expect(history.points.last?.ambientCelsius == 110)
    }
}
