import CookcastCore

extension Alarm {
    /// The alarm's words for a person, in `unit` ("probe 1 reached 203.0 F"): the stored words are
    /// Celsius. The screen and `--on-alarm` say the same.
    func displayMessage(unit: TemperatureUnit) -> String { TemperatureText.converting(message, to: unit) }
}
