import CookcastCore
import Foundation
import Testing

@testable import CookcastImport

/// `--input-unit f`: a file in Fahrenheit is the same cook as the one in Celsius.
struct ImportInputUnitTests {
    /// The iGrill pulled pork export (whole degrees Celsius) rewritten in whole degrees
    /// Fahrenheit, as QA's /tmp/qa5/igF.
    static func fahrenheitFiles() throws -> [ImportFile] {
        try TestData.rawFiles(RealExportTests.iGrill).filter { $0.hasSuffix(".csv") }.map { path in
            let text = String(decoding: try ImportFile(path: path).bytes, as: UTF8.self)
            // "\r\n" is one Character in Swift: split on the scalars.
            let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
                raw -> String in
                let line = String(String.UnicodeScalarView(raw.filter { $0 != "\r" }))
                guard let comma = line.lastIndex(of: ","), let c = Double(line[line.index(after: comma)...]) else {
                    return line
                }
                return line[...comma] + String(Int((c * 9 / 5 + 32).rounded()))
            }
            return ImportFile(path: path, bytes: Array(lines.joined(separator: "\r\n").utf8))
        }
    }

    /// QA: the insertion was found on the Fahrenheit numbers ("probe fell from 226 C (lying in the
    /// pit) to 45 C", at 1218 s instead of 1021 s) and 90 meat readings went to the pre-insertion
    /// series; conversion came after the reader's analysis.
    @Test func aFahrenheitIGrillExportGivesTheCelsiusSession() throws {
        guard TestData.available else { return }
        let celsius = try #require(
            try Importer(options: TestData.options).read(paths: TestData.rawFiles(RealExportTests.iGrill)).first?
                .result.cooks.first)
        var options = TestData.options
        options.inputUnit = .fahrenheit
        let batch = Importer(options: options).readEach(files: try Self.fahrenheitFiles())
        #expect(batch.failures.isEmpty)
        let group = try #require(batch.groups.first)
        let fahrenheit = try #require(group.result.cooks.first)

        #expect(fahrenheit.info.startedAtUnixMs == celsius.info.startedAtUnixMs)
        #expect(fahrenheit.events == celsius.events)
        #expect(fahrenheit.channels == celsius.channels)
        #expect(fahrenheit.readings.count == celsius.readings.count)
        // Whole degrees F are within 0.28 C of the whole degrees C they were made from.
        let apart = zip(fahrenheit.readings, celsius.readings).filter { f, c in
            f.channel != c.channel || f.elapsedSeconds != c.elapsedSeconds
                || !Self.close(f.probeCelsius, c.probeCelsius) || !Self.close(f.ambientCelsius, c.ambientCelsius)
        }
        #expect(apart.isEmpty, "\(apart.count) readings differ, the first \(String(describing: apart.first))")
        #expect(fahrenheit.series.map(\.name) == celsius.series.map(\.name))
        for (f, c) in zip(fahrenheit.series, celsius.series) {
            #expect(f.points.count == c.points.count)
            #expect(zip(f.points, c.points).allSatisfy { Self.close($0.value, $1.value) })
        }
        let insertion = group.result.notes.filter { $0.contains("probe insertion detected") }
        #expect(insertion == ["Pulled Pork: probe insertion detected 1021 s after the first reading"])
    }

    /// A Tappecue log in Fahrenheit is stored in Celsius.
    @Test func aFahrenheitTappecueLogIsStoredInCelsius() throws {
        let text = ",ElapsedTime,TBone,Bath\n0,0,41,131\n1,1,50,131\n2,2,59,132.8\n"
        var options = TestData.options
        options.inputUnit = .fahrenheit
        let cook = try #require(
            try Importer(options: options).read(files: [ImportFile(path: "t.csv", bytes: Array(text.utf8))]).first?
                .result.cooks.first)
        #expect(zip(cook.readings.compactMap(\.probeCelsius), [5.0, 10, 15]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(zip(cook.readings.compactMap(\.ambientCelsius), [55.0, 55, 56]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    private static func close(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return abs(a - b) <= 0.28
        default: return false
        }
    }
}
