import Foundation

/// The set of known cuts, looked up by name or alias (case-insensitive, `-`/space = `_`).
public struct CutCatalog: Sendable {
    /// Every profile, in file order.
    public let profiles: [CutProfile]
    private let index: [String: Int]

    /// Builds a catalog from profiles; later duplicates of a name or alias are ignored.
    public init(profiles: [CutProfile]) {
        self.profiles = profiles
        var index: [String: Int] = [:]
        for (i, p) in profiles.enumerated() {
            for key in [p.name] + p.aliases where index[Self.normalized(key)] == nil {
                index[Self.normalized(key)] = i
            }
        }
        self.index = index
    }

    /// Decodes `{"cuts": [...]}` as shipped in `Models/cuts.json`.
    public init(jsonData: Data) throws {
        struct File: Decodable { var cuts: [CutProfile] }
        self.init(profiles: try JSONDecoder().decode(File.self, from: jsonData).cuts)
    }

    /// The profile for a name or alias, or nil when unknown.
    public func profile(named name: String) -> CutProfile? {
        index[Self.normalized(name)].map { profiles[$0] }
    }

    /// Canonical form of a cut name: lower case, `-` and spaces as `_`.
    public static func normalized(_ name: String) -> String {
        name.lowercased().trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
    }
}
