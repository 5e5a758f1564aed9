import Foundation
import Testing

/// Files whose rows are not in time order, and files with nothing usable, as `predict` and
/// `live --replay` read them (found by a sweep of malformed inputs).
@Suite struct ReplayTimeOrderTests {
    /// A chicken heating from 20 C in 200 C air, a row a minute, oldest first.
    static func rows(count: Int = 60) -> [String] {
        (0..<count).map { i in "\(i * 60),\(200 - 180 * exp(-Double(i) / 60)),200" }
    }

    /// QA: a log written newest first answered "collecting data", finish now, "0s" left, exit 0
    /// (every row after the first was dropped as late) and blamed values out of range.
    @Test func aFileWrittenNewestFirstIsBadDataInOneLine() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write(
            "reversed.csv", (["t_s,probe_c,ambient_c"] + Self.rows().reversed()).joined(separator: "\n") + "\n")
        for format in ["text", "seconds"] {
            let r = await box.run(["predict", file, "--target", "74", "--format", format])
            #expect(r.status == 65, "\(format): \(r.out)")
            #expect(r.out.isEmpty, "\(r.out)")
            #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
            let said = "its times run backwards (59 of 60 rows timed earlier than a row before them, from line 3)"
            #expect(r.err.contains(said), "\(r.err)")
        }
        let live = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--target", "74"])
        #expect(live.status == 65, "\(live.out)")
        #expect(live.err.contains("its times run backwards"), "\(live.err)")
    }

    /// Rows that arrive late (a clock stepped back, a logger's retry) are left out as live leaves
    /// out late readings, and said in one line; the prediction is made from the rest, the same
    /// as from the file without them.
    @Test func lateRowsAreSaidAndLeftOut() async {
        let box = Sandbox()
        defer { box.cleanup() }
        var rows = Self.rows()
        let clean = box.write("clean.csv", (["t_s,probe_c,ambient_c"] + rows).joined(separator: "\n") + "\n")
        rows.insert("600,95,200", at: 30)  // a minute 10 reading after minute 29's, far off the curve
        rows.insert("610,95,200", at: 31)
        let late = box.write("late.csv", (["t_s,probe_c,ambient_c"] + rows).joined(separator: "\n") + "\n")
        let a = await box.run(["predict", clean, "--target", "74", "--at", "2400", "--format", "seconds"])
        let b = await box.run(["predict", late, "--target", "74", "--at", "2400", "--format", "seconds"])
        #expect(a.status == 0 && b.status == 0, "\(b.err)")
        #expect(a.out == b.out)
        #expect(a.err.isEmpty, "\(a.err)")
        #expect(
            b.err == "warning: \(late): 2 rows are timed earlier than a row before them (the first at line 32): "
                + "left out of the estimate, as live leaves out readings that arrive late\n", "\(b.err)")
    }

    /// QA: a file whose every probe value is unusable printed five warnings, a count and then the
    /// error: seven lines for one bad file. The error alone now says it, in one line.
    @Test func aFileWithNoUsableProbeValueIsOneLine() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let rows = (0..<40).map { "\($0 * 10),nan,150" }
        let file = box.write("nan.csv", (["t_s,probe_c,ambient_c"] + rows).joined(separator: "\n") + "\n")
        let r = await box.run(["predict", file, "--target", "74"])
        #expect(r.status == 65)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains("no probe readings; 40 bad lines, the first at line 2: probe_c nan"), "\(r.err)")
    }
}
