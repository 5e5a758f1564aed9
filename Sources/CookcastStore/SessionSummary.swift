import CookcastCore

/// One line of `cookcast sessions`: a session's metadata and a digest of its readings.
public struct SessionSummary: Sendable, Hashable {
    /// Database id.
    public var id: Int64
    /// Metadata (its `id` is set).
    public var info: SessionInfo
    /// Number of stored readings over all channels.
    public var readingCount: Int
    /// Time of the last reading, seconds since the session start; nil with no readings.
    public var durationSeconds: Double?
    /// Highest probe (internal) temperature over all channels, degrees Celsius; nil if none.
    public var maxProbeCelsius: Double?
    /// Readings set aside (`set_aside_readings`: received at a time a reading with other values
    /// holds), not in `readingCount`.
    public var setAsideCount: Int

    /// Creates a summary.
    public init(
        id: Int64, info: SessionInfo, readingCount: Int, durationSeconds: Double?, maxProbeCelsius: Double?,
        setAsideCount: Int = 0
    ) {
        self.id = id
        self.info = info
        self.readingCount = readingCount
        self.durationSeconds = durationSeconds
        self.maxProbeCelsius = maxProbeCelsius
        self.setAsideCount = setAsideCount
    }
}
