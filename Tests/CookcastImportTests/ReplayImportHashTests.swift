import CookcastCore
import CookcastIngest
import Foundation
import Testing

@testable import CookcastImport

/// A file `live --replay` plays gets the fingerprint `import` gives the same file
/// (`ReplayFile.importContentHash`), so a replayed shipped cook is known as the shipped one.
struct ReplayImportHashTests {
    /// Every real cook CSV: the hash from the replay's parsed readings is the import's, so the
    /// three shipped samples (and every other shipped cook) carry the hash `priors.json` lists.
    @Test(.enabled(if: TestData.available)) func aReplayedFileHashesAsItsImport() throws {
        let dir = (TestData.root ?? "") + "/cooks"
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".csv") }.sorted()
        #expect(names.count == 17)
        for name in names {
            let path = dir + "/" + name
            let imported = try #require(
                try Importer(options: ImportOptions(catalog: TestData.catalog)).read(paths: [path]).first?.result
                    .cooks.first)
            let replayed = try ReplayFile.load(path: path).importContentHash()
            #expect(replayed != nil && replayed == imported.info.contentHash, "\(name)")
        }
        let chicken = try ReplayFile.load(path: dir + "/heatledger_roast_chicken.csv").importContentHash()
        #expect(chicken == "readings:fnv1a64:f4d0dd39395d0169")
    }

    /// A hex log, decoded by the same decoder, with a packet that does not decode and a duplicate
    /// time: the import's hash too. JSON lines, which `import` does not read, get none.
    @Test func aHexLogHashesAsItsImportAndJSONLinesGetNone() throws {
        let packet = { (c: Double) in
            Hex.string(from: SeedProbeDecoder.encodeReading(probeCelsius: c, ambientCelsius: 110, batteryPercent: 90))
        }
        let text = "0 \(packet(20))\n10 \(packet(21))\n10 \(packet(22))\n20 0102\n30 \(packet(23))\n"
        let file = ImportFile(path: "cook.hex", bytes: Array(text.utf8), modifiedAtUnixMs: 0)
        let imported = try #require(
            try Importer(options: ImportOptions(), format: .hexlog).read(files: [file]).first?.result.cooks.first)
        let replay = try ReplayFile.parse(text: text, path: "cook.hex", format: .hexLog)
        #expect(replay.importContentHash() == imported.info.contentHash)
        #expect(imported.readings.count == 3)

        let lines = try ReplayFile.parse(text: "{\"t_s\":0,\"probe_c\":20}\n", path: "cook.jsonl", format: .jsonLines)
        #expect(lines.importContentHash() == nil)
    }
}
