/// What a channel measures.
public enum ChannelRole: String, Sendable, Hashable, Codable {
    /// A probe in the meat (its `probe_c` values are internal temperatures).
    case meat
    /// A pit/oven/bath probe (its values are stored as `ambient_c`).
    case ambient
}

/// A named probe/channel of a session: one row of the `channels` table.
public struct ChannelInfo: Sendable, Hashable, Codable {
    /// Channel number (1-based) as used in `Reading.channel`.
    public var channel: Int
    /// Display name, e.g. "probe 2" or "Combustion T1".
    public var name: String?
    /// What it measures.
    public var role: ChannelRole

    /// Creates channel metadata.
    public init(channel: Int, name: String? = nil, role: ChannelRole = .meat) {
        self.channel = channel
        self.name = name
        self.role = role
    }
}
