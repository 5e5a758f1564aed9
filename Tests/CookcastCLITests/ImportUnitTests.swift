import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `cookcast import --input-unit`: temperatures of formats whose files do not say their unit.
@Suite struct ImportUnitTests {
    /// The ManOnWire/BBQ iGrill pulled pork export (whole degrees Celsius) rewritten in whole
    /// degrees Fahrenheit, as QA's /tmp/qa2/igf: no unit column says which.
    static func fahrenheitExport(_ box: Sandbox) throws -> String {
        let source = SharedData.root + "/raw/ManOnWire+BBQ"
        let dir = box.directory + "/igf"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source) where name.hasSuffix(".csv") {
            let text = try String(contentsOfFile: source + "/" + name, encoding: .utf8)
            // "\r\n" is one Character in Swift: split on the scalars.
            let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
                raw -> String in
                let line = String(String.UnicodeScalarView(raw.filter { $0 != "\r" }))
                guard let comma = line.lastIndex(of: ","), let c = Double(line[line.index(after: comma)...]) else {
                    return line
                }
                return line[...comma] + String(Int((c * 9 / 5 + 32).rounded()))
            }
            _ = box.write("igf/" + name, lines.joined(separator: "\n"))
        }
        return dir
    }

    /// QA: the Fahrenheit export was stored as Celsius (`max probe 190.0 C`) without a word.
    @Test func aFahrenheitExportIsNotedAndReadWithInputUnitF() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let dir = try Self.fahrenheitExport(box)
        let plain = await box.run(["import", dir, "--dry-run"])
        #expect(plain.status == 0, "\(plain.err)")
        #expect(plain.err.contains("which no meat reaches: if the file is in Fahrenheit"), "\(plain.err)")
        #expect(plain.err.contains("--input-unit f"), "\(plain.err)")

        let celsius = await box.run(["import", SharedData.root + "/raw/ManOnWire+BBQ", "--db", box.directory + "/c.db"])
        #expect(celsius.status == 0, "\(celsius.err)")
        #expect(!celsius.err.contains("--input-unit"), "\(celsius.err)")
        let r = await box.run(["import", dir, "--input-unit", "f"])
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.err.contains("which no meat reaches"), "\(r.err)")
        let inF = try #require(try SessionStore(path: box.databasePath, readOnly: true).sessions().first)
        let inC = try #require(try SessionStore(path: box.directory + "/c.db", readOnly: true).sessions().first)
        let maxF = try #require(inF.maxProbeCelsius), maxC = try #require(inC.maxProbeCelsius)
        #expect(abs(maxF - maxC) < 0.3, "\(maxF) vs \(maxC)")  // whole degrees F: 0.28 C apart at most

        let bad = await box.run(["import", dir, "--input-unit", "k"])
        #expect(bad.status == 64)
    }

    /// A format that states its unit (the canonical CSV's `probe_c`) ignores --input-unit, with a note.
    @Test func aFormatThatStatesItsUnitIgnoresInputUnit() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,100\n60,21,100\n")
        let r = await box.run(["import", path, "--input-unit", "f"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("--input-unit ignored, csv files say their unit"), "\(r.err)")
        let readings = try SessionStore(path: box.databasePath, readOnly: true).readings(session: 1)
        #expect(readings.first?.probeCelsius == 20)
    }
}
