import CookcastCore

/// How the readings `import --into` would add compare with those the session already stores at
/// the same channel and millisecond (the store's key: a reading stored there is kept, the file's
/// is not added).
///
/// The key is one reading of one probe, so two values of it can differ only by how a format
/// rounds them (whole Celsius 0.5 C at most, whole Fahrenheit 0.28 C). A temperature more than
/// `contradictionCelsius` from the stored one means the file's channel is another probe or another
/// cook: merged, its readings would sit between the stored ones on one curve (QA merged one
/// chicken's export into another chicken's session: 231 readings added, 286 at stored times, all
/// of them 5-8 C off). Such a file is refused (`contradicts`), however few of its readings
/// disagree: a minority would still put a second curve on the channel. Smaller differences (and
/// a battery level) are kept as stored and counted (`differingCount`). Readings at times the
/// session does not store cannot be compared: a file that shares no time with the session is
/// added as before.
///
/// ```swift
/// let overlap = try MergeOverlap(merge.readings) { channel, ms in
///     try store.reading(session: id, channel: channel, atMilliseconds: ms)
/// }
/// if overlap.contradicts { /* refuse, nothing stored */ }
/// ```
public struct MergeOverlap: Sendable {
    /// A reading of the file beside the one the session stores at its channel and millisecond.
    public struct Pair: Sendable {
        /// The file's reading, on the session's clock.
        public var file: Reading
        /// The session's reading at the same channel and millisecond.
        public var stored: Reading
    }

    /// Degrees Celsius a temperature may be from the stored one at its key and still be the same
    /// reading: more than a whole-degree rounding (0.5 C) can make, less than a second probe in
    /// the same meat or another cook usually is.
    public static let contradictionCelsius = 1.0

    /// Readings of the file at a channel and millisecond the session stores.
    public private(set) var storedCount = 0
    /// Of those, the ones with any value (temperature or battery) not the stored one, to 1e-9.
    public private(set) var differingCount = 0
    /// The first of the differing ones, in the file's order.
    public private(set) var firstDiffering: Pair?
    /// Of those, the ones with a temperature both have more than `contradictionCelsius` apart.
    public private(set) var contradictingCount = 0
    /// The first of the contradicting ones, in the file's order.
    public private(set) var firstContradicting: Pair?
    /// The readings of the file at times the session does not store, in the file's order: what
    /// an add stores (the others are the stored readings, as this format gives them).
    public private(set) var unstored: [Reading] = []

    /// Whether some reading of the file contradicts the stored one at its time: the file is not
    /// this session's cook (or not this channel's probe), and nothing of it is to be added.
    public var contradicts: Bool { contradictingCount > 0 }

    /// Compares `readings` (on the session's clock) with what `storedReading` gives for each one's
    /// channel and millisecond.
    public init(
        _ readings: [Reading], storedReading: (_ channel: Int, _ milliseconds: Int64) throws -> Reading?
    ) rethrows {
        for reading in readings {
            let ms = SessionClock.milliseconds(seconds: reading.elapsedSeconds)
            guard let stored = try storedReading(reading.channel, ms) else {
                unstored.append(reading)
                continue
            }
            storedCount += 1
            let pair = Pair(file: reading, stored: stored)
            if Self.differ(reading, stored) {
                differingCount += 1
                if firstDiffering == nil { firstDiffering = pair }
            }
            if Self.contradict(reading.probeCelsius, stored.probeCelsius)
                || Self.contradict(reading.ambientCelsius, stored.ambientCelsius)
            {
                contradictingCount += 1
                if firstContradicting == nil { firstContradicting = pair }
            }
        }
    }

    /// Whether any value of `a` is not `b`'s (a value one has and the other not included).
    private static func differ(_ a: Reading, _ b: Reading) -> Bool {
        !Reading.same(a.probeCelsius, b.probeCelsius, within: 1e-9)
            || !Reading.same(a.ambientCelsius, b.ambientCelsius, within: 1e-9)
            || !Reading.same(a.batteryPercent, b.batteryPercent, within: 1e-9)
    }

    /// Whether two temperatures both there are more than `contradictionCelsius` apart; a value
    /// only one has is less said, not something else.
    private static func contradict(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return false }
        return abs(a - b) > contradictionCelsius
    }
}
