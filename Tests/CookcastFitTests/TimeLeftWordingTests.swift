import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// The words of an estimate say the time left as of the moment asked about, as the number
/// beside them does.
@Suite struct TimeLeftWordingTests {
    /// A logger that writes every five minutes, asked four minutes after its last line: the
    /// finish stands, so the time left is four minutes shorter than at that line. `predict --at`
    /// said "in 17m 33s" over "about 29 min left" (the real HeatLedger ribs).
    @Test func aQueryBetweenSparseReadingsWordsItsOwnTimeLeft() throws {
        let cook = SyntheticCook(dt: 300, hours: 3, faults: false)
        let lastSeconds = 300 * (cook.trueFinish / 600).rounded(.down)
        let at = lastSeconds + 240
        let e = Predictor.predict(
            readings: cook.readings.filter { $0.elapsedSeconds <= lastSeconds }, targetCelsius: 54, atSeconds: at,
            cut: nil, priors: [])
        let finish = try #require(e.finishSeconds)
        #expect(e.phase == .predicting, "\(e.phase): \(e.message)")
        #expect(finish - at > 600, "finish \(finish) s")
        #expect(e.message.contains("about \(formatDuration(finish - at)) left"), "\(e.message), \(finish - at) s left")
    }

    /// Asked long after the finish passed without the target (a logger quiet for twenty minutes),
    /// the estimate says it is overdue and its range is not a single moment: the model was wrong
    /// by at least that long.
    @Test func anOverdueFinishSaysSoAndKeepsARange() throws {
        let cook = SyntheticCook(dt: 300, hours: 3, faults: false)
        let lastSeconds = 300 * (cook.trueFinish / 300).rounded(.down)
        let readings = cook.readings.filter { $0.elapsedSeconds <= lastSeconds }
        let fresh = try #require(
            Predictor.predict(readings: readings, targetCelsius: 54, cut: nil, priors: []).finishSeconds)
        let at = fresh + 1200
        let e = Predictor.predict(readings: readings, targetCelsius: 54, atSeconds: at, cut: nil, priors: [])
        #expect(e.message.hasPrefix("due "), "\(e.message)")
        let lo = try #require(e.finishLowSeconds), hi = try #require(e.finishHighSeconds)
        #expect(lo == at && e.finishSeconds == at)
        #expect(hi >= at + 1200 - 1, "range \(lo)-\(hi) at \(at)")
        // When it was due is kept: the shown finish is the moment asked about.
        let due = try #require(e.overdueSinceSeconds)
        #expect(abs(due - fresh) < 1, "due \(due), the finish given \(fresh)")
        // Not yet a minute past: no overdue.
        let soon = Predictor.predict(readings: readings, targetCelsius: 54, atSeconds: fresh + 30, cut: nil, priors: [])
        #expect(soon.overdueSinceSeconds == nil)
    }

    /// Half a minute to go is not "0 min".
    @Test func underHalfAMinuteIsAMinuteNotNone() {
        #expect(formatDuration(19) == "1 min")
        #expect(formatDuration(0) == "0 min")
        #expect(formatDuration(3900) == "1 h 05 min")
    }
}
