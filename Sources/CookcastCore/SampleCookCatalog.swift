import Foundation

/// The real cooks shipped in `Models/samples/` (`samples.json`), looked up by name
/// (case-insensitive, `-`/`_`/space alike).
public struct SampleCookCatalog: Sendable {
    /// Every sample, in file order.
    public let samples: [SampleCook]

    /// Builds a catalog from samples.
    public init(samples: [SampleCook]) {
        self.samples = samples
    }

    /// Why `samples.json` is not a usable list.
    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Decodes `{"samples": [...]}` as shipped in `Models/samples/samples.json`; a name given twice
    /// is an error (`--sample` could not tell them apart).
    public init(jsonData: Data) throws {
        struct File: Decodable { var samples: [SampleCook] }
        let samples = try JSONDecoder().decode(File.self, from: jsonData).samples
        var seen: Set<String> = []
        for sample in samples {
            guard seen.insert(CutCatalog.normalized(sample.name)).inserted else {
                throw FormatError(description: "sample '\(sample.name)' is listed twice")
            }
        }
        self.init(samples: samples)
    }

    /// The sample with this name, or nil when unknown.
    public func sample(named name: String) -> SampleCook? {
        let key = CutCatalog.normalized(name)
        return samples.first { CutCatalog.normalized($0.name) == key }
    }

    /// The names, in file order (for "unknown sample" errors).
    public var names: [String] { samples.map(\.name) }
}
