/// Why a packet could not be decoded. The session goes on; the error is counted and logged.
public struct DecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The closed set of reasons a packet is rejected; raw values are the identifiers `live --json`
    /// gives, snake_case as its phases and link changes are.
    public enum Reason: String, Sendable, Hashable {
        /// No bytes at all.
        case empty
        /// A length no known packet of this protocol has.
        case unexpectedLength = "unexpected_length"
        /// The right length, but no channel holds a plausible value.
        case noValidChannel = "no_valid_channel"
        /// Every byte zero: an uninitialised notification, not a probe at 0.0 C with a flat battery.
        case allZero = "all_zero"
        /// A packet on the settings channel (`ProbeProfile.settingsChannel`, a hex log's `ch0`)
        /// for a probe that has none: not a probe 0's reading.
        case noSettingsChannel = "no_settings_channel"
        /// A data packet on a channel the probe's data never comes on (a hex log's `ch7` for an
        /// iBBQ, whose sockets are channels 1 to 6 of one packet on ch1): its readings would be
        /// stored under other probes' numbers, the pit's as a meat probe's.
        case unexpectedChannel = "unexpected_channel"
    }

    /// Why the packet was rejected.
    public var reason: Reason
    /// The packet exactly as received.
    public var bytes: [UInt8]

    /// Creates an error for `bytes`.
    public init(_ reason: Reason, bytes: [UInt8]) {
        self.reason = reason
        self.bytes = bytes
    }

    /// Bytes shown in `description` (a real packet has 9 to 20); a longer one is cut, with its size.
    public static let shownByteCount = 64

    /// The packet in hex, its first `shownByteCount` bytes only: a 2 MB line on `live --stdin`
    /// printed and stored a 2-million-character "decode error".
    public var shownHex: String {
        guard bytes.count > Self.shownByteCount else { return Hex.string(from: bytes) }
        return Hex.string(from: Array(bytes.prefix(Self.shownByteCount))) + "... (\(bytes.count) bytes)"
    }

    public var description: String {
        switch reason {
        case .empty: return "empty packet"
        case .unexpectedLength: return "unexpected packet length \(bytes.count): \(shownHex)"
        case .noValidChannel: return "no valid temperature in packet \(shownHex)"
        case .allZero: return "all-zero packet (\(bytes.count) bytes): no reading"
        case .noSettingsChannel: return "settings packet (channel 0) for a probe without settings replies: \(shownHex)"
        case .unexpectedChannel:
            return "data packet on a channel this probe sends none on (its data is ch1): \(shownHex)"
        }
    }
}
