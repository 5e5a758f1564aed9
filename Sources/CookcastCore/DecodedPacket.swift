/// The result of decoding one notification.
public enum DecodedPacket: Sendable, Hashable {
    /// A temperature reading (at least one channel valid).
    case reading(Reading)
    /// A status packet: never a temperature.
    case status(ProbeStatus)
    /// A packet that could not be decoded.
    case failure(DecodeError)
}

/// Turns notification payloads of one probe protocol into readings.
public protocol ProbeDecoder: Sendable {
    /// Decodes `bytes` received at `elapsedSeconds` on `channel`. Never traps, whatever the bytes.
    func decode(_ bytes: [UInt8], elapsedSeconds: Double, channel: Int) -> DecodedPacket
}
