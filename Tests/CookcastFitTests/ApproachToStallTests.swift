import CookcastCore
import CookcastIngest
import Foundation
import Testing

@testable import CookcastFit

/// Heading into a stall: the finish must move smoothly while the meat approaches its plateau.
@Suite struct ApproachToStallTests {
    /// A learned brisket prior whose usual plateau (78 C) is above where these briskets stall.
    static let prior = FitPrior(
        cut: "brisket", ambientCelsius: 115, logTauMean: log(6_000), logTauSD: 1.2, stalls: true,
        stallCelsius: 78, stallHoursMean: 2, stallHoursSD: 1, totalHoursMean: 12, totalHoursSD: 3, cookCount: 3)

    @Test(arguments: [1, 2, 3] as [UInt64])
    func finishDoesNotJumpByHoursBeforeThePlateau(seed: UInt64) {
        // Simulated smoker briskets stall at 65-75 C. While the effective air sank towards the
        // plateau, the crossing of the prior's 78 C ran out to tens of hours: the live ETA went
        // from 12 h to 27 h and back within half an hour.
        let est = ETAEstimator(targetCelsius: 95, prior: Self.prior)
        var remainingByStep: [Double] = []
        for r in simulatedCook(.brisket, seed: seed).readings {
            guard est.update(r) else { continue }
            let t = r.elapsedSeconds
            let e = est.estimate(atSeconds: t)
            // Every grid step from 45 C until the plateau is detected.
            guard est.firstStallStartSeconds == nil else { break }
            guard let p = r.probeCelsius, p > 45, let f = e.finishSeconds else { continue }
            remainingByStep.append(f - t)
        }
        #expect(remainingByStep.count > 20)
        var worst = 0.0
        for (a, b) in zip(remainingByStep, remainingByStep.dropFirst()) { worst = max(worst, abs(b - a)) }
        // Some jitter remains (the time to the plateau is sensitive while the air the meat sees
        // settles), but not the day-long excursions.
        #expect(worst < 4 * 3600, "the finish jumped by \(worst / 3600) h between grid steps")
        #expect((remainingByStep.max() ?? .infinity) < 20 * 3600)
    }

    @Test func timeCreepingBelowThePlateauCountsAsTimeOnIt() throws {
        // The real iGrill pulled pork at half time: 65 C, still rising 4.4 C/h; it later sat on a
        // plateau at about 68 C. The prior is learned from the other real pork shoulder alone,
        // whose plateau was 75 C.
        let prior = porkShoulderPriorWithoutThePulledPork
        let readings = try realCookReadings("igrill_pulled_pork.csv")
        let done = 33_868.0, at = 0.5 * done
        func estimate(_ configuration: ETAEstimator.Configuration) -> Estimate {
            let est = ETAEstimator(targetCelsius: 87, prior: prior, configuration: configuration)
            for r in readings where r.elapsedSeconds <= at { est.update(r) }
            return est.estimate(atSeconds: at)
        }
        var noCredit = ETAEstimator.Configuration()
        noCredit.stallBandCelsius = 0
        let e = estimate(ETAEstimator.Configuration()), old = estimate(noCredit)
        func relativeError(_ x: Estimate) -> Double { abs((x.finishSeconds ?? .infinity) - done) / (done - at) }
        #expect(e.model == "conduction+stall")
        // The half hour since it came within 12 C of 75 C counts as plateau time: 0.32 -> 0.24 late.
        #expect(relativeError(e) < 0.26, "\(e.message)")
        #expect(relativeError(old) > relativeError(e) + 0.05)
    }
}
