/// The unit temperatures are shown in. Storage is always Celsius.
public enum TemperatureUnit: String, Sendable, CaseIterable {
    /// Degrees Celsius.
    case celsius = "c"
    /// Degrees Fahrenheit.
    case fahrenheit = "f"

    /// Converts a Celsius value to this unit.
    public func value(fromCelsius celsius: Double) -> Double {
        switch self {
        case .celsius: return celsius
        case .fahrenheit: return celsius * 9.0 / 5.0 + 32.0
        }
    }

    /// Converts a value in this unit to Celsius, to a billionth of a degree: the same cook read in
    /// either unit gives the same stored values (64.4 F is 18.0 C, not 17.999999999999996, whose
    /// content hash made a re-import look like another cook).
    public func celsius(from value: Double) -> Double {
        switch self {
        case .celsius: return value
        case .fahrenheit: return ((value - 32.0) * 5.0 / 9.0 * 1e9).rounded() / 1e9
        }
    }

    /// Symbol for display, e.g. `C`.
    public var symbol: String { self == .celsius ? "C" : "F" }

    /// `24.5 C`, or `--` for no value.
    public func format(celsius: Double?, decimals: Int = 1) -> String {
        guard let celsius, celsius.isFinite else { return "--" }
        return "\(Self.fixed(value(fromCelsius: celsius), decimals: decimals)) \(symbol)"
    }

    /// A temperature someone gave (a target) for words that are stored, in Celsius with every
    /// decimal it has: at least one, at most the nine `celsius(from:)` keeps (`74.0 C`,
    /// `93.333333333 C` for 200 F), or `--`. Displays show such words with one decimal in their
    /// unit (`TemperatureText` in the CLI), so a target given as 200 F reads back as 200.0 F:
    /// stored with one decimal, 93.3 C, it read back as 199.9 F.
    public static func formatExactCelsius(_ celsius: Double?) -> String {
        guard let celsius, celsius.isFinite else { return "--" }
        var text = fixed(celsius, decimals: 9)
        guard text.contains(".") else { return "\(text) C" }
        while text.hasSuffix("0"), !text.hasSuffix(".0") { text.removeLast() }
        return "\(text) C"
    }

    /// A temperature difference, `0.5 F` for 0.3 C (a difference has no zero offset), or `--`.
    public func formatDifference(celsius: Double?, decimals: Int = 1) -> String {
        guard let celsius, celsius.isFinite else { return "--" }
        let value = self == .celsius ? celsius : celsius * 9.0 / 5.0
        return "\(Self.fixed(value, decimals: decimals)) \(symbol)"
    }

    /// Fixed-point formatting without Foundation's locale-dependent String(format:). Values too
    /// large for fixed point (beyond 1e18 in units of the last decimal) keep Swift's exponent
    /// form instead of trapping.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<max(decimals, 0) { scale *= 10 }
        guard value.isFinite, abs(value) * scale < 1e18 else { return "\(value)" }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let frac = Int(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return "\(sign)\(whole)" }
        let fracText = String(frac)
        return "\(sign)\(whole).\(String(repeating: "0", count: decimals - fracText.count))\(fracText)"
    }
}
