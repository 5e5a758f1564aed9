import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// The 80 % band says how far this cook's finish can be trusted: past cooks' errors set it at
/// first, and a cook the model has forecast well for a while earns a narrower one, while a cook
/// that surprised it keeps a wide one.
@Suite struct ETABandTests {
    let target = 60.0

    /// Past cooks' errors as learned from the shipped real cooks (log SD 0.45 of the time left).
    var prior: FitPrior {
        var p = FitPrior.generic
        p.etaScaleLogSD = 0.45
        return p
    }

    /// The estimate after feeding `cook` up to `seconds`.
    func estimate(
        _ cook: SteppedAirCook, at seconds: Double,
        configuration: ETAEstimator.Configuration = ETAEstimator.Configuration()
    ) -> Estimate {
        let est = ETAEstimator(targetCelsius: target, prior: prior, configuration: configuration)
        for r in cook.readings(until: seconds) { est.update(r) }
        return est.estimate(atSeconds: seconds)
    }

    /// Band width and whether it holds the true finish, as a fraction of the true time left.
    func band(_ e: Estimate, truth: Double, now: Double) -> (width: Double, covers: Bool) {
        let lo = e.finishLowSeconds ?? .nan, hi = e.finishHighSeconds ?? .nan
        return ((hi - lo) / (truth - now), lo <= truth && truth <= hi)
    }

    @Test func aCookForecastWellEarnsANarrowerBand() {
        let cook = SteppedAirCook(airSteps: [(0, 120)])
        let truth = cook.finishSeconds(target: target), now = 0.75 * truth
        let own = band(estimate(cook, at: now), truth: truth, now: now)
        var pastCooksOnly = ETAEstimator.Configuration()
        pastCooksOnly.bandFromSkillMinimumCount = .max
        let past = band(estimate(cook, at: now, configuration: pastCooksOnly), truth: truth, now: now)
        #expect(own.covers && past.covers)
        // Past cooks alone: exp(+-1.28 * 0.45), 1.2 of the time left.
        #expect(past.width > 1.1, "band from past cooks \(past.width)")
        #expect(own.width < 0.5, "band from the cook's own record \(own.width)")
    }

    @Test func aCookThatSurprisedTheModelKeepsAWiderBand() {
        // Two hours in, the meat starts heating as if the air had sunk from 120 to 90 C (a fire
        // dying away from the air sensor, which keeps reading 120 C): the forecasts filed around
        // then miss and the finish is revised, and the band is widened to match.
        let drop = 7200.0
        let steady = SteppedAirCook(airSteps: [(0, 120)])
        let dying = SteppedAirCook(airSteps: [(0, 120), (drop, 90)])
        let now = drop + 3600
        let calm = estimate(steady, at: now)
        let est = ETAEstimator(targetCelsius: target, prior: prior)
        for r in steady.readings(until: now) {
            var reading = r
            let noise = (r.probeCelsius ?? 0) - steady.centreCelsius(at: r.elapsedSeconds)
            reading.probeCelsius = dying.centreCelsius(at: r.elapsedSeconds) + noise
            est.update(reading)
        }
        let surprised = est.estimate(atSeconds: now)
        /// Half-width of the band in log time, around the cook's own finish.
        func logHalfWidth(_ e: Estimate) -> Double {
            let f = e.finishSeconds ?? .nan, hi = e.finishHighSeconds ?? .nan
            return log((hi - now) / (f - now))
        }
        let calmSD = calm.parameters["band_log_sd"] ?? .nan, surprisedSD = surprised.parameters["band_log_sd"] ?? .nan
        #expect(surprisedSD > 3 * calmSD, "own record \(surprisedSD) after the surprise, \(calmSD) without")
        // The calm cook's band sits at its floor (12 % of the time left); the surprised one's is
        // its record, 1.28 SD each way.
        #expect(logHalfWidth(surprised) >= 1.28 * surprisedSD, "\(logHalfWidth(surprised)), SD \(surprisedSD)")
        #expect(logHalfWidth(surprised) > logHalfWidth(calm), "\(logHalfWidth(surprised)) vs \(logHalfWidth(calm))")
        // Still narrower than past cooks alone would make it (log SD 0.45).
        #expect(surprisedSD < 0.45)
    }
}

