import CookcastCore
import Foundation
import Testing

@testable import CookcastImport

/// Re-imports are recognised by what the cook holds, not by the bytes of the file.
struct ImportDuplicateTests {
    static let options = ImportOptions(utcOffsetSeconds: 0, catalog: TestData.catalog)

    static func file(_ name: String, _ text: String) -> ImportFile {
        ImportFile(path: name, bytes: Array(text.utf8), modifiedAtUnixMs: 1_700_000_000_000)
    }

    static func cook(_ file: ImportFile) throws -> RecordedCook {
        try #require(try Importer(options: options).read(files: [file]).first?.result.cooks.first)
    }

    /// QA: the same cook with one extra trailing newline was stored twice (and counted twice by
    /// `fit`). Other bytes for the same readings hash the same; other readings do not.
    @Test func theSameReadingsInOtherBytesHashTheSame() throws {
        let text = "t_s,probe_c,ambient_c\n0,20,100\n60,21.5,100\n"
        let a = try Self.cook(Self.file("a.csv", text))
        let b = try Self.cook(Self.file("b.csv", text + "\n"))
        let c = try Self.cook(
            Self.file(
                "c.csv",
                text.replacingOccurrences(of: "\n", with: "\r\n")
                    .replacingOccurrences(of: "21.5", with: "21.50")))
        let other = try Self.cook(Self.file("d.csv", text.replacingOccurrences(of: "21.5", with: "21.6")))
        let missing = try Self.cook(Self.file("e.csv", text.replacingOccurrences(of: ",100\n60", with: ",\n60")))
        #expect(a.info.contentHash?.hasPrefix("readings:fnv1a64:") == true)
        #expect(a.info.contentHash == b.info.contentHash)
        #expect(a.info.contentHash == c.info.contentHash)
        #expect(a.info.contentHash != other.info.contentHash)
        #expect(a.info.contentHash != missing.info.contentHash)

        let sink = ImportBehaviourTests.MemorySink()
        let importer = Importer(options: Self.options)
        let first = try importer.store([a], into: sink)
        let second = try importer.store([b], into: sink)
        guard case .imported(let id, _) = first.first, case .duplicate(let existing, _, _) = second.first else {
            Issue.record("expected imported then duplicate, got \(first) then \(second)")
            return
        }
        #expect(id == existing)
    }

    /// A session imported before readings were hashed carries its file's byte hash: importing the
    /// same file again is still recognised.
    @Test func aCookImportedWithTheFileHashIsStillRecognised() throws {
        let file = Self.file("a.csv", "t_s,probe_c,ambient_c\n0,20,100\n60,21.5,100\n")
        var legacy = try Self.cook(file)
        legacy.info.contentHash = ContentHash.of([file])
        let sink = ImportBehaviourTests.MemorySink()
        _ = try sink.insertCook(legacy)
        let result = try Importer(options: Self.options).read(files: [file]).flatMap(\.result.cooks)
        let batch = try Importer(options: Self.options).read(files: [file])
        let earlier = batch.first?.result.earlierHashes ?? [:]
        let outcome = try Importer(options: Self.options).store(result, earlierHashes: earlier, into: sink)
        guard case .duplicate(let existing, _, _) = outcome.first else {
            Issue.record("expected a duplicate, got \(outcome)")
            return
        }
        #expect(existing == 1)
    }
}
