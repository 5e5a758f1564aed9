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
        let ids = try Self.store(box, [part, whole, other], cut: "chicken", target: 74)
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        // The part is the whole's; another cook that differs by 0.3 C is a cook of its own.
        #expect(try job.sameCookSessions() == [ids[0]: ids[1]])
        let (cooks, skipped) = try job.load(sessionIDs: [], cut: nil)
        #expect(cooks.map(\.id) == ["s2", "s3"], "\(cooks.map(\.id))")
        #expect(skipped.map(\.reason) == [.sameCook(as: ids[1])])
    }

    /// QA: a whole-degree logger every 60 s, from the fridge, gives two different briskets the
    /// same first 8 probe readings (4 C for the first 10 minutes); they were one cook and the
    /// second was never learned from. The head only finds candidates: two sessions are one cook
    /// when their probe values agree over their whole overlap (the same cook stored with and
    /// without its air is still one cook).
    @Test func twoCooksFromTheFridgeWithOneHeadAreTwoCooks() throws {
        let box = try FitJobProbesTests.Box()
        defer { box.cleanup() }
        func brisket(pit: Double, tauHours: Double, hours: Double, ambient: Bool) -> [Reading] {
            stride(from: 0.0, through: hours * 3600, by: 60).map { t in
                let x = max(0, t - 600)
                let probe = (pit - (pit - 4) * exp(-x / (tauHours * 3600))).rounded()
                let air = (pit + 3 * sin(t / 900)).rounded()
                return Reading(elapsedSeconds: t, probeCelsius: probe, ambientCelsius: ambient ? air : nil)
            }
        }
        // The two briskets' probes part at 11 min; each is stored with its air and without.
        let cooks = [
            brisket(pit: 110, tauHours: 5, hours: 14, ambient: true),
            brisket(pit: 135, tauHours: 3.5, hours: 10, ambient: true),
            brisket(pit: 110, tauHours: 5, hours: 14, ambient: false),
            brisket(pit: 135, tauHours: 3.5, hours: 10, ambient: false),
        ]
        #expect(cooks[0].prefix(8).map(\.probeCelsius) == cooks[1].prefix(8).map(\.probeCelsius))
        let ids = try Self.store(box, cooks, cut: "brisket", target: 95)
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        #expect(try job.sameCookSessions() == [ids[2]: ids[0], ids[3]: ids[1]])
    }

    /// A recording killed between two channels' rows of one moment is still a part of the cook:
    /// at the shorter session's last moment, only the readings both hold are compared.
    @Test func aPartCutBetweenTwoChannelsIsStillThePart() throws {
        let box = try FitJobProbesTests.Box()
        defer { box.cleanup() }
        let whole = stride(from: 0.0, through: 6000, by: 10).flatMap { t in
            [1, 2].map { channel in
                Reading(
                    channel: channel, elapsedSeconds: t,
                    probeCelsius: 180 - (176 - Double(channel)) * exp(-t / 8000), ambientCelsius: 180)
            }
        }
        let part = Array(whole.prefix(whole.count * 9 / 10))  // ends on channel 1 of a moment
        let ids = try Self.store(
            box, [part, whole], cut: "chicken", target: 74,
            channels: [ChannelInfo(channel: 1, name: "probe"), ChannelInfo(channel: 2, name: "probe 2")])
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        #expect(try job.sameCookSessions() == [ids[0]: ids[1]])
    }

    /// A vendor's raw export and the canonical CSV made from it are one cook: the raw file holds
    /// its sensors' channels and its air on a channel of its own, the CSV the air beside the probe.
    /// Compared whole they were two cooks, each in the other's leave-one-out priors (the backtest
    /// went from 68 cases to 80, the pan steak @25 to 0.000).
    @Test func aVendorExportAndItsCanonicalCSVAreOneCook() throws {
        let box = try FitJobProbesTests.Box()
        defer { box.cleanup() }
        let times = stride(from: 0.0, through: 1800, by: 5)
        func probe(_ t: Double) -> Double { (15 + 30 * (1 - exp(-t / 900)) * 100).rounded() / 100 }
        let canonical = times.map { Reading(elapsedSeconds: $0, probeCelsius: probe($0), ambientCelsius: 80) }
        let raw = times.flatMap { t in
            [
                Reading(elapsedSeconds: t, probeCelsius: probe(t), ambientCelsius: nil),
                Reading(channel: 2, elapsedSeconds: t, probeCelsius: probe(t) + 7, ambientCelsius: nil),
                Reading(channel: 9, elapsedSeconds: t, probeCelsius: nil, ambientCelsius: 80.5),
            ]
        }
        let ids = try Self.store(box, [raw, canonical], cut: "steak", target: 46)
        let job = FitJob(store: box.store, catalog: CutCatalog(profiles: []))
        #expect(try job.sameCookSessions() == [ids[1]: ids[0]])
    }

    /// Stores each of `cooks` as a finished session of `cut` to `target` C, a day apart, on
    /// `channels`: their ids, in order.
    static func store(
        _ box: FitJobProbesTests.Box, _ cooks: [[Reading]], cut: String, target: Double,
        channels: [ChannelInfo] = [ChannelInfo(channel: 1, name: "probe")]
    ) throws -> [Int64] {
        try cooks.enumerated().map { index, readings in
            let id = try box.store.createSession(
                SessionInfo(
                    startedAtUnixMs: Int64(index) * 86_400_000, cut: cut, targetCelsius: target, source: "test",
                    status: .finished),
                channels: channels)
            _ = try box.store.append(readings, session: id)
            return id
        }
    }
}
