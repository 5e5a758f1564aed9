import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastImport

/// Imports into a real `SessionStore`: everything stored reads back the same, twice is a duplicate.
@Suite
struct StoreImportTests {
    static func temporaryStore() throws -> (SessionStore, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cookcast-import-\(UUID().uuidString).db"
        ).path
        return (try SessionStore(path: path), path)
    }

    @Test func everyRawFileStoresAndReadsBack() throws {
        let (store, path) = try Self.temporaryStore()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        var paths: [String] = []
        for repo in [
            "mschinis+combustion-inc-analyser", "DevinBerchtold+TempFit", "edwardspeyer+heat-ledger",
            "snelstim+Probe-ability", "fm75+sous-vide-temperature-study", "ManOnWire+BBQ",
        ] {
            paths += TestData.rawFiles(repo)
        }
        let importer = Importer(options: TestData.options)
        let outcomes = try importer.importFiles(paths, into: store)
        #expect(outcomes.count == 15)
        for outcome in outcomes {
            guard case .imported(let id, let cook) = outcome else {
                Issue.record("not imported: \(outcome.cook.info.name ?? "?")")
                continue
            }
            let stored = try #require(try store.cook(id))
            #expect(stored.readings.count == cook.readings.count)
            #expect(stored.channels == cook.channels)
            #expect(stored.events.count == cook.events.count)
            #expect(stored.series.map(\.points.count) == cook.series.map(\.points.count))
            #expect(stored.info.contentHash == cook.info.contentHash)
            #expect(stored.info.cut == cook.info.cut)
            #expect(stored.info.status == .imported)
            for ch in cook.channels.map(\.channel) {
                let a = try store.readings(session: id, channel: ch), b = cook.readings.filter { $0.channel == ch }
                #expect(a.count == b.count)
                #expect(
                    zip(a, b).allSatisfy {
                        close($0.probeCelsius, $1.probeCelsius, tolerance: 1e-9)
                            && close($0.ambientCelsius, $1.ambientCelsius, tolerance: 1e-9)
                            && abs($0.elapsedSeconds - $1.elapsedSeconds) < 0.0011
                    })
            }
        }
        // Source: ManOnWire/BBQ iGrill v2 export; importing the same files again writes nothing.
        let again = try importer.importFiles(TestData.rawFiles("ManOnWire+BBQ"), into: store)
        guard case .duplicate = again.first else {
            Issue.record("second import not detected as duplicate")
            return
        }
        #expect(try store.sessions().count == 15)
    }
}
