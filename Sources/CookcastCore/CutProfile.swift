/// What cookcast knows about one cut of meat before the cook starts (from `Models/cuts.json`).
public struct CutProfile: Sendable, Hashable, Codable {
    /// Canonical name, e.g. `pork_shoulder`.
    public var name: String
    /// Other names users and vendors use, e.g. `pulled_pork`, `boston_butt`.
    public var aliases: [String]
    /// Usual pull target in degrees Celsius.
    public var defaultTargetCelsius: Double
    /// USDA safe minimum internal temperature in degrees Celsius (nil where not applicable).
    public var safeMinimumCelsius: Double?
    /// Typical pit/oven/bath temperature in degrees Celsius.
    public var typicalAmbientCelsius: Double
    /// Whether this cut usually stalls (evaporative plateau around 65-77 C).
    public var stalls: Bool
    /// Named doneness presets (e.g. `rare` -> 50 C), empty when the cut has none.
    public var doneness: [String: Double]
    /// What cooking guides give as the usual time, in hours, from the fridge to the default target
    /// at `typicalAmbientCelsius` for a piece of the usual size; nil when the profile gives none.
    /// The predictor's first answer for a cut none of whose cooks it has learned from.
    public var guideTotalHours: Double?

    /// Creates a profile.
    public init(
        name: String, aliases: [String] = [], defaultTargetCelsius: Double, safeMinimumCelsius: Double?,
        typicalAmbientCelsius: Double, stalls: Bool, doneness: [String: Double] = [:],
        guideTotalHours: Double? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.defaultTargetCelsius = defaultTargetCelsius
        self.safeMinimumCelsius = safeMinimumCelsius
        self.typicalAmbientCelsius = typicalAmbientCelsius
        self.stalls = stalls
        self.doneness = doneness
        self.guideTotalHours = guideTotalHours
    }

    enum CodingKeys: String, CodingKey {
        case name, aliases, stalls, doneness
        case defaultTargetCelsius = "default_target_c"
        case safeMinimumCelsius = "safe_minimum_c"
        case typicalAmbientCelsius = "typical_ambient_c"
        case guideTotalHours = "guide_total_h"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        aliases = try c.decodeIfPresent([String].self, forKey: .aliases) ?? []
        defaultTargetCelsius = try c.decode(Double.self, forKey: .defaultTargetCelsius)
        safeMinimumCelsius = try c.decodeIfPresent(Double.self, forKey: .safeMinimumCelsius)
        typicalAmbientCelsius = try c.decode(Double.self, forKey: .typicalAmbientCelsius)
        stalls = try c.decodeIfPresent(Bool.self, forKey: .stalls) ?? false
        doneness = try c.decodeIfPresent([String: Double].self, forKey: .doneness) ?? [:]
        guideTotalHours = try c.decodeIfPresent(Double.self, forKey: .guideTotalHours)
        if let hours = guideTotalHours, !(hours > 0 && hours < 100) {
            throw DecodingError.dataCorruptedError(
                forKey: .guideTotalHours, in: c, debugDescription: "guide_total_h must be above 0 and under 100 hours")
        }
    }
}
