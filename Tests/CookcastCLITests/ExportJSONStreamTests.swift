import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `export --format json` is written a chunk of readings at a time (`CookJSONWriter`), and its
/// bytes are those the whole-cook `JSONEncoder` gave before.
@Suite struct ExportJSONStreamTests {
    /// Three channels (one the pit's) with interleaved and equal times, missing values, a battery,
    /// events whose details hold quotes, slashes and the very key the writer cuts at, a vendor
    /// series and stored fits (which the export leaves out).
    func storeCook(in box: Sandbox) throws -> SessionStore {
        let store = try SessionStore(path: box.databasePath)
        let id = try store.createSession(
            SessionInfo(
                startedAtUnixMs: 1_700_000_000_123, endedAtUnixMs: 1_700_000_900_000, cut: "brisket",
                name: "the \"big\" one / ünïcode", targetCelsius: 95, weightKg: 5.5, probeId: "AA:BB",
                source: "import:combustion", notes: "line1\nline2", status: .imported, utcOffsetSeconds: 3600),
            channels: [
                ChannelInfo(channel: 1, name: "T1", role: .meat), ChannelInfo(channel: 2, name: "pit", role: .ambient),
                ChannelInfo(channel: 3, name: nil, role: .meat),
            ])
        var readings: [Reading] = []
        for i in 0..<300 {
            let t = Double(i) * 2.5
            readings.append(
                Reading(
                    channel: 1, elapsedSeconds: t, probeCelsius: 20 + Double(i) * 0.1, ambientCelsius: 110.25,
                    batteryPercent: i % 50 == 0 ? 87 : nil))
            if i % 2 == 0 {  // same times as channel 1: ties go by channel
                readings.append(Reading(channel: 2, elapsedSeconds: t, probeCelsius: nil, ambientCelsius: 109.5 + 1e-7))
            }
            if i % 3 == 1 {  // times of its own, some with no meat value
                readings.append(
                    Reading(
                        channel: 3, elapsedSeconds: t + 0.001, probeCelsius: i % 9 == 1 ? nil : 19.0 / 3,
                        ambientCelsius: i % 9 == 1 ? 108 : nil))
            }
        }
        _ = try store.append(readings, session: id)
        try store.append(
            SessionEvent(elapsedSeconds: 12.5, kind: .note, detail: #""readings" : [ a/b \ "#), session: id)
        try store.append(SessionEvent(elapsedSeconds: 30, kind: .probeInserted, channel: 1), session: id)
        try store.append(
            NamedSeries(
                name: NamedSeries.vendorPredictedRemainingSeconds, channel: 1,
                points: [.init(elapsedSeconds: 10, value: 3600), .init(elapsedSeconds: 20, value: 3590.5)]),
            session: id)
        try store.append(
            FitRecord(
                elapsedSeconds: 60, model: "conduction2", parameters: ["tau_s": 1234.5], etaSeconds: 9000,
                etaLowSeconds: 8000, etaHighSeconds: 10_000, phase: "predicting"),
            session: id)
        return store
    }

    /// What `export --format json` wrote before: the whole cook through one `JSONEncoder`.
    func wholeDocument(_ cook: RecordedCook) throws -> String {
        String(decoding: try CookJSONWriter.encoder().encode(cook), as: UTF8.self) + "\n"
    }

    @Test func chunkedDocumentIsByteIdenticalToTheWholeEncoding() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try storeCook(in: box)
        let cook = try #require(try store.cook(1))
        #expect(cook.readings.count > 400)
        let expected = try wholeDocument(cook)
        for chunkSize in [1, 7, 64, 4096] {
            var writer: CookJSONWriter?
            var text = ""
            let found = try store.cook(
                1, chunkSize: chunkSize,
                head: { head, _ in
                    writer = try CookJSONWriter(head: head)
                    text += writer?.opening ?? ""
                    return true
                },
                readings: { chunk in
                    #expect(chunk.count <= chunkSize)
                    text += try writer?.readings(chunk) ?? ""
                    return true
                })
            #expect(found)
            text += writer?.closing ?? ""
            #expect(text == expected, "chunks of \(chunkSize)")
        }
    }

    @Test func emptyCookIsByteIdenticalToo() throws {
        let cook = RecordedCook(info: SessionInfo(startedAtUnixMs: 0, source: "test"), channels: [], readings: [])
        let writer = try CookJSONWriter(head: cook)
        #expect(writer.opening + writer.closing == (try wholeDocument(cook)))
    }

    @Test func exportCommandWritesTheSameBytesToStandardOutputAndFiles() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try storeCook(in: box)
        let cook = try #require(try store.cook(1))
        let whole = try wholeDocument(cook)
        let out = await box.run(["export", "1", "--format", "json"])
        #expect(out.status == 0, "\(out.err)")
        #expect(out.out == whole)
        let path = box.directory + "/cook.json"
        #expect(await box.run(["export", "1", "--format", "json", "-o", path]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == whole)

        var pit = cook
        pit.readings = cook.readings.filter { $0.channel == 2 }
        pit.channels = cook.channels.filter { $0.channel == 2 }
        let one = await box.run(["export", "1", "--format", "json", "--channel", "2"])
        #expect(one.out == (try wholeDocument(pit)))

        let missing = await box.run(["export", "1", "--format", "json", "--channel", "7", "-o", path + ".x"])
        #expect(missing.status == 65)
        #expect(missing.err.contains("session 1 has no channel 7 (channels: 1, 2, 3)"))
        #expect(!FileManager.default.fileExists(atPath: path + ".x"))
        #expect(await box.run(["export", "9", "--format", "json"]).status == 65)

        // And it still imports, into another database, as the same readings (into this one it is
        // the session it came from: `ImportIntoSessionTests`).
        let other = box.directory + "/other.db"
        let imported = await box.run(["import", path, "--db", other])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(try SessionStore(path: other).cook(1)?.readings == cook.readings)
    }
}
