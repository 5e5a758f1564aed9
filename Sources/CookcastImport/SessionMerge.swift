import CookcastCore

/// One cook's readings put on a stored session's clock, to be added to it
/// (`cookcast import FILE --into ID`): the readings a `live` run saved to a file when its database
/// was locked, or another probe's export of the same cook.
///
/// A format that dates its readings (a vendor export) is placed by its start against the
/// session's; elapsed times (canonical CSV, which is what `live` saves) are taken to be on the
/// session's clock already. A dated file whose first readings are already stored at their own
/// times (and not at the shifted ones) is the session's own cook in another format, whatever its
/// start says, and is taken on its own times too (`sameCookApartSeconds`). Readings that fall
/// before the session's start are kept at their negative times, as `live --stdin` stores a line
/// from before it (and saves one when its database is locked), and counted (`beforeStartCount`).
///
/// ```swift
/// let merge = try SessionMerge(cook: cook, format: .json, session: stored) { channel, ms in
///     try store.reading(session: stored.id!, channel: channel, atMilliseconds: ms)
/// }
/// let added = try store.addReadings(merge.readings, channels: merge.channels, session: stored.id!)
/// ```
public struct SessionMerge: Sendable {
    /// The readings to add, on the session's clock, in time order.
    public var readings: [Reading]
    /// The cook's readings set aside (`RecordedCook.setAside`), on the session's clock: added
    /// after `readings`, each kept apart at its time.
    public var setAside: [Reading]
    /// The cook's channels (the session keeps its own for those it has).
    public var channels: [ChannelInfo]
    /// Seconds added to the file's times to put them on the session's clock.
    public var shiftSeconds: Double
    /// Readings that fall before the session's start (kept, at negative times).
    public var beforeStartCount: Int
    /// When the file is the session's own cook (its first readings stored at their own times),
    /// how far its start is from the session's, in seconds (file minus session); nil otherwise.
    /// A canonical CSV's import starts at the file's modification time, not at the cook's: the
    /// JSON export of the same cook recorded by `live` was placed 5 min 15 s into such a session
    /// and every one of its 517 readings stored twice.
    public var sameCookApartSeconds: Double?

    /// How many of the file's first readings are looked up to tell the session's own cook.
    static let sameCookSampleSize = 16

    /// Places `cook`, read as `format`, on `session`'s clock, with no look at what it stores.
    public init(cook: RecordedCook, format: ImportFormat, session: SessionInfo) {
        self.init(cook: cook, format: format, session: session) { _, _ in nil }
    }

    /// Places `cook`, read as `format`, on `session`'s clock; `storedReading` gives the reading
    /// the session stores for a channel at a millisecond of its clock, if any.
    public init(
        cook: RecordedCook, format: ImportFormat, session: SessionInfo,
        storedReading: (_ channel: Int, _ milliseconds: Int64) throws -> Reading?
    ) rethrows {
        let clockShift =
            format.datesReadings ? Double(cook.info.startedAtUnixMs - session.startedAtUnixMs) / 1000 : 0
        shiftSeconds = clockShift
        if clockShift != 0 {
            let sample = cook.readings.prefix(Self.sameCookSampleSize)
            if try Self.isStored(sample, shiftedBy: 0, storedReading),
                try !Self.isStored(sample, shiftedBy: clockShift, storedReading)
            {
                shiftSeconds = 0
                sameCookApartSeconds = clockShift
            }
        }
        let shift = shiftSeconds
        readings = cook.readings.map { $0.shifted(bySeconds: shift) }
        setAside = cook.setAside.map { $0.shifted(bySeconds: shift) }
        beforeStartCount = readings.count { SessionClock.milliseconds(seconds: $0.elapsedSeconds) < 0 }
        channels = cook.channels
    }

    /// Whether every reading of `sample` (not empty), moved by `shift` seconds, is stored with
    /// the same temperatures at its millisecond (the store's key).
    private static func isStored(
        _ sample: ArraySlice<Reading>, shiftedBy shift: Double,
        _ storedReading: (_ channel: Int, _ milliseconds: Int64) throws -> Reading?
    ) rethrows -> Bool {
        guard !sample.isEmpty else { return false }
        for reading in sample {
            let seconds = reading.elapsedSeconds + shift
            guard let stored = try storedReading(reading.channel, SessionClock.milliseconds(seconds: seconds)),
                same(stored.probeCelsius, reading.probeCelsius), same(stored.ambientCelsius, reading.ambientCelsius)
            else { return false }
        }
        return true
    }

    /// Two temperatures that are the same value (to 0.001 C: every format writes at least that).
    private static func same(_ a: Double?, _ b: Double?) -> Bool { Reading.same(a, b, within: 0.001) }
}
