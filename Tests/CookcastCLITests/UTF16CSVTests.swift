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
        let text =
            (["t_s,probe_c,ambient_c"] + SpreadsheetCSVTests.rows.map { "\($0.0),\($0.1),\($0.2)" })
            .joined(separator: "\r\n") + "\r\n"
        let plain = box.write("plain.csv", text)
        let bom: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let encoded = try #require(text.data(using: littleEndian ? .utf16LittleEndian : .utf16BigEndian))
        let path = box.directory + "/unicode.csv"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bom) + encoded))

        let predicted = await box.run(["predict", path, "--target", "74", "--format", "json"])
        #expect(predicted.status == 0, "\(predicted.err)")
        #expect(predicted.err.isEmpty, "\(predicted.err)")
        #expect(predicted.out == (await box.run(["predict", plain, "--target", "74", "--format", "json"])).out)
        let replayed = await box.run(["live", "--replay", path, "--target", "74", "--speed", "max", "--plain"])
        #expect(replayed.status == 0, "\(replayed.err)")
        #expect(replayed.out.contains("4 readings stored"), "\(replayed.out)")
        // The same cook as import reads it: the replay carries the import's fingerprint.
        let imported = await box.run(["import", path])
        #expect(imported.out.contains("already recorded as session 1"), "\(imported.out) \(imported.err)")
    }
}
