/// A time series that is not a temperature, e.g. a vendor's own live prediction.
public struct NamedSeries: Sendable, Hashable, Codable {
    /// One sample of the series.
    public struct Point: Sendable, Hashable, Codable {
        /// Seconds since the session start.
        public var elapsedSeconds: Double
        /// The value, in the unit the series name states.
        public var value: Double
        public init(elapsedSeconds: Double, value: Double) {
            self.elapsedSeconds = elapsedSeconds
            self.value = value
        }
    }

    /// Name with unit, e.g. `vendor_predicted_remaining_s`.
    public var name: String
    /// Channel the series belongs to.
    public var channel: Int
    /// Samples in time order.
    public var points: [Point]

    /// Creates a series.
    public init(name: String, channel: Int = 1, points: [Point]) {
        self.name = name
        self.channel = channel
        self.points = points
    }

    /// Name of the series holding a vendor's live remaining-time prediction, in seconds.
    public static let vendorPredictedRemainingSeconds = "vendor_predicted_remaining_s"
}
