/// What a channel measures.
public enum ChannelRole: String, Sendable, Hashable, Codable {
    /// A probe in the meat (its `probe_c` values are internal temperatures).
    case meat
    /// A pit/oven/bath probe (its values are stored as `ambient_c`).
    case ambient
    /// One more sensor along a probe whose reading is another channel (a Combustion's thermistors
    /// T1-T8 and its virtual surface, next to its virtual core): a temperature in the meat, but
    /// not a probe of its own. They reach the target hours apart in the same meat (the one at the
    /// surface first), so a cook is not learned from them.
    case sensor
}

/// A named probe/channel of a session: one row of the `channels` table.
public struct ChannelInfo: Sendable, Hashable, Codable {
    /// Channel numbers a reading, a `--channel N` or a `--cut N=` may name.
    public static let numbers = 1...64

    /// Channel number (1-based) as used in `Reading.channel`.
    public var channel: Int
    /// Display name, e.g. "probe 2" or "Combustion T1".
    public var name: String?
    /// What it measures.
    public var role: ChannelRole
    /// The cut this probe is in, when it is not the session's (canonical name; nil: the session's).
    public var cut: String?
    /// This probe's target internal temperature, degrees Celsius, when it is not the session's
    /// (nil: the session's).
    public var targetCelsius: Double?

    /// Creates channel metadata.
    public init(
        channel: Int, name: String? = nil, role: ChannelRole = .meat, cut: String? = nil, targetCelsius: Double? = nil
    ) {
        self.channel = channel
        self.name = name
        self.role = role
        self.cut = cut
        self.targetCelsius = targetCelsius
    }

    /// A probe channel's name as `live` stores it: `probe 3`, and `probe 4 (pit)` for one that
    /// reads only the air, as `import --pit-probe` names a ThermoPro's pit probe.
    public static func probeName(_ channel: Int, role: ChannelRole) -> String {
        "probe \(channel)" + (role == .ambient ? " (pit)" : "")
    }
}
