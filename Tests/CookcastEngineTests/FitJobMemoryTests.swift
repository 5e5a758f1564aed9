import CookcastCore
import CookcastEngine
import CookcastFit
import CookcastStore
import Foundation
import Testing

/// `FitJob` keeps a summary per cook, not its readings, and the backtest reads each cook again
/// when it predicts it: the same summaries, priors and predictions as with every cook held.
@Suite struct FitJobMemoryTests {
    /// Finished cooks whose probe reached 60 C in a 110 C pit, and one that stopped short.
    func storeCooks() throws -> (SessionStore, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fitjob-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SessionStore(path: directory.appendingPathComponent("cookcast.db").path)
        for (i, (tau, hours)) in [(6_000.0, 3.0), (8_000, 4), (10_000, 5), (12_000, 6), (9_000, 0.5)].enumerated() {
            var readings: [Reading] = []
            var t = 0.0
            while t < hours * 3600 {
                let probe = 110 - 105 * exp(-t / tau) + (Double(Int(t) % 7) - 3) * 0.02
                readings.append(Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: 110 + Double(i) * 0.5))
                t += 5
            }
            let id = try store.createSession(
                SessionInfo(
                    startedAtUnixMs: Int64(i), cut: i % 2 == 0 ? "brisket" : "turkey", targetCelsius: 60,
                    source: "test",
                    status: .finished),
                channels: [ChannelInfo(channel: 1)])
            _ = try store.append(readings, session: id)
        }
        return (store, directory.path)
    }

    @Test func summariesAndBacktestMatchTheCooksHeldWhole() throws {
        let (store, directory) = try storeCooks()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let job = FitJob(store: store, catalog: CutCatalog(profiles: []))
        let (cooks, skipped) = try job.load(sessionIDs: [], cut: nil)
        #expect(cooks.map(\.sessionID) == [1, 2, 3, 4])
        #expect(skipped.map(\.sessionID) == [5])

        var held: [BacktestCook] = []
        for cook in cooks {
            let readings = try store.readings(session: cook.sessionID, channel: cook.channel)
            let finish = try #require(cook.finishSeconds)
            #expect(cook.readingCount == readings.count)
            #expect(cook.lastSeconds == readings.last?.elapsedSeconds)
            #expect(
                cook.summary
                    == PriorSet.summarize(
                        id: cook.id, readings: readings, targetCelsius: cook.targetCelsius, cut: cook.cut,
                        finishSeconds: finish))
            held.append(
                BacktestCook(
                    id: cook.id, cutName: cook.info.cut ?? "generic", cut: nil, readings: readings,
                    targetCelsius: cook.targetCelsius, trueFinishSeconds: finish))
        }
        #expect(try job.refit(cooks) == cooks.map(\.summary))

        let report = try job.backtest(cooks)
        let whole = Backtest.run(cooks: held, basePriors: [], leaveOneOut: true)
        #expect(report.predictions.count == 16)
        #expect(report.predictions == whole.predictions)
        #expect(report.trainingIDs == whole.trainingIDs)
        #expect(report.table() == whole.table())
    }
}
