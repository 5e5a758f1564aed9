/// A whole cook as one value: what an importer produces, what `export --format json` writes.
public struct RecordedCook: Sendable, Hashable, Codable {
    /// Session metadata.
    public var info: SessionInfo
    /// Channels with their names and roles.
    public var channels: [ChannelInfo]
    /// Every reading, in time order.
    public var readings: [Reading]
    /// Events (connects, insertion, alarms, ...).
    public var events: [SessionEvent]
    /// Extra series (vendor predictions).
    public var series: [NamedSeries]

    /// Creates a cook.
    public init(
        info: SessionInfo, channels: [ChannelInfo] = [ChannelInfo(channel: 1)], readings: [Reading],
        events: [SessionEvent] = [], series: [NamedSeries] = []
    ) {
        self.info = info
        self.channels = channels
        self.readings = readings
        self.events = events
        self.series = series
    }
}