extension ETABandTests {
    @Test func aRecordEarnedUnderTheOldFireDoesNotVouchForTheNewOne() {
        // Two hours in, the fire sinks from 120 to 80 C (target 60): for a while the finish is
        // still catching up, and the band must not be the narrow one the steady fire had earned.
        let dying = SteppedAirCook(airSteps: [(0, 120), (7200, 80)])
        let truth = dying.finishSeconds(target: target), now = 9600.0
        var keepRecord = ETAEstimator.Configuration()
        keepRecord.recordAirShiftFraction = .infinity
        let kept = band(estimate(dying, at: now, configuration: keepRecord), truth: truth, now: now)
        let restarted = band(estimate(dying, at: now), truth: truth, now: now)
        #expect(!kept.covers, "the old record's band \(kept)")
        #expect(restarted.covers, "band \(restarted)")
    }
}

extension ETABandTests {
    @Test func theRangeNeverStartsInThePast() throws {
        // The real sous-vide T-bone logs a reading every minute or so, so the last grid point can
        // be a few minutes behind the moment asked about; its range used to start before it.
        let readings = try realCookReadings("sousvide_tbone.csv")
        for at in stride(from: 600.0, through: 3900, by: 150) {
            let e = Predictor.predict(readings: readings, targetCelsius: 51.7, atSeconds: at, cut: nil, priors: [])
            guard e.phase != .done, let f = e.finishSeconds else { continue }
            let lo = try #require(e.finishLowSeconds), hi = try #require(e.finishHighSeconds)
            #expect(at <= lo && lo <= f && f <= hi, "at \(at): \(lo) <= \(f) <= \(hi)")
        }
    }
}

@Suite struct FinishRevisionsTests {
    @Test func aRevisionIsScoredAsAFractionOfTheTimeThatWasLeft() {
        var revisions = FinishRevisions()
        revisions.file(due: 300, now: 0, finishSeconds: 1000)
        revisions.settle(now: 299, finishSeconds: 5000)
        #expect(revisions.count == 0, "not due yet")
        revisions.settle(now: 300, finishSeconds: 1100)
        #expect(revisions.count == 1)
        #expect(abs(revisions.rmsRelative - 0.1) < 1e-12)
        // A finish already past is not filed; a revision of over the whole time left counts as 1.
        revisions.file(due: 600, now: 300, finishSeconds: 200)
        revisions.file(due: 600, now: 300, finishSeconds: 400)
        revisions.settle(now: 600, finishSeconds: 10_000)
        #expect(revisions.count == 2)
        #expect(abs(revisions.msRelative - (0.95 * 0.01 + 0.05)) < 1e-12)
    }
}

extension ETABandTests {
    @Test func aRecordEarnedWhileThePitCameUpStaysOnceItSettles() {
        // A cold oven: 25 C, 80 C after 15 minutes, 110 C from half an hour on. The record must be
        // earned under the settled 110 C, not under a level read on the way up, which the gap,
        // shrinking as the meat heats, later makes look like a change of fire.
        let coldStart = SteppedAirCook(airSteps: [(0, 25), (900, 80), (1800, 110)])
        let truth = coldStart.finishSeconds(target: target)
        for fraction in [0.55, 0.65, 0.75] {
            let now = fraction * truth
            let own = band(estimate(coldStart, at: now), truth: truth, now: now)
            #expect(own.covers, "at \(fraction): band \(own)")
            #expect(own.width < 0.5, "at \(fraction): band from the cook's own record \(own.width)")
        }
    }
}

