import CookcastCore

extension Alarm {
    /// The alarm's words for a person, in `unit`: the probe's own reading of the target says the
    /// target's temperature ("probe 1 reached 203.0 F"); a verdict that the meat is done without
    /// it (a bath that holds the target) keeps its words. The screen and `--on-alarm` say the same.
    func displayMessage(unit: TemperatureUnit, targetCelsius: Double?) -> String {
        let channel = channel ?? 1
        guard kind == .targetReached, let targetCelsius,
            message == AlarmEngine.probeReachedTargetMessage(channel: channel)
        else { return message }
        return "probe \(channel) reached \(unit.format(celsius: targetCelsius))"
    }
}
