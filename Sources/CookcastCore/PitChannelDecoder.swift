/// A decoder whose readings of one channel are the pit's air: that probe lies in the pit, so its
/// temperature is stored as `ambientCelsius` (no `probeCelsius`), and the channel registers as
/// the pit (role `.ambient`), as `import --pit-probe N` stores a ThermoPro pit probe. The ETA and
/// alarms of the other probes then use it as their air (`PitAir`).
public struct PitChannelDecoder: ProbeDecoder {
    /// The protocol's decoder.
    public var base: any ProbeDecoder
    /// The channel in the pit (1-based).
    public var pitChannel: Int

    /// Wraps `base`, reading channel `pitChannel` as the pit.
    public init(base: any ProbeDecoder, pitChannel: Int) {
        self.base = base
        self.pitChannel = pitChannel
    }

    public func decode(_ bytes: [UInt8], elapsedSeconds: Double, channel: Int) -> DecodedPacket {
        switch base.decode(bytes, elapsedSeconds: elapsedSeconds, channel: channel) {
        case .reading(let reading): return .reading(asPit(reading))
        case .readings(let readings): return .readings(readings.map(asPit))
        case let other: return other
        }
    }

    private func asPit(_ reading: Reading) -> Reading {
        guard reading.channel == pitChannel, let air = reading.probeCelsius else { return reading }
        var pit = reading
        pit.probeCelsius = nil
        pit.ambientCelsius = air
        return pit
    }
}
