import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

@Suite struct BacktestTests {
    func cooks() -> [BacktestCook] {
        [8000.0, 10_000, 12_000, 14_000].enumerated().map { i, tau in
            let c = SyntheticCook(tau: tau, faults: false)
            return BacktestCook(
                id: "cook\(i)", cutName: "prime_rib", cut: nil, readings: c.readings, targetCelsius: 54,
                trueFinishSeconds: c.trueFinish)
        }
    }

    @Test func leaveOneOutNeverTrainsOnTheTestedCook() {
        let all = cooks()
        let report = Backtest.run(cooks: all, fractions: [0.5, 0.75])
        #expect(report.predictions.count == all.count * 2)
        for c in all {
            let training = report.trainingIDs[c.id] ?? []
            #expect(!training.contains(c.id))
            #expect(Set(training) == Set(all.map(\.id)).subtracting([c.id]))
        }
        #expect(report.availability == 1)
        #expect(report.median(at: 0.75) < 0.1)
        #expect(report.table().contains("ALL"))
    }

    /// The probes of one cook (one session: the same pit, the same day) are left out together:
    /// predicting one of them, the priors learn from no probe of its cook, and from every probe of
    /// every other cook.
    @Test func leaveOneOutNeverTrainsOnAnotherProbeOfTheTestedCook() {
        // Cook A has three probes, cook B one, cook C two.
        let groups = ["A", "A", "A", "B", "C", "C"]
        let all = [8000.0, 9_000, 10_000, 12_000, 14_000, 11_000].enumerated().map { i, tau in
            let c = SyntheticCook(tau: tau, faults: false)
            return BacktestCook(
                id: "\(groups[i])\(i)", cutName: "prime_rib", cut: nil, readings: c.readings, targetCelsius: 54,
                trueFinishSeconds: c.trueFinish, group: groups[i])
        }
        let report = Backtest.run(cooks: all, fractions: [0.5])
        #expect(report.predictions.count == all.count)
        for c in all {
            let training = Set(report.trainingIDs[c.id] ?? [])
            let sameCook = Set(all.filter { $0.group == c.group }.map(\.id))
            #expect(training.isDisjoint(with: sameCook), "\(c.id) learned from \(training)")
            #expect(training == Set(all.map(\.id)).subtracting(sameCook), "\(c.id)")
        }
        // B's one probe learns from all five probes of A and C; each of A's from B's and C's.
        #expect(report.trainingIDs["B3"]?.count == 5)
        #expect(Set(report.trainingIDs["A0"] ?? []) == ["B3", "C4", "C5"])
    }

    /// Three probes in one brisket are one brisket: every probe's summary enters the mean, the
    /// count is of cooks (it weighs past cooks' stall against the physics).
    @Test func theProbesOfOneCookCountAsOneCook() {
        let one = (2...4).map { ch in
            CookSummary(id: "s1p\(ch)", cut: "brisket", parameters: ["total_h": Double(10 + ch)], group: "s1")
        }
        let other = CookSummary(id: "s2", cut: "brisket", parameters: ["total_h": 16])
        let brisket = PriorSet.learn(one + [other]).first { $0.cut == "brisket" }
        #expect(brisket?.cookCount == 2)
        let i = brisket?.parameterNames.firstIndex(of: "total_h") ?? 0
        #expect(brisket?.mean[i] == 13.75)  // (12 + 13 + 14 + 16) / 4
    }

    @Test func priorsRoundTripThroughJSONAndAggregate() throws {
        let sums = [
            CookSummary(id: "a", cut: "brisket", parameters: ["log_tau_s": 10, "stall_h": 2, "total_h": 11]),
            CookSummary(id: "b", cut: "brisket", parameters: ["log_tau_s": 11, "stall_h": 4, "total_h": 13]),
        ]
        let recs = PriorSet.learn(sums, updatedAtUnixMs: 1)
        #expect(recs.map(\.cut) == ["brisket", "generic"])
        let b = recs[0]
        let i = b.parameterNames.firstIndex(of: "stall_h")!
        #expect(abs(b.mean[i] - 3) < 1e-12)
        #expect(abs(b.covariance[i * b.parameterNames.count + i] - 2) < 1e-12)  // sample variance
        let data = try PriorSet.encode(recs, cooks: [], comment: "test")
        #expect(try PriorSet.decode(jsonData: data) == recs)
        let prior = FitPrior.resolve(
            cut: CutProfile(
                name: "brisket", defaultTargetCelsius: 95, safeMinimumCelsius: 63, typicalAmbientCelsius: 115,
                stalls: true),
            priors: recs)
        #expect(abs(prior.stallHoursMean - 3) < 1e-12)
        #expect(prior.cookCount == 2)
    }
}

/// The backtest over cooks whose readings are not held asks for each cook's once, when it
/// predicts it, and predicts what the backtest over cooks held whole does.
@Suite struct BacktestLoadingTests {
    @Test func readingsAreAskedForOneCookAtATimeWithTheSameReport() {
        let all = BacktestTests().cooks()
        let summaries = all.map {
            PriorSet.summarize(
                id: $0.id, readings: $0.readings, targetCelsius: $0.targetCelsius, cut: $0.cut,
                finishSeconds: $0.trueFinishSeconds)
        }
        var asked: [Int] = []
        let report = Backtest.run(
            cases: all.map(BacktestCase.init), summaries: summaries, fractions: [0.5, 0.75]
        ) { i in
            asked.append(i)
            return all[i].readings
        }
        #expect(asked == Array(all.indices))
        let whole = Backtest.run(cooks: all, fractions: [0.5, 0.75])
        #expect(report.predictions == whole.predictions)
        #expect(report.trainingIDs == whole.trainingIDs)
    }
}
