import CookcastIngest

extension ReplayFile {
    /// Refuses a file whose times run backwards: more than half its rows timed earlier than a row
    /// before them (a log written newest first). Fed as it stands, every row after the first was
    /// left out as late, and `predict` answered "collecting data, 0 s left", exit 0.
    func rejectBackwardsTime() throws(CLIError) {
        guard lateRows.count * 2 > validRowCount, let line = lateRows.firstLine else { return }
        throw .data(
            "\(path): its times run backwards (\(lateRows.count) of \(validRowCount) rows timed earlier than a row "
                + "before them, from line \(line)): written newest first? sort it oldest first")
    }

    /// Says on stderr how its times were read (Unix times, `notes`) and what of the file the estimate leaves out: its broken lines (the first few,
    /// then how many more), and in one line its rows timed earlier than a row before them (as
    /// live leaves out readings that arrive late; they went unsaid).
    func reportLeftOut(console: any Console) {
        for note in notes { console.errorLine("note: \(note)") }
        let badLines = BadLineReporter(console: console)
        issues.forEach(badLines.report)
        badLines.finish()
        guard let line = lateRows.firstLine else { return }
        let rows = lateRows.count == 1 ? "1 row is" : "\(lateRows.count) rows are"
        console.errorLine(
            "warning: \(path): \(rows) timed earlier than a row before them (the first at line \(line)): "
                + "left out of the estimate, as live leaves out readings that arrive late")
    }
}
