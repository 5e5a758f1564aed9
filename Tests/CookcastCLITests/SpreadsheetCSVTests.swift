import Foundation
import Testing

/// CSV files as spreadsheets and other tools save them: `import` detects, and `predict`,
/// `live --replay` and `import` read, what a user's file holds, as one another read it.
@Suite struct SpreadsheetCSVTests {
    /// A short cook's rows, `t_s,probe_c,ambient_c`.
    static let rows = [(0, "20.5", "110.0"), (60, "21.5", "111.0"), (120, "23.0", "112.5"), (180, "24.5", "112.0")]

    /// `rows` as a plain canonical CSV, lines ending in `lineEnd`.
    static func plainText(lineEnd: String = "\n") -> String {
        (["t_s,probe_c,ambient_c"] + rows.map { "\($0.0),\($0.1),\($0.2)" }).joined(separator: lineEnd)
    }

    /// Expects `predict` to read `path` as it reads the plain file of `rows` (the same JSON, no
    /// warning) and `live --replay` to store its 4 readings.
    static func expectReadAsThePlainFile(_ path: String, box: Sandbox) async {
        let plain = box.write("plain.csv", plainText())
        let predicted = await box.run(["predict", path, "--target", "74", "--format", "json"])
        #expect(predicted.status == 0, "\(predicted.err)")
        #expect(predicted.err.isEmpty, "\(predicted.err)")
        #expect(predicted.out == (await box.run(["predict", plain, "--target", "74", "--format", "json"])).out)
        let replayed = await box.run(["live", "--replay", path, "--target", "74", "--speed", "max", "--plain"])
        #expect(replayed.status == 0, "\(replayed.err)")
        #expect(replayed.out.contains("4 readings stored"), "\(replayed.out)")
    }

    /// `import` detected a canonical CSV by `t_s,probe_c` or `t_s,probe_f` at its very start, so
    /// a header that `predict` and `live --replay` read (columns in another order, capitals,
    /// spaces, quotes: LibreOffice's "quote all text cells") was "unknown format", exit 65.
    @Test func importDetectsEveryHeaderThatReplayReads() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let headers = [
            "t_s,ambient_c,probe_c", "T_S,Probe_C,Ambient_C", "t_s, probe_c, ambient_c",
            "\"t_s\",\"probe_c\",\"ambient_c\"", "channel,t_s,probe_c,ambient_c",
        ]
        for (index, header) in headers.enumerated() {
            let names = header.lowercased().replacingOccurrences(of: "\"", with: "")
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let body = Self.rows.map { row in
                names.map { name -> String in
                    switch name {
                    case "t_s": return String(row.0 + index)
                    case "probe_c": return row.1
                    case "ambient_c": return row.2
                    default: return "1"
                    }
                }.joined(separator: ",")
            }
            let file = box.write("cook\(index).csv", ([header] + body).joined(separator: "\n") + "\n")
            let result = await box.run(["import", file, "--cut", "chicken"])
            #expect(result.status == 0, "\(header): \(result.err)")
            #expect(result.out.contains("imported as session \(index + 1)"), "\(header): \(result.out)")
            let export = await box.run(["export", String(index + 1)])
            #expect(export.out.contains("\(60 + index).0,21.5,111.0"), "\(header): \(export.out)")
        }
    }

    /// Values in double quotes (LibreOffice's "quote all text cells" quotes numbers kept as text;
    /// pandas' `QUOTE_ALL`) were not numbers: every row a bad line, "no valid rows", exit 65.
    @Test func quotedValuesAreRead() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let body = Self.rows.map { "\"\($0.0)\",\"\($0.1)\",\"\($0.2)\"" }
        let file = box.write("quoted.csv", (["\"t_s\",\"probe_c\",\"ambient_c\""] + body).joined(separator: "\n"))
        await Self.expectReadAsThePlainFile(file, box: box)
        let imported = await box.run(["import", box.directory + "/plain.csv"])
        #expect(imported.out.contains("already recorded as session 1"), "\(imported.out) \(imported.err)")
    }

    /// A spreadsheet saved where the comma is the decimal mark (Excel or LibreOffice in German,
    /// French...): `;` between fields, `21,5` for 21.5. It was "no valid rows (expected CSV
    /// t_s,probe_c,ambient_c, ...)" for `predict` and `live --replay`, "unknown format" for `import`.
    @Test func semicolonsAndDecimalCommasAreRead() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let comma = { (text: String) in text.replacingOccurrences(of: ".", with: ",") }
        let body = Self.rows.map { "\($0.0);\(comma($0.1));\(comma($0.2))" }
        let file = box.write(
            "europe.csv", "\u{FEFF}" + (["t_s;probe_c;ambient_c"] + body).joined(separator: "\r\n") + "\r\n")
        let imported = await box.run(["import", file])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.contains("imported as session 1"), "\(imported.out)")
        #expect((await box.run(["export", "1"])).out.contains("60.0,21.5,111.0"))
        await Self.expectReadAsThePlainFile(file, box: box)
        // A thousands separator is no number, never a silent other one.
        let grouped = box.write("grouped.csv", "t_s;probe_c;ambient_c\n0;20,5;110\n1.200,5;21,5;111\n")
        let odd = await box.run(["predict", grouped, "--target", "74"])
        #expect(odd.err.contains("grouped.csv:3: t_s is not a finite number"), "\(odd.err)")
    }

    /// `import` read a file with `FileManager.contents(atPath:)`, nil for a FIFO or a process
    /// substitution (`import <(zcat cook.csv.gz)`), which `predict` and `live --replay` read:
    /// "cannot read file", exit 66; a missing file said the same, and an empty one "unknown format".
    @Test func importReadsAFIFOAndNamesAMissingOrEmptyFile() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let text = Self.plainText()
        let fifo = box.directory + "/cook.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data(text.utf8))
                try? handle.close()
            }
        }
        writer.start()
        let imported = await box.run(["import", fifo, "--cut", "chicken"])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.contains("imported as session 1"), "\(imported.out)")
        let missing = await box.run(["import", box.directory + "/gone.csv"])
        #expect(missing.status == 66)
        #expect(missing.err.contains("gone.csv: no such file"), "\(missing.err)")
        let empty = await box.run(["import", box.write("empty.csv", "")])
        #expect(empty.status == 65)
        #expect(empty.err.contains("empty.csv: empty file"), "\(empty.err)")
    }
}
