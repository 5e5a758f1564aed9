/// A non-reading notification from a probe (constant over a cook for the seed probe).
public struct ProbeStatus: Sendable, Hashable, Codable {
    /// The packet exactly as received.
    public var bytes: [UInt8]
    /// Bytes 2-3 as UInt16 LE; plausibly battery millivolts (unconfirmed, shown as raw). For an
    /// iBBQ battery reply, the current battery voltage word.
    public var rawWord: UInt16?
    /// Battery charge in percent (0...100), when the packet reports it (an iBBQ battery reply).
    public var batteryPercent: Double?

    /// The stored event's words: the packet's bytes in hex, after the battery level when the
    /// packet reports one (`battery 61 % (24A00F981900)`), which `show` listed as bare hex.
    public var eventDetail: String {
        let hex = Hex.string(from: bytes)
        guard let batteryPercent, batteryPercent.isFinite else { return hex }
        return "battery \(Int(batteryPercent.rounded())) % (\(hex))"
    }

    /// Creates a status from its raw bytes.
    public init(bytes: [UInt8], rawWord: UInt16?, batteryPercent: Double? = nil) {
        self.bytes = bytes
        self.rawWord = rawWord
        self.batteryPercent = batteryPercent
    }
}
