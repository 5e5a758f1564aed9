/// A real cook shipped with cookcast (`Models/samples/`, listed in `samples.json`), to watch in
/// `cookcast live --sample NAME` or try `cookcast predict --sample NAME` on without a probe.
///
/// ```swift
/// let chicken = catalog.sample(named: "roast-chicken")
/// chicken?.file          // heatledger_roast_chicken.csv, a canonical CSV in Models/samples
/// chicken?.targetCelsius // 74
/// ```
public struct SampleCook: Sendable, Hashable, Decodable {
    /// Short name given to `--sample` (`roast-chicken`, `brisket`).
    public var name: String
    /// The cook's canonical CSV (`t_s,probe_c,ambient_c`), a file name in the samples directory.
    public var file: String
    /// Canonical cut name (see `CutCatalog`).
    public var cut: String
    /// Target internal temperature in degrees Celsius the cook was taken to.
    public var targetCelsius: Double
    /// One line saying what the cook is.
    public var description: String
    /// Where it was published: `owner/repo@commit path` (as `Tests/Data/cooks/manifest.json` says).
    public var source: String
    /// The licence it was published under (`MIT`).
    public var licence: String

    /// Creates a sample entry.
    public init(
        name: String, file: String, cut: String, targetCelsius: Double, description: String, source: String,
        licence: String
    ) {
        self.name = name
        self.file = file
        self.cut = cut
        self.targetCelsius = targetCelsius
        self.description = description
        self.source = source
        self.licence = licence
    }

    enum CodingKeys: String, CodingKey {
        case targetCelsius = "target_c"
        case name, file, cut, description, source, licence
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .name)
        guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
            throw DecodingError.dataCorruptedError(
                forKey: .name, in: c, debugDescription: "a sample's name must be one word, got '\(name)'")
        }
        // A file name, never a path: a sample is only ever read from the samples directory.
        let file = try c.decode(String.self, forKey: .file)
        guard !file.isEmpty, !file.contains("/"), file != ".", file != ".." else {
            throw DecodingError.dataCorruptedError(
                forKey: .file, in: c, debugDescription: "'\(file)' is not a file name in the samples directory")
        }
        let target = try c.decode(Double.self, forKey: .targetCelsius)
        guard Self.targetRangeCelsius.contains(target) else {
            throw DecodingError.dataCorruptedError(
                forKey: .targetCelsius, in: c,
                debugDescription: "target_c must be \(Int(Self.targetRangeCelsius.lowerBound)) to "
                    + "\(Int(Self.targetRangeCelsius.upperBound)) C, got \(target)")
        }
        self.init(
            name: name, file: file, cut: try c.decode(String.self, forKey: .cut), targetCelsius: target,
            description: try c.decode(String.self, forKey: .description),
            source: try c.decode(String.self, forKey: .source), licence: try c.decode(String.self, forKey: .licence))
    }

    /// Targets a sample may give, as `live --target` takes them (Celsius).
    public static let targetRangeCelsius = -20.0...120.0
}
