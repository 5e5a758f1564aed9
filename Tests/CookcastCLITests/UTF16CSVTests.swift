import Foundation
import Testing

/// A canonical CSV saved as UTF-16 (a Windows tool's "Unicode" export) is read by `predict` and
/// `live --replay` as `import` reads it.
@Suite struct UTF16CSVTests {
    /// `predict FILE` and `live --replay FILE` said "not UTF-8 text", exit 65, for a file
    /// `import` read.
    @Test(arguments: [true, false])
    func predictAndReplayReadUTF16(littleEndian: Bool) async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let text = SpreadsheetCSVTests.plainText(lineEnd: "\r\n") + "\r\n"
        let bom: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let encoded = try #require(text.data(using: littleEndian ? .utf16LittleEndian : .utf16BigEndian))
        let path = box.directory + "/unicode.csv"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bom) + encoded))

        await SpreadsheetCSVTests.expectReadAsThePlainFile(path, box: box)
        // The same cook as import reads it: the replay carries the import's fingerprint.
        let imported = await box.run(["import", path])
        #expect(imported.out.contains("already recorded as session 1"), "\(imported.out) \(imported.err)")
    }
}
