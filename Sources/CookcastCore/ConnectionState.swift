/// State of the link to a probe, as a source reports it.
public enum ConnectionState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Looking for the device (scanning, or waiting before a reconnect).
    case searching
    /// Connecting and resolving services.
    case connecting
    /// Connected and receiving notifications.
    case connected
    /// The link dropped; the source will try again.
    case disconnected
    /// The source has ended (file replayed, simulator finished, stdin closed).
    case ended

    /// A short word for the dashboard.
    public var label: String { rawValue }
}
