/// The result of decoding one notification.
public enum DecodedPacket: Sendable, Hashable {
    /// A temperature reading (at least one channel valid).
    case reading(Reading)
    /// Several readings from one notification, one per plugged probe, in channel order (a
    /// multi-probe thermometer such as the iBBQ reports every probe at once); never empty.
    case readings([Reading])
    /// A status packet: never a temperature.
    case status(ProbeStatus)
    /// A packet that could not be decoded.
    case failure(DecodeError)

    /// Every reading the packet carries, in channel order: one for `.reading`, all of
    /// `.readings`, none for a status or a failure. Consumers store each of them.
    public var readings: [Reading] {
        switch self {
        case .reading(let reading): return [reading]
        case .readings(let readings): return readings
        case .status, .failure: return []
        }
    }
}

/// Turns notification payloads of one probe protocol into readings.
public protocol ProbeDecoder: Sendable {
    /// Decodes `bytes` received at `elapsedSeconds` on `channel`. Never traps, whatever the bytes.
    ///
    /// `channel` is the channel of the first probe the packet describes (1 for a probe's data
    /// characteristic); `ProbeProfile.settingsChannel` (0) marks a packet of a profile's settings
    /// characteristic (the device's command replies, not a probe's data).
    func decode(_ bytes: [UInt8], elapsedSeconds: Double, channel: Int) -> DecodedPacket
}
