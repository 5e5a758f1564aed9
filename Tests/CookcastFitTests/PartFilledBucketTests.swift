import CookcastCore
import Testing

@testable import CookcastFit

/// `predict --at` closes the grid bucket the moment falls in, with only the readings before it.
/// Its point used to sit at the bucket's centre: a moment 1 s into a bucket had its one reading
/// counted 15 s after it was taken, so on a probe climbing fast (a steak in a hot pan) the finish
/// jumped later by about that much across every bucket boundary.
@Suite struct PartFilledBucketTests {
    /// A fast cook: the centre of a 2.5 cm steak (tau 3,600 s) in 120 C air, a reading a second,
    /// done in about 18 minutes.
    let cook = SyntheticCook(tau: 3600, biot: 2, air: 120, start: 5, target: 54, dt: 1, hours: 1, faults: false)

    /// Bucket boundaries (30 s apart) at about `fractions` of the way to the finish.
    func boundaries(_ fractions: [Double]) -> [Double] { fractions.map { 30 * ($0 * cook.trueFinish / 30).rounded() } }

    func finish(at seconds: Double) -> Estimate {
        Predictor.predict(readings: cook.readings, targetCelsius: 54, atSeconds: seconds, cut: nil, priors: [])
    }

    @Test func aPartFilledBucketCountsItsReadingsWhenTheyWereTaken() throws {
        // Half way, the bucket from b holds the readings at b and b + 1 s when asked 1.5 s in: its
        // point is dated at their mean time, b + 0.5 s. It used to be the bucket's centre, b + 15.
        let b = try #require(boundaries([0.5]).first)
        let e = finish(at: b + 1.5)
        #expect(e.phase == .predicting)
        #expect(abs(e.elapsedSeconds - (b + 0.5)) < 1e-9, "point at \(e.elapsedSeconds) s")
    }

    /// A probe read every 10 s from 1 s into each bucket (1, 11, 21 s): a full bucket's point is
    /// dated at its readings' mean time on the grid's 5 s lattice (10 s), not at its centre
    /// (15 s), 4 s after the readings' mean and so 4 s later a finish.
    @Test func aFullBucketIsDatedWhereItsReadingsWereTaken() {
        let sparse = cook.readings.filter { Int($0.elapsedSeconds) % 10 == 1 }
        let est = ETAEstimator(targetCelsius: 54, prior: .generic)
        for r in sparse.prefix(while: { $0.elapsedSeconds < 600 }) { est.update(r) }
        // The reading at 601 s closed the bucket 570-600 s: readings 571, 581, 591 s, mean 581 s.
        est.update(sparse.first { $0.elapsedSeconds > 600 }!)
        #expect(est.estimate(atSeconds: 601).elapsedSeconds == 580)
    }

    @Test func aReadingJustTakenBringsTheFinishCloserNotLater() throws {
        // Just before the boundary the bucket is full and its centre is its readings' mean time;
        // just after it, one more reading. It used to move the finish 7-15 s later, away from the
        // true one (at 75 %: 1,190 -> 1,205 s for a true 1,189 s).
        for boundary in boundaries([0.5, 0.75, 0.9]) {
            let before = try #require(finish(at: boundary - 0.5).finishSeconds)
            let after = try #require(finish(at: boundary + 0.5).finishSeconds)
            let context = "at \(boundary) s: \(before) -> \(after) (true \(cook.trueFinish))"
            #expect(after - before < 2, "\(context)")
            #expect(abs(after - cook.trueFinish) < abs(before - cook.trueFinish) + 2, "\(context)")
        }
    }
}
