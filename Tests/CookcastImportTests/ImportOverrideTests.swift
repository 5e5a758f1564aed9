import CookcastCore
import Foundation
import Testing

@testable import CookcastImport

/// What the user says on the command line against what an import guesses from the file.
struct ImportOverrideTests {
    static func file(_ name: String, _ text: String) -> ImportFile {
        ImportFile(path: name, bytes: Array(text.utf8), modifiedAtUnixMs: 1_700_000_000_000)
    }

    static let text = "t_s,probe_c,ambient_c\n0,20,\n60,21.1,50\n120,24.4,50\n"

    /// QA: `import my_brisket.csv --cut pork_shoulder` stored cut brisket. The flag wins; the
    /// name is only the default when no cut is given.
    @Test(.enabled(if: TestData.catalog != nil)) func explicitCutWinsOverTheFileName() throws {
        let file = Self.file("my_brisket.csv", Self.text)
        let flagged = ImportOptions(cut: "pork_shoulder", utcOffsetSeconds: 0, catalog: TestData.catalog)
        let cook = try #require(try Importer(options: flagged).read(files: [file]).first?.result.cooks.first)
        #expect(cook.info.cut == "pork_shoulder")
        let guessed = try #require(
            try Importer(options: ImportOptions(utcOffsetSeconds: 0, catalog: TestData.catalog)).read(files: [file])
                .first?.result.cooks.first)
        #expect(guessed.info.cut == "brisket")
    }

    /// A Probe-ability export names its cook ("Beef Sirloin Rare" -> beef_roast); `--cut` still wins.
    @Test(.enabled(if: TestData.available && TestData.catalog != nil)) func explicitCutWinsOverTheFileLabel() throws {
        let path = TestData.raw("snelstim+Probe-ability", "cook_20260413_211003_probe1.csv")
        let plain = try Importer(options: ImportOptions(utcOffsetSeconds: 0, catalog: TestData.catalog))
            .readAll(paths: [path])
        #expect(plain.cooks.first?.info.cut == "beef_roast")
        let flagged = try Importer(
            options: ImportOptions(cut: "brisket", utcOffsetSeconds: 0, catalog: TestData.catalog)
        )
        .readAll(paths: [path])
        #expect(flagged.cooks.first?.info.cut == "brisket")
    }
}

extension ImportOverrideTests {
    /// A cookcast JSON export carries its session's cut; `--cut` still wins, as for every format.
    @Test func explicitCutWinsOverTheCutInACookcastJSONExport() throws {
        let cook = RecordedCook(
            info: SessionInfo(startedAtUnixMs: 0, cut: "brisket", source: "live:test", status: .finished),
            channels: [ChannelInfo(channel: 1)],
            readings: [
                Reading(elapsedSeconds: 0, probeCelsius: 20, ambientCelsius: 100),
                Reading(elapsedSeconds: 60, probeCelsius: 22, ambientCelsius: 100),
            ])
        let data = try JSONEncoder().encode(cook)
        let file = ImportFile(path: "cook.json", bytes: [UInt8](data))
        let flagged = ImportOptions(cut: "pork_shoulder", utcOffsetSeconds: 0, catalog: TestData.catalog)
        let read = try #require(
            try Importer(options: flagged, format: .json).read(files: [file]).first?.result.cooks.first)
        #expect(read.info.cut == "pork_shoulder")
        let plain = try #require(
            try Importer(options: ImportOptions(utcOffsetSeconds: 0), format: .json).read(files: [file]).first?.result
                .cooks.first)
        #expect(plain.info.cut == "brisket")
    }
}
