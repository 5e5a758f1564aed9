import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// `StallTracker`'s watch for a rise that slowed in the plateau band and sped up again before any
/// plateau (the meat wrapped before it stalled).
@Suite struct SlowdownWatchTests {
    /// A learned brisket prior: plateau at 72 C for 2 h, 12 h cooks, three of them.
    static let prior = FitPrior(
        cut: "brisket", ambientCelsius: 115, logTauMean: log(6_000), logTauSD: 1.2, stalls: true,
        stallCelsius: 72, stallHoursMean: 2, stallHoursSD: 1, totalHoursMean: 12, totalHoursSD: 3, cookCount: 3)

    /// Feeds a 30 s grid of `celsius(t)` under a 115 C pit for `hours`; `insertionAt(t)` is the
    /// probe's latest insertion then. Returns when the watch said the slowdown ended.
    static func slowdownEnd(
        hours: Double, insertionAt: (Double) -> Double? = { _ in nil }, celsius: (Double) -> Double
    ) -> Double? {
        var tracker = StallTracker()
        var buffer = GridBuffer(capacity: 4096)
        for i in 0...Int(hours * 120) {
            let t = Double(i) * 30
            let g = GridPoint(seconds: t, probeCelsius: celsius(t), ambientCelsius: 115)
            buffer.append(g)
            tracker.observe(g, buffer: buffer, airCelsius: 115, prior: prior, insertionSeconds: insertionAt(t))
        }
        return tracker.slowdownEndedSeconds
    }

    /// 12 C/h from 40 C, slowing to 4 C/h by 62 C (from 3 h), then 10 C/h from 4 h: a wrap.
    static func wrapped(_ t: Double) -> Double {
        let h = t / 3600
        if h < 2 { return 40 + 12 * h }  // 64 C at 2 h
        if h < 4 { return 64 + 4 * (h - 2) }  // 72 C at 4 h
        return 72 + 10 * (h - 4)
    }

    @Test func aRiseThatSlowedAndSpedUpAgainEndsTheSlowdown() throws {
        let end = try #require(Self.slowdownEnd(hours: 6, celsius: Self.wrapped))
        // The 30-minute line reaches 1.5 x 4 + 2 = 8 C/h about 24 minutes after 4 h, then holds
        // 10 minutes.
        #expect(end > 4 * 3600 && end < 4.75 * 3600, "ended at \(end / 3600) h")
    }

    @Test func aSteadyRiseIsNoSlowdown() {
        #expect(Self.slowdownEnd(hours: 6) { t in 40 + 8 * t / 3600 } == nil)
    }

    @Test func aPlateauIsLeftToThePlateauRules() {
        // Slowed to a plateau (under 3 C/h) before it sped up: that is a plateau, not a slowdown.
        let end = Self.slowdownEnd(hours: 8) { t in
            let h = t / 3600
            return h < 2 ? 40 + 12 * h : h < 5 ? 64 + 0.5 * (h - 2) : 65.5 + 10 * (h - 5)
        }
        #expect(end == nil)
    }

    @Test func aProbePushedDeeperStartsTheWatchAfresh() {
        // The same curve, but the probe was pushed deeper at 3.5 h: the pace since then never
        // slowed to half of what it was there, so its speed-up says nothing of a wrap.
        let end = Self.slowdownEnd(
            hours: 6, insertionAt: { $0 >= 3.5 * 3600 ? 3.5 * 3600 : nil }, celsius: Self.wrapped)
        #expect(end == nil)
    }
}
