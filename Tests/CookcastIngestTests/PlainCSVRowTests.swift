import CookcastCore
import Foundation
import Testing
@testable import CookcastIngest

/// `PlainDecimal` gives `Double(String)`'s value to the bit, or leaves the text to it.
@Suite struct PlainDecimalTests {
    func value(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer(PlainDecimal.value)
    }

    /// Nil (left to `Double(_:)`) or the very Double `Double(String)` gives, sign of zero included.
    func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let fast = value(text) else { return }
        let slow = Double(text)
        #expect(
            slow?.bitPattern == fast.bitPattern, "\(text): \(fast) against \(String(describing: slow))",
            sourceLocation: sourceLocation)
    }

    @Test func plainFormsAreConvertedExactly() {
        let plain = [
            "0", "-0", "+0", "0.0", "-0.0", "00012", ".5", "5.", "+5", "+.5", "-.5", "-5.", "1e5", "1E5", "1e+5",
            "1e-5", "1.5e3", "12e-3", "-2.5E-2", "1e22", "1e-22", "1e0005", "0.1", "0.3", "20.1", "350.9",
            "110.12345678901234", "5.0834567890123457", "86399.5", "9007199254740992", "9007199254740993.0",
            "18014398509481986.0", "18014398509481990.0", "18014398509481986.1", "0.001234567890123456",
            "1234567890123456789e-19", "9999999999999999999e-1", "9999999999999999999e-19", "184467440737095516.5",
            "-273.15", "1000", "0.000123", "0.000000000000000001",
        ]
        for text in plain {
            #expect(value(text) != nil, "\(text) is plain")
            expectSame(text)
        }
        // Ties to even, exactly halfway between two Doubles: 2^53 + 1 and 2^54 + 2.
        #expect(value("9007199254740993.0") == 9_007_199_254_740_992)
        #expect(value("18014398509481986.0") == 18_014_398_509_481_984)
        #expect(value("-0")?.sign == .minus)
    }

    @Test func everyOtherFormIsLeftToDoubleInit() {
        let other = [
            "", "-", "+", ".", "e5", "5e", "5e+", "1.2.3", "1,5", " 5", "5 ", "5\r", "nan", "NaN", "-nan", "inf",
            "-inf", "infinity", "0x1p3", "0x10", "1_000", "1e400", "1e-400", "1e00005", "12345678901234567890",
            "3.14159265358979323846", "0.000000000000000000000000001e-300", "1e23", "\u{0663}", "5f", "++5",
            "-+5", "5e--1", "abc", "0e50", "123456789012345678e5",
            // Plain, but not one of the exact cases: 17 digits over 10^19, 20 digits (leading zeros
            // included), 10^-23.
            "0.0012345678901234567", "1844674407370955161.5", "0.0000000000000000000001", "1e-23",
        ]
        for text in other {
            #expect(value(text) == nil, "\(text) is left to Double(_:)")
        }
    }

    /// Numerals as loggers and Swift print them, and random digit strings with a point, a sign and
    /// an exponent anywhere: each converted one is `Double(String)`'s value to the bit.
    @Test func randomNumeralsMatchDoubleInit() {
        var random = SimulationRandom(seed: 7)
        var converted = 0
        let count = 20_000
        for _ in 0..<count {
            let magnitude = Double(sign: .plus, exponent: Int(random.next() % 80) - 40, significand: 1 + random.unit())
            let d = random.next() % 2 == 0 ? magnitude : -magnitude
            for text in ["\(d)", String(format: "%.17g", d), String(format: "%.15g", d), String(format: "%.3f", d)] {
                if value(text) != nil { converted += 1 }
                expectSame(text)
            }
            let digits = (0..<(1 + random.next() % 20)).map { _ in String(random.next() % 10) }.joined()
            let point = Int(random.next() % UInt64(digits.count + 1))
            var text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if random.next() % 3 == 0 { text = (random.next() % 2 == 0 ? "-" : "+") + text }
            if random.next() % 3 == 0 { text += "e\(Int(random.next() % 61) - 30)" }
            expectSame(text)
            expectSame(digits)
        }
        // The fast path is taken, not merely never wrong.
        #expect(converted > count * 3)
    }
}

/// Rows read from their bytes (`ReplayLineParser.plainCSVOutcome`) give what the text path
/// (`parseLine`) gives, line by line, to the bit; and `ReplayFile.parse` gives the events and
/// issues of the text path.
@Suite struct PlainCSVRowTests {
    /// The outcomes of `lines`, each through `parse(utf8:line:)` (bytes first) and `parseLine`.
    func outcomes(_ lines: [String], format: ReplayFormat? = .csv) -> (fast: [String], text: [String]) {
        var fast = ReplayLineParser(format: format)
        var text = ReplayLineParser(format: format)
        let viaBytes = lines.map { line in
            Array(line.utf8).withUnsafeBufferPointer { fast.parse(utf8: $0, line: { Substring(line) }) }
        }
        // Printed: Double's description tells every two Doubles apart, -0.0 from 0.0 too.
        return (viaBytes.map { "\($0)" }, lines.map { "\(text.parseLine(Substring($0)))" })
    }

