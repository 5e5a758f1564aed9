import Foundation

/// The known probe profiles, looked up by name or alias (case-insensitive, `-`/space = `_`).
public struct ProbeProfileCatalog: Sendable {
    /// Every profile, in file order.
    public let profiles: [ProbeProfile]

    /// Builds a catalog from profiles; for a name or alias used twice, the first wins.
    public init(profiles: [ProbeProfile]) {
        self.profiles = profiles
    }

    /// Decodes `{"probes": [...]}` as shipped in `Models/probes.json`.
    public init(jsonData: Data) throws {
        struct File: Decodable { var probes: [ProbeProfile] }
        self.init(profiles: try JSONDecoder().decode(File.self, from: jsonData).probes)
    }

    /// The profile for a name or alias, or nil when unknown.
    public func profile(named name: String) -> ProbeProfile? {
        let key = CutCatalog.normalized(name)
        return profiles.first { ([$0.name] + $0.aliases).contains { CutCatalog.normalized($0) == key } }
    }

    /// The profile whose GATT service is among a device's advertised `serviceUUIDs` (full or
    /// 16-bit short form), or nil: what `cookcast scan` suggests for `live --profile`.
    public func profile(advertising serviceUUIDs: [String]) -> ProbeProfile? {
        let advertised = Set(serviceUUIDs.map(ProbeProfile.fullUUID))
        return profiles.first { profile in profile.serviceUUID.map(advertised.contains) ?? false }
    }

    /// The canonical names, in file order (for "unknown profile" errors).
    public var names: [String] { profiles.map(\.name) }
}
