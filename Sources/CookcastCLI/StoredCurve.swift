import CookcastCore

/// A file's readings as `live` keeps its curve: the first reading at each channel and millisecond
/// (the store's key, `SessionClock.milliseconds`). A later one at that key is the same reading
/// again (a duplicate, skipped) or, with other values, set aside (`set_aside_readings`); the live
/// view, alarms and ETA follow neither.
struct StoredCurve {
    /// The readings `live` follows, in the file's order.
    let readings: [Reading]
    /// How many readings, at a key an earlier one holds, had other values (`live` sets them aside),
    /// but for those timed earlier than a reading before them (said as late rows,
    /// `ReplayFile.reportLeftOut`).
    let setAsideCount: Int
    /// The time of the first of them, seconds (nil without any).
    let firstSetAsideSeconds: Double?

    /// Keeps the first reading at each key of `file`'s readings, in order.
    init(_ file: [Reading]) {
        var kept: [Reading] = []
        kept.reserveCapacity(file.count)
        // Each key's readings so far, stored or set aside: one with the same values as any is a
        // duplicate, as the store has it.
        var atKey: [[Int64]: [Reading]] = [:]
        var setAside = 0
        var firstSetAside: Double?
        var latestSeconds = -Double.infinity
        for reading in file {
            let isLate = reading.elapsedSeconds < latestSeconds
            latestSeconds = max(latestSeconds, reading.elapsedSeconds)
            let key = [Int64(reading.channel), SessionClock.milliseconds(seconds: reading.elapsedSeconds)]
            guard let earlier = atKey[key] else {
                atKey[key] = [reading]
                kept.append(reading)
                continue
            }
            if earlier.contains(where: reading.holdsSameValues) { continue }
            atKey[key, default: []].append(reading)
            if !isLate {
                setAside += 1
                firstSetAside = firstSetAside ?? reading.elapsedSeconds
            }
        }
        readings = kept
        setAsideCount = setAside
        firstSetAsideSeconds = firstSetAside
    }

    /// Says on stderr, in one line, how many readings of the file at `path` are left out as set
    /// aside: `predict` fed them to the estimate without a word, where `live` replaying the file
    /// follows the first reading at each time.
    func reportSetAside(of path: String, console: any Console) {
        guard let first = firstSetAsideSeconds else { return }
        console.errorLine(
            "warning: \(path): \(Counted.words(setAsideCount, "reading")) at a time another reading of the same "
                + "probe holds, with other values (the first at \(DurationFormat.clock(first))): left out of the "
                + "estimate, as live sets them aside")
    }
}
