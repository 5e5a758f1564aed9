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
    /// Readings at a channel and millisecond another reading of `readings` holds, with other
    /// values (a feeder's clock that restarted, a file with two rows at one time): kept apart,
    /// never on the cook's curve, in the order received. Stored in `set_aside_readings`; in the
    /// JSON only when there are some (`setAside`), so every other document is as it was.
    public var setAside: [Reading]

    /// Creates a cook.
    public init(
        info: SessionInfo, channels: [ChannelInfo] = [ChannelInfo(channel: 1)], readings: [Reading],
        events: [SessionEvent] = [], series: [NamedSeries] = [], setAside: [Reading] = []
    ) {
        self.info = info
        self.channels = channels
        self.readings = readings
        self.events = events
        self.series = series
        self.setAside = setAside
    }

    private enum CodingKeys: String, CodingKey {
        case info, channels, readings, events, series, setAside
    }

    /// Decodes a cook; a document without `setAside` (every export before it) has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        info = try container.decode(SessionInfo.self, forKey: .info)
        channels = try container.decode([ChannelInfo].self, forKey: .channels)
        readings = try container.decode([Reading].self, forKey: .readings)
        events = try container.decode([SessionEvent].self, forKey: .events)
        series = try container.decode([NamedSeries].self, forKey: .series)
        setAside = try container.decodeIfPresent([Reading].self, forKey: .setAside) ?? []
    }

    /// Encodes a cook; `setAside` only when it holds a reading.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(info, forKey: .info)
        try container.encode(channels, forKey: .channels)
        try container.encode(readings, forKey: .readings)
        try container.encode(events, forKey: .events)
        try container.encode(series, forKey: .series)
        if !setAside.isEmpty { try container.encode(setAside, forKey: .setAside) }
    }
}
