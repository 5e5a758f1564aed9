import CookcastCore
import CookcastIngest
import Foundation
import Testing

@testable import CookcastFit

/// A cut none of whose cooks was learned from answers first with what cooking guides give for it
/// (`CutProfile.guideTotalHours`), not with conduction at the time constant borrowed from every
/// other cut: two minutes into a simulated prime rib of 3.7 hours, that said "about 27 min left,
/// 13-71 min".
@Suite struct GuideTimeTests {
    /// The shipped model data: `Models/cuts.json` and `Models/priors.json`.
    static let models = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Models")

    static func shippedPrior(cut name: String) throws -> FitPrior {
        let cuts = try CutCatalog(jsonData: Data(contentsOf: models.appendingPathComponent("cuts.json")))
        let priors = try PriorSet.decode(jsonData: Data(contentsOf: models.appendingPathComponent("priors.json")))
        return FitPrior.resolve(cut: cuts.profile(named: name), priors: priors)
    }

    /// The shipped priors learn nothing of prime rib, so its first minutes go by the guide's 3.5 hours
    /// (scaled to the oven and the start) with a band as wide as the sizes a roast comes in; the
    /// simulated roasts (6-8 cm in radius, a 120 C oven) take 2.7-4.2 hours, and each is told within
    /// 40 % of its time left, its finish inside the 80 % band, from the second minute to the tenth.
    @Test func aPrimeRibsFirstMinutesGoByCookingGuides() throws {
        let prior = try Self.shippedPrior(cut: "prime_rib")
        #expect(prior.cookCount == 0 && prior.totalHoursFromGuide && prior.totalHoursMean == 3.5)
        for seed: UInt64 in [3, 11, 29] {
            let cook = simulatedCook(.primeRib, seed: seed)
            let truth = try #require(cook.truth)
            let est = ETAEstimator(targetCelsius: cook.targetCelsius, prior: prior)
            var checked = 0
            for r in cook.readings where r.elapsedSeconds <= 600 {
                est.update(r)
                let now = r.elapsedSeconds
                guard now >= 120, Int(now) % 60 == 0 || checked == 0 else { continue }
                let e = est.estimate(atSeconds: now)
                let finish = try #require(e.finishSeconds)
                let low = try #require(e.finishLowSeconds), high = try #require(e.finishHighSeconds)
                #expect(abs(finish - truth) < 0.4 * (truth - now), "seed \(seed) at \(now) s: \(e.message)")
                #expect(low <= truth && truth <= high, "seed \(seed) at \(now) s: \(low)-\(high) for \(truth)")
                if e.phase == .collectingData { #expect(e.message.contains("going by cooking guides"), "\(e.message)") }
                checked += 1
            }
            #expect(checked >= 5)
        }
    }

    /// A guide's time is for the cut's usual air and meat from the fridge: a leg of lamb (1.75 h at
    /// 175 C, to 60 C) in an oven steady at 110 C, the meat at 4 C, takes about twice that, and one
    /// at 20 C in an oven steady at 220 C less, as Newton's law scales a heating time. While the
    /// oven is still heating up it counts at its usual level at least.
    @Test func aGuideTimeFollowsThisCooksAirAndStart() throws {
        let lamb = try Self.shippedPrior(cut: "lamb")
        #expect(lamb.totalHoursFromGuide && lamb.totalHoursMean == 1.75 && lamb.ambientCelsius == 175)
        func usualHours(air: (Double) -> Double, start: Double) -> Double {
            let est = ETAEstimator(targetCelsius: 60, prior: lamb)
            for t in stride(from: 0.0, through: 900, by: 5) {
                est.update(Reading(elapsedSeconds: t, probeCelsius: start, ambientCelsius: air(t)))
            }
            est.refreshNow()
            return est.usualTotalSeconds(now: 900) / 3600
        }
        let guide = log((175.0 - 4) / (175 - 60))
        let cool = usualHours(air: { _ in 110 }, start: 4), hot = usualHours(air: { _ in 220 }, start: 20)
        // Within 3 %: the goal and the air ahead are the estimator's own, a few tenths off.
        #expect(abs(cool / (1.75 * log(106.0 / 50) / guide) - 1) < 0.03, "\(cool) h")
        #expect(cool > 3.2)
        #expect(abs(hot / (1.75 * log(200.0 / 160) / guide) - 1) < 0.03, "\(hot) h")
        #expect(hot < 1.0)
        let heating = usualHours(air: { t in 20 + t / 10 }, start: 4)
        #expect(abs(heating - 1.75) < 0.02, "\(heating) h")
    }

    /// Once a cut has learned cooks, what they took is the usual time, not the guide's.
    @Test func learnedCooksOutrankTheGuide() throws {
        let turkey = try Self.shippedPrior(cut: "turkey")
        #expect(turkey.cookCount > 0 && !turkey.totalHoursFromGuide)
        #expect(turkey.totalHoursMean != 3.5 && turkey.usualTimeSource == "past cooks")
        let unknown = FitPrior.resolve(cut: nil, priors: [])
        #expect(!unknown.knowsUsualTime)
    }

    /// A guide time that is not a number of hours a cook can take makes the cut file fail to load.
    @Test func aGuideTimeOutOfRangeIsRefused() {
        for hours in ["0", "-1", "150"] {
            let json = """
                {"cuts": [{"name": "x", "default_target_c": 60, "typical_ambient_c": 120, "guide_total_h": \(hours)}]}
                """
            #expect(throws: (any Error).self, "\(hours)") { try CutCatalog(jsonData: Data(json.utf8)) }
        }
    }
}
