import CookcastCore

extension Alarm {
    /// The alarm's words for a person, in `unit`: the probe's own reading of the target says the
    /// target's temperature ("probe 1 reached 203.0 F"); other words (a verdict that the meat is
    /// done in a bath that holds the target) have their Celsius temperatures converted. The screen
    /// and `--on-alarm` say the same; the stored event keeps Celsius.
    func displayMessage(unit: TemperatureUnit, targetCelsius: Double?) -> String {
        let channel = channel ?? 1
        guard kind == .targetReached, let targetCelsius,
            message == AlarmEngine.probeReachedTargetMessage(channel: channel)
        else { return TemperatureText.converting(message, to: unit) }
        return "probe \(channel) reached \(unit.format(celsius: targetCelsius))"
    }
}
