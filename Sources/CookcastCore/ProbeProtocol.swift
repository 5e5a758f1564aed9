/// The notification protocols cookcast decodes: the `protocol` of a probe profile.
public enum ProbeProtocol: String, Sendable, Hashable, Codable, CaseIterable {
    /// The seed probe (`SeedProbeDecoder`).
    case seed
    /// The Inkbird iBBQ family (`IBBQDecoder`).
    case ibbq

    /// The decoder of this protocol.
    public var decoder: any ProbeDecoder {
        switch self {
        case .seed: return SeedProbeDecoder()
        case .ibbq: return IBBQDecoder()
        }
    }
}