    /// The old `ReplayFile.parse`: every line through the text path.
    func textPathFile(_ text: String, path: String) -> (events: [String], issues: [ReplayIssue]) {
        var parser = ReplayLineParser(format: ReplayFormat.from(path: path) ?? .csv)
        var events: [String] = []
        var issues: [ReplayIssue] = []
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            switch parser.parseLine(Substring(line)) {
            case .event(let e): events.append("\(e)")
            case .eventWithIssue(let e, let message):
                events.append("\(e)")
                issues.append(ReplayIssue(path: path, line: index + 1, message: message))
            case .issue(let message): issues.append(ReplayIssue(path: path, line: index + 1, message: message))
            case .untimedPacket, .skip: break
            }
        }
        return (events, issues)
    }

    static let oddFields = [
        "1e2", "+5", ".5", "5.", " 20.5 ", "\t7\t", "", "nan", "inf", "-inf", "NaN", "1e400", "-1e400", "1e-400",
        "0x1A", "0x1p3", "dead", "12345678901234567890123", "3.14159265358979323846", "-0", "-0.0", "20\r",
        "1001", "-274", "6553.5", "52E80", "150", "-1", "2", "65", "0", "007", "+1", "1.0", "x", "\u{00B0}",
        "110.12345678901234", "1e-3", "99.99999999999999",
    ]

    @Test func everyOddFieldInEveryColumnGivesTheTextPathsOutcome() {
        let headers = [
            "t_s,probe_c,ambient_c", "t_s,probe_f,ambient_f", "ambient_c,t_s,probe_c,battery_pct,channel",
            "t_s,probe_c,ambient_c,channel,battery_pct", "probe_c,x", "t_s,ambient_f",
        ]
        for header in headers {
            let columns = header.split(separator: ",").count
            var lines = [header, Array(repeating: "1", count: columns).joined(separator: ",")]
            for field in Self.oddFields {
                for column in 0..<columns {
                    var row = Array(repeating: "2", count: columns)
                    row[column] = field
                    lines.append(row.joined(separator: ","))
                }
            }
            let (fast, text) = outcomes(lines)
            for (index, line) in lines.enumerated() {
                #expect(fast[index] == text[index], "\(header): \(line)")
            }
        }
    }

    @Test func oddLinesGiveTheTextPathsOutcome() {
        let lines = [
            "t_s,probe_c,ambient_c", "0,20,100", "", "   ", "\r", "# a comment", "  # indented", "#\u{0301} mark",
            "\u{FEFF}1,20,100", "\u{FEFF}", "1,20,100\r", " 1 , 20 , 100 ", "1,20", "1,20,100,4", "1,20,100,",
            ",20,100", "1,,", "1,,100", "1,20,", "1,\u{00A0}20,100", "1;20;100", "{\"t_s\":1}", "a,b,c", "1,2,3\r\r",
            "1e10,20,100", "1e11,20,100", "-1e10,20,100", "1.5,20.25,100.125",
        ]
        let (fast, text) = outcomes(lines)
        for (index, line) in lines.enumerated() {
            #expect(fast[index] == text[index], "\(line.debugDescription)")
        }
        // Plain rows are read from their bytes: the comparison is not of the text path with itself.
        var parser = ReplayLineParser(format: .csv)
        _ = parser.parseLine("t_s,probe_c,ambient_c")
        for row in ["0,20,100", " 1.5 ,\t20.25,\r", "2,,100", "3,20,100\r"] {
            let viaBytes = Array(row.utf8).withUnsafeBufferPointer(parser.plainCSVOutcome)
            #expect(viaBytes != nil, "\(row.debugDescription) is read from its bytes")
        }
    }

    /// Random rows of numbers and junk, under random headers: the same outcome either way.
    @Test func randomRowsGiveTheTextPathsOutcome() {
        var random = SimulationRandom(seed: 11)
        let names = ["t_s", "probe_c", "probe_f", "ambient_c", "ambient_f", "channel", "battery_pct", "note"]
        for _ in 0..<200 {
            let count = 1 + Int(random.next() % 6)
            let header = (0..<count).map { _ in names[Int(random.next() % UInt64(names.count))] }
            var lines = random.next() % 4 == 0 ? [] : [header.joined(separator: ",")]
            for _ in 0..<50 {
                let fields = (0..<(count + (random.next() % 10 == 0 ? 1 : 0))).map { _ -> String in
                    switch random.next() % 4 {
                    case 0: Self.oddFields[Int(random.next() % UInt64(Self.oddFields.count))]
                    case 1: "\(Int(random.next() % 70))"
                    default: "\(random.unit() * 400 - 50)"
                    }
                }
                lines.append(fields.joined(separator: ","))
            }
            let (fast, text) = outcomes(lines)
            for (index, line) in lines.enumerated() {
                #expect(fast[index] == text[index], "\(header): \(line)")
            }
        }
    }

    @Test func aFileGivesTheTextPathsEventsAndIssuesWithTheirLineNumbers() throws {
        let text =
            "\u{FEFF}probe_f,t_s,ambient_f,channel\r\n# logger\r\n41,0,350,2\r\n\r\n41.5,1.5,nan,1\r\n42,x,351,1\r\n"
            + "42.25,3,351.75,65\r\n1e4,4,352,1\r\n42.5,5,+352.5e0,1\r\n42.75 , 6 , 353 , 003 \r\n\r\n"
        let file = try ReplayFile.parse(text: text, path: "f.csv")
        let expected = textPathFile(text, path: "f.csv")
        #expect(file.events.map { "\($0)" } == expected.events)
        #expect(file.issues == expected.issues)
        #expect(file.issues.map(\.line) == [5, 6, 7, 8], "\(file.issues)")
        #expect(file.readings().map(\.channel) == [2, 1, 1, 1, 3])
    }
}
