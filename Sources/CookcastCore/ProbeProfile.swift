/// What cookcast knows about one kind of BLE thermometer (from `Models/probes.json`): how to
/// decode it, where its data is and what to write to it after connecting.
///
/// ```swift
/// let ibbq = catalog.profile(named: "inkbird")  // the `ibbq` profile
/// ibbq?.writes.first?.bytes                      // the login: 21 07 06 05 04 03 02 01 B8 22 00...
/// ```
public struct ProbeProfile: Sendable, Hashable, Decodable {
    /// Channel number a profile's settings-characteristic notifications are reported on: the
    /// device's replies (battery level), not a probe's data. Probe channels start at 1.
    public static let settingsChannel = 0

    /// One write to make after connecting.
    public struct Write: Sendable, Hashable, Decodable {
        /// Characteristic written to (full lower-case UUID).
        public var characteristicUUID: String
        /// The bytes written.
        public var bytes: [UInt8]
        /// What the write does, for logs and errors (`login`, `enable realtime data`).
        public var purpose: String
        /// Made again every this many seconds while connected (`every_s`; an iBBQ's battery
        /// request, so the battery shown and its alarm follow a long cook); nil: once per connect.
        public var everySeconds: Double?
        /// The longest `every_s` a profile may give: a day (no cook needs a rarer write).
        public static let longestRepeatSeconds = 86_400.0

        /// Creates a write.
        public init(characteristicUUID: String, bytes: [UInt8], purpose: String, everySeconds: Double? = nil) {
            self.characteristicUUID = ProbeProfile.fullUUID(characteristicUUID)
            self.bytes = bytes
            self.purpose = purpose
            self.everySeconds = everySeconds
        }

        enum CodingKeys: String, CodingKey {
            case characteristicUUID = "characteristic"
            case everySeconds = "every_s"
            case bytes, purpose
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let hex = try c.decode(String.self, forKey: .bytes)
            guard let bytes = Hex.bytes(from: hex), !bytes.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bytes, in: c, debugDescription: "'\(hex)' is not hex bytes")
            }
            let every = try c.decodeIfPresent(Double.self, forKey: .everySeconds)
            if let every, !(every > 0 && every <= Self.longestRepeatSeconds) {
                throw DecodingError.dataCorruptedError(
                    forKey: .everySeconds, in: c,
                    debugDescription: "every_s must be seconds above 0, at most \(Int(Self.longestRepeatSeconds))")
            }
            self.init(
                characteristicUUID: try c.decode(String.self, forKey: .characteristicUUID), bytes: bytes,
                purpose: try c.decodeIfPresent(String.self, forKey: .purpose) ?? "write", everySeconds: every)
        }
    }

    /// Canonical name, e.g. `ibbq`.
    public var name: String
    /// Other names (models, brands), e.g. `ibt-4xs`, `inkbird`.
    public var aliases: [String]
    /// How its notifications are decoded.
    public var probeProtocol: ProbeProtocol
    /// The GATT service holding its characteristics (full lower-case UUID), nil when unknown.
    public var serviceUUID: String?
    /// The characteristic that notifies probe data; nil: unknown, the first notify
    /// characteristic whose packets decode is used.
    public var dataNotifyUUID: String?
    /// The characteristic that notifies replies to settings writes (battery level), if any;
    /// its packets reach the decoder as channel `settingsChannel`.
    public var settingsNotifyUUID: String?
    /// Writes to make after every connect, in order, once notifications are on.
    public var writes: [Write]
    /// Number of probe sockets (channels 1...channelCount).
    public var channelCount: Int
    /// The channel users usually put in the pit (its temperature is the air), nil: none.
    public var pitChannel: Int?

    /// Creates a profile; UUIDs may be 16-bit short forms (`fff4`).
    public init(
        name: String, aliases: [String] = [], probeProtocol: ProbeProtocol, serviceUUID: String? = nil,
        dataNotifyUUID: String? = nil, settingsNotifyUUID: String? = nil, writes: [Write] = [], channelCount: Int = 1,
        pitChannel: Int? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.probeProtocol = probeProtocol
        self.serviceUUID = serviceUUID.map(Self.fullUUID)
        self.dataNotifyUUID = dataNotifyUUID.map(Self.fullUUID)
        self.settingsNotifyUUID = settingsNotifyUUID.map(Self.fullUUID)
        self.writes = writes
        self.channelCount = channelCount
        self.pitChannel = pitChannel
    }

    enum CodingKeys: String, CodingKey {
        case name, aliases, writes
        case probeProtocol = "protocol"
        case serviceUUID = "service"
        case dataNotifyUUID = "data_notify"
        case settingsNotifyUUID = "settings_notify"
        case channelCount = "channels"
        case pitChannel = "pit_channel"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            aliases: try c.decodeIfPresent([String].self, forKey: .aliases) ?? [],
            probeProtocol: try c.decode(ProbeProtocol.self, forKey: .probeProtocol),
            serviceUUID: try c.decodeIfPresent(String.self, forKey: .serviceUUID),
            dataNotifyUUID: try c.decodeIfPresent(String.self, forKey: .dataNotifyUUID),
            settingsNotifyUUID: try c.decodeIfPresent(String.self, forKey: .settingsNotifyUUID),
            writes: try c.decodeIfPresent([Write].self, forKey: .writes) ?? [],
            channelCount: try c.decodeIfPresent(Int.self, forKey: .channelCount) ?? 1,
            pitChannel: try c.decodeIfPresent(Int.self, forKey: .pitChannel))
    }

    /// The decoder for this profile's packets; with a pit channel (`--pit-probe N`, else the
    /// profile's), that channel's temperature is the pit's air.
    public func decoder(pitChannel override: Int? = nil) -> any ProbeDecoder {
        let base = probeProtocol.decoder
        guard let pit = override ?? pitChannel else { return base }
        return PitChannelDecoder(base: base, pitChannel: pit)
    }

    /// The full lower-case form of a UUID as users type it (`--characteristic`): 128-bit
    /// (`0000fff4-0000-1000-8000-00805f9b34fb`, any case) or the 16-bit short form (`fff4`, as
    /// `Models/probes.json` writes them); nil for anything else.
    public static func parsedUUID(_ text: String) -> String? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        let shapes = groups.count == 1 ? [4] : [8, 4, 4, 4, 12]
        guard groups.map(\.count) == shapes, groups.allSatisfy({ $0.allSatisfy(\.isHexDigit) }),
            text.allSatisfy(\.isASCII)
        else { return nil }
        return fullUUID(text)
    }

    /// A UUID in its full lower-case form: a 16-bit short form (`FFF4`) on the Bluetooth base UUID.
    public static func fullUUID(_ uuid: String) -> String {
        let lower = uuid.lowercased()
        return lower.count == 4 ? "0000\(lower)-0000-1000-8000-00805f9b34fb" : lower
    }
}
