import CookcastCore

/// One cook's readings put on a stored session's clock, to be added to it
/// (`cookcast import FILE --into ID`): the readings a `live` run saved to a file when its database
/// was locked, or another probe's export of the same cook.
///
/// A format that dates its readings (a vendor export) is placed by its start against the
/// session's; elapsed times (canonical CSV, which is what `live` saves) are taken to be on the
/// session's clock already. Readings that would fall before the session's start are left out
/// (session times start at 0).
///
/// ```swift
/// let merge = SessionMerge(cook: cook, format: .csv, session: stored)
/// let added = try store.addReadings(merge.readings, channels: merge.channels, session: stored.id!)
/// ```
public struct SessionMerge: Sendable {
    /// The readings to add, on the session's clock, in time order.
    public var readings: [Reading]
    /// The cook's channels (the session keeps its own for those it has).
    public var channels: [ChannelInfo]
    /// Seconds added to the file's times to put them on the session's clock.
    public var shiftSeconds: Double
    /// Readings left out because they fall before the session's start.
    public var beforeStartCount: Int

    /// Places `cook`, read as `format`, on `session`'s clock.
    public init(cook: RecordedCook, format: ImportFormat, session: SessionInfo) {
        shiftSeconds =
            format.datesReadings ? Double(cook.info.startedAtUnixMs - session.startedAtUnixMs) / 1000 : 0
        var kept: [Reading] = []
        kept.reserveCapacity(cook.readings.count)
        for var reading in cook.readings {
            reading.elapsedSeconds += shiftSeconds
            if reading.elapsedSeconds >= 0 { kept.append(reading) }
        }
        readings = kept
        beforeStartCount = cook.readings.count - kept.count
        channels = cook.channels
    }
}
