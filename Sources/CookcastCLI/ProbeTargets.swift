import CookcastCore

/// The `--target` values of `live`, `import` and `predict`, read by one parser: a plain value is
/// every probe's, `N=value` probe N's own. Each is in `--unit`, converted to Celsius, then checked
/// against `rangeCelsius`, with one wording of the error in every command.
struct ProbeTargets {
    /// Every probe's target, degrees Celsius (nil: none given).
    var plainCelsius: Double?
    /// Probes' own targets (`--target N=value`), degrees Celsius by channel.
    var channelCelsius: [Int: Double] = [:]

    /// The targets a meat can have, degrees Celsius. Up: meat holds water and its centre stays
    /// under the 100 C it boils at (the hottest usual target, pulled pork, is 96 C / 205 F); 120 C
    /// leaves room for a pressure cooker. Down: a freezer's -20 C, for frozen meat brought up to
    /// slicing (-5 C). A Fahrenheit target given without `--unit f` (203 for a brisket) is
    /// refused, where `live` took it up to 300 C and `predict` up to 500 C, and waited for a meat
    /// that never gets there.
    static let rangeCelsius: ClosedRange<Double> = -20...120

    /// Parses the `--target` values given, in `unit`.
    init(_ values: [String], unit: TemperatureUnit) throws(CLIError) {
        let targets = try ProbeGoals.split(values, option: "target", needs: "a number")
        plainCelsius = try targets.plain.map { (text: String) throws(CLIError) in
            try Self.celsius(parsing: text, probe: nil, unit: unit)
        }
        for (channel, text) in targets.channels {
            channelCelsius[channel] = try Self.celsius(parsing: text, probe: channel, unit: unit)
        }
    }

    /// One target, `text` in `unit`, as degrees Celsius; `probe` names the probe of `N=value`.
    /// A usage error when it is no number or, converted, outside `rangeCelsius`: "option
    /// '--target 2=' must be a meat temperature between -20 and 120 C, got '900'".
    static func celsius(parsing text: String, probe: Int?, unit: TemperatureUnit) throws(CLIError) -> Double {
        let option = probe.map { "--target \($0)=" } ?? "--target"
        guard let value = DecimalArgument.value(text) else {
            throw .usage("option '\(option)' needs a number, got '\(text)'")
        }
        let celsius = unit.celsius(from: value)
        guard rangeCelsius.contains(celsius) else {
            let low = unit.format(celsius: rangeCelsius.lowerBound, decimals: 0)
            let high = unit.format(celsius: rangeCelsius.upperBound, decimals: 0)
            // 203 for a brisket is 203 F: say so rather than only that 203 C is too hot.
            let hint =
                unit == .celsius && rangeCelsius.contains(TemperatureUnit.fahrenheit.celsius(from: value))
                ? " (Fahrenheit? give --unit f)" : ""
            throw .usage(
                "option '\(option)' must be a meat temperature between \(low.dropLast(2)) and \(high), got '\(text)'"
                    + hint)
        }
        return celsius
    }
}
