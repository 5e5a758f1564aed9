import CookcastCore
import CookcastEngine
import CookcastStore
import Foundation
import Testing

/// A part of a cook and the whole of it are one cook: a `live --stdin` recording killed and never
/// resumed, then the logger's whole file imported. No content hash tells them (one is a part of
/// the other); the cook was learned from twice, and the backtest predicted it with itself in its
/// priors.
@Suite struct SameHeadTests {
    @Test func aCookAndItsPartAreLearnedFromOnce() throws {
        let box = try FitJobProbesTests.Box()
        defer { box.cleanup() }
        // A chicken reaching 74 C at about 4000 s, every 10 s, in 180 C air; its part reaches it too.
        let whole = stride(from: 0.0, through: 6000, by: 10).map { t in
            Reading(elapsedSeconds: t, probeCelsius: 180 - 175 * exp(-t / 8000), ambientCelsius: 180)
        }
        let part = Array(whole.prefix(whole.count * 9 / 10))
        let other = whole.map { r in
            var r = r
            r.probeCelsius = r.probeCelsius.map { $0 + 0.3 }
            return r
        }
        var ids: [Int64] = []
        for (index, readings) in [part, whole, other].enumerated() {
            let id = try box.store.createSession(
                SessionInfo(
                    startedAtUnixMs: Int64(index) * 86_400_000, cut: "chicken", targetCelsius: 74, source: "test",
                    status: .finished),
                channels: [ChannelInfo(channel: 1, name: "probe")])
            _ = try box.store.append(readings, session: id)
            ids.append(id)
        }
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        // The part is the whole's; another cook that differs by 0.3 C is a cook of its own.
        #expect(try job.sameCookSessions() == [ids[0]: ids[1]])
        let (cooks, skipped) = try job.load(sessionIDs: [], cut: nil)
        #expect(cooks.map(\.id) == ["s2", "s3"], "\(cooks.map(\.id))")
        #expect(skipped.map(\.reason) == [.sameCook(as: ids[1])])
    }
}
