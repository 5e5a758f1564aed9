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
            "\(file): \(Counted.words(count, "bad row")) (line\(firstLines.count == 1 ? "" : "s") \(lines)\(more))"
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
    /// The hash each cook was recognised by before (its files' bytes, or the hash a cookcast
    /// export carries), by its content hash: cooks imported that way are still recognised.
    public var earlierHashes: [String: String] = [:]

    /// A result.
    public init(cooks: [RecordedCook] = [], badRows: [BadRows] = [], notes: [String] = []) {
        self.cooks = cooks
        self.badRows = badRows.filter { $0.count > 0 }
        self.notes = notes
    }

    /// Total bad rows over all files.
    public var badRowCount: Int { badRows.reduce(0) { $0 + $1.count } }

    /// The result without values no thermometer can report (`Reading.plausiblePart`: a device's
    /// error code, a corrupt `52E80` C), with a note for each cook that lost some; a reading left
    /// with no temperature goes, and a cook left with no reading. Every reader goes through this,
    /// so no impossible value reaches the store.
    public func withoutImplausibleValues() -> ImportResult {
        var kept = self
        kept.cooks = []
        for var cook in cooks {
            var touched = 0
            var firstReason = ""
            func plausible(_ reading: Reading) -> Reading? {
                let (plausible, reason) = reading.plausiblePart()
                if let reason {
                    if touched == 0 { firstReason = reason }
                    touched += 1
                }
                return plausible
            }
            cook.readings = cook.readings.compactMap(plausible)
            cook.setAside = cook.setAside.compactMap(plausible)
            let name = cook.info.name ?? cook.info.source
            if touched > 0 {
                kept.notes.append("\(name): impossible values left out of \(touched) readings (\(firstReason))")
            }
            if cook.readings.isEmpty {
                kept.notes.append("\(name): no plausible reading, nothing imported")
            } else {
                kept.cooks.append(cook)
            }
        }
        return kept
    }

    /// The result with at most one reading per channel and millisecond in each cook's readings
    /// (the store's key), with a note for each cook that had more. Of the readings at one key the
    /// one with more temperatures stays, else the first; another with the same values is a
    /// duplicate and dropped ("N duplicate readings dropped"), one with other values goes to the
    /// cook's `setAside` (stored apart from the curve, never dropped: "N readings at a time another
    /// reading of the file holds, with other values, set aside"). Readings before time zero (a
    /// negative time: what `live --stdin` stores for a line from before the session's start,
    /// which its exports write) are kept at their times, with a note, so such a session's export
    /// imports back whole. Every reader goes through this.
    public func withoutDuplicateTimes() -> ImportResult {
        var kept = self
        for index in kept.cooks.indices {
            var cook = kept.cooks[index]
            var position: [[Int64]: Int] = [:]
            // The readings set aside at each key, to tell one repeated from another.
            var setAsideAt: [[Int64]: [Reading]] = [:]
            var readings: [Reading] = []
            readings.reserveCapacity(cook.readings.count)
            var duplicates = 0
            var setAside = 0
            var negative = 0
            for reading in cook.readings {
                let ms = SessionClock.milliseconds(seconds: reading.elapsedSeconds)
                let key = [Int64(reading.channel), ms]
                if let at = position[key] {
                    let held = readings[at]
                    let apartAtKey = setAsideAt[key, default: []]
                    if reading.holdsSameValues(as: held) || apartAtKey.contains(where: reading.holdsSameValues) {
                        duplicates += 1
                        continue
                    }
                    // The fuller of the two stays: a row that lost a value no thermometer reads
                    // ("600,-500,20") kept its air and pushed out the whole row at its time. The
                    // other is kept apart.
                    setAside += 1
                    let isFuller = Self.temperatureCount(reading) > Self.temperatureCount(held)
                    let apart = isFuller ? held : reading
                    if isFuller { readings[at] = reading }
                    cook.setAside.append(apart)
                    setAsideAt[key, default: []].append(apart)
                    continue
                }
                position[key] = readings.count
                readings.append(reading)
                if ms < 0 { negative += 1 }
            }
            cook.readings = readings
            let name = cook.info.name ?? cook.info.source
            if duplicates > 0 {
                kept.notes.append(
                    "\(name): \(Counted.words(duplicates, "duplicate reading")) dropped (the same values at the same time)"
                )
            }
            if setAside > 0 {
                kept.notes.append(
                    "\(name): \(Counted.words(setAside, "reading")) at a time another reading of the file holds, with "
                        + "other values, set aside (the one with more temperatures is the curve's, else the first; "
                        + "`cookcast export SESSION --set-aside` writes them)")
            }
            if negative > 0 {
                kept.notes.append(
                    "\(name): \(Counted.words(negative, "reading")) before time zero kept at \(negative == 1 ? "its" : "their") "
                        + "negative time\(negative == 1 ? "" : "s")")
            }
            kept.cooks[index] = cook
        }
        kept.cooks.removeAll { $0.readings.isEmpty }
        return kept
    }

    /// How many temperatures a reading holds (probe, air).
    private static func temperatureCount(_ reading: Reading) -> Int {
        (reading.probeCelsius == nil ? 0 : 1) + (reading.ambientCelsius == nil ? 0 : 1)
    }

    /// The result with each cook's content hash taken from its parsed readings
    /// (`ContentHash.of(readings:)`), the hash it had before kept in `earlierHashes`.
    public func hashedByReadings() -> ImportResult {
        var hashed = self
        for index in hashed.cooks.indices {
            let hash = ContentHash.of(readings: hashed.cooks[index].readings)
            if let earlier = hashed.cooks[index].info.contentHash, earlier != hash {
                hashed.earlierHashes[hash] = earlier
            }
            hashed.cooks[index].info.contentHash = hash
        }
        return hashed
    }

    /// Appends another result.
    public mutating func merge(_ other: ImportResult) {
        cooks += other.cooks
        badRows += other.badRows
        notes += other.notes
        earlierHashes.merge(other.earlierHashes) { first, _ in first }
    }
}
