import CookcastCore

/// Rows of one file that could not be used: how many, and where (1-based line numbers).
public struct BadRows: Sendable, Hashable {
    /// The file.
    public var file: String
    /// Number of rows that failed to parse.
    public var count: Int
    /// The first few line numbers (at most `BadRows.maxLines`).
    public var firstLines: [Int]

    /// How many line numbers are kept.
    public static let maxLines = 5

    /// An empty tally for `file`.
    public init(file: String, count: Int = 0, firstLines: [Int] = []) {
        self.file = file
        self.count = count
        self.firstLines = firstLines
    }

    /// Counts one bad row at `line`.
    public mutating func add(line: Int) {
        count += 1
        if firstLines.count < Self.maxLines { firstLines.append(line) }
    }

    /// `file: 3 bad rows (lines 7, 9, 12)`.
    public var summary: String {
        let lines = firstLines.map(String.init).joined(separator: ", ")
        let more = count > firstLines.count ? ", ..." : ""
        return
            "\(file): \(count) bad row\(count == 1 ? "" : "s") (line\(firstLines.count == 1 ? "" : "s") \(lines)\(more))"
    }
}

/// What reading some files produced: the cooks, the rows that could not be used, and notes on
/// what was dropped or decided (sentinels, duplicates, detected pit probe, insertion).
public struct ImportResult: Sendable {
    /// One entry per session found.
    public var cooks: [RecordedCook]
    /// Files with rows that failed to parse (only files with at least one).
    public var badRows: [BadRows]
    /// One-line notes for the user.
    public var notes: [String]

    /// A result.
    public init(cooks: [RecordedCook] = [], badRows: [BadRows] = [], notes: [String] = []) {
        self.cooks = cooks
        self.badRows = badRows.filter { $0.count > 0 }
        self.notes = notes
    }

    /// Total bad rows over all files.
    public var badRowCount: Int { badRows.reduce(0) { $0 + $1.count } }

    /// The result without readings no thermometer can report (`Reading.implausibility`), with a
    /// note for each cook that lost some; a cook left with none is dropped. Every reader goes
    /// through this, so one corrupt value (`52E80` C) cannot reach the store.
    public func withoutImplausibleReadings() -> ImportResult {
        var kept = self
        kept.cooks = []
        for var cook in cooks {
            var dropped = 0
            var firstReason = ""
            cook.readings.removeAll { reading in
                guard let why = reading.implausibility else { return false }
                if dropped == 0 { firstReason = why }
                dropped += 1
                return true
            }
            let name = cook.info.name ?? cook.info.source
            if dropped > 0 {
                kept.notes.append("\(name): \(dropped) readings with impossible values left out (\(firstReason))")
            }
            if cook.readings.isEmpty {
                kept.notes.append("\(name): no plausible reading, nothing imported")
            } else {
                kept.cooks.append(cook)
            }
        }
        return kept
    }

    /// Appends another result.
    public mutating func merge(_ other: ImportResult) {
        cooks += other.cooks
        badRows += other.badRows
        notes += other.notes
    }
}