extension ETABandTests {
    @Test func aYoungCurvesMissesDoNotHoldTheBandWideLater() throws {
        // In its first minutes the probe has barely moved, and what the young fit forecasts then
        // misses by much of the rise. Half way through the project's simulated chickens (three
        // seeds) the model has long since forecast well: the band is 0.37-0.63 of the time left
        // (0.68-0.86 before the young forecasts were left out of its record).
        var widths: [Double] = []
        for seed in 1...3 as ClosedRange<UInt64> {
            let cook = simulatedCook(.chicken, seed: seed)
            let est = ETAEstimator(targetCelsius: cook.targetCelsius, prior: prior)
            let truth = try #require(cook.truth), now = 0.5 * truth
            for r in cook.readings where r.elapsedSeconds <= now { est.update(r) }
            let own = band(est.estimate(atSeconds: now), truth: truth, now: now)
            #expect(own.covers, "seed \(seed): band \(own)")
            widths.append(own.width)
        }
        #expect(widths.reduce(0, +) / 3 < 0.72, "bands \(widths) of the time left")
    }
}

extension ETABandTests {
    @Test func nearTheEndOfAWellForecastCookTheBandIsTight() {
        // Nine tenths of the way through a cook the model has forecast well all along, the finish
        // is a few minutes off at most: the band is about a fifth of the time left, and covers it.
        let cook = SteppedAirCook(airSteps: [(0, 120)])
        let truth = cook.finishSeconds(target: target), now = 0.9 * truth
        let own = band(estimate(cook, at: now), truth: truth, now: now)
        #expect(own.covers, "band \(own)")
        #expect(own.width < 0.25, "band \(own.width) of the time left")
    }
}

extension ETABandTests {
    @Test func theHorizonsLeftLengthenWithTheCook() {
        // Forecasts are scored a fifth of the cook's age ahead (5 to 90 minutes): an hour into a
        // four-hour cook, 12-minute horizons now, 48-minute ones by the end.
        let est = ETAEstimator(targetCelsius: target, prior: prior)
        est.update(Reading(elapsedSeconds: 0, probeCelsius: 5, ambientCelsius: 120))
        #expect(abs(est.skillHorizonsLeft(now: 3600, finish: 14_400) - 5 * log(4.0)) < 1e-9)
        // Under 25 minutes of age the horizon is 5 minutes; over 7.5 hours, 90.
        #expect(abs(est.skillHorizonsLeft(now: 600, finish: 1500) - 3) < 1e-9)
        #expect(abs(est.skillHorizonsLeft(now: 27_000, finish: 37_800) - 2) < 1e-9)
        #expect(abs(est.skillHorizonsLeft(now: 600, finish: 37_800) - (3 + 5 * log(18.0) + 2)) < 1e-9)
    }
}

extension ETABandTests {
    @Test func anHourWithoutReadingsDoesNotSpoilTheRecord() {
        // The link is down from 4,000 to 7,600 s. Forecasts that came due in the gap have nothing
        // to be scored against; scored against the first reading after it, each missed by the
        // hour's whole rise and the band went back to past cooks' width (1.27 of the time left).
        let cook = SteppedAirCook(airSteps: [(0, 120)])
        let truth = cook.finishSeconds(target: target), now = 8400.0
        let est = ETAEstimator(targetCelsius: target, prior: prior)
        for r in cook.readings(until: now) where r.elapsedSeconds < 4000 || r.elapsedSeconds > 7600 { est.update(r) }
        let own = band(est.estimate(atSeconds: now), truth: truth, now: now)
        #expect(own.covers, "band \(own)")
        #expect(own.width < 0.5, "band \(own.width) of the time left")
    }
}

extension ETABandTests {
    /// The real brisket's ThermoPro writes only when the reading changes: at 94.9 C it said
    /// "about 2 min left" and then nothing for ten minutes. Asked then, the finish is now ("in
    /// 0s") and its words said "about 2 min left" beside it; now they say it is overdue.
    @Test func aFinishThatHasPassedSaysItIsOverdue() throws {
        let readings = try realCookReadings("tempfit_brisket_2021_p1.csv")
        let last = try #require(readings.last { $0.elapsedSeconds <= 42_200 })
        for at in [42_200.0, 42_500] {
            let e = Predictor.predict(readings: readings, targetCelsius: 95, atSeconds: at, cut: nil, priors: [])
            let f = try #require(e.finishSeconds)
            #expect(f == at, "at \(at): finish \(f), last reading at \(last.elapsedSeconds)")
            #expect(e.message.hasPrefix("due "), "at \(at): \(e.message)")
            #expect(!e.message.contains("left"), "at \(at): \(e.message)")
        }
    }
}
