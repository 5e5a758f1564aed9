import CookcastCore

extension ImportResult {
    /// Meat readings above this many degrees, read as Celsius, are implausible for long: a meat
    /// probe past 110 C is in the fire, or the file is in Fahrenheit.
    static let implausibleMeatCelsius = 110.0

    /// The result with a note for each cook whose meat probes read above 110 C for long (10
    /// readings or more, and a fifth of the meat readings or more), which Celsius values cannot
    /// be: an iGrill export in whole degrees Fahrenheit stored as Celsius said `max probe 190.0 C`.
    func notingFahrenheitSuspects() -> ImportResult {
        var result = self
        for cook in cooks {
            let meat = Set(cook.channels.filter { $0.role == .meat }.map(\.channel))
            let values = cook.readings.filter { meat.contains($0.channel) }.compactMap(\.probeCelsius)
            let hot = values.filter { $0 > Self.implausibleMeatCelsius }
            guard hot.count >= 10, hot.count * 5 >= values.count else { continue }
            let name = cook.info.name ?? cook.info.source
            result.notes.append(
                "\(name): \(hot.count) of \(values.count) meat readings are above 110 C (up to "
                    + "\(TemperatureUnit.fixed(hot.max() ?? 0, decimals: 1))), which no meat reaches: if the file is "
                    + "in Fahrenheit, import it again with --input-unit f")
        }
        return result
    }
}
