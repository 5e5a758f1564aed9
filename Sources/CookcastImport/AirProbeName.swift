/// The names a vendor app (or its user) gives a probe that measures the air around the meat
/// rather than the meat: `Ambient`, `Pit`, `Air`, `Oven`, `Smoker`, `Grill`, `Bath`, `Chamber`
/// (case-insensitive, anywhere in the name: `Pit 1`, `Water Bath`, `AmbientTemp`). Importers
/// that name probes by label (iGrill, Tappecue) read such a probe as the ambient channel.
enum AirProbeName {
    /// The words that mark a probe's name as the air's, lower case.
    static let words = ["ambient", "pit", "air", "oven", "smoker", "grill", "bath", "chamber"]

    /// Whether `name` names an air (pit, oven, bath) probe.
    static func isAir(_ name: String) -> Bool {
        let lower = name.lowercased()
        return words.contains { lower.contains($0) }
    }

    /// Whether `name` names a water bath (sous vide).
    static func isBath(_ name: String) -> Bool {
        name.lowercased().contains("bath")
    }
}
