/// An alert for the cook.
public struct Alarm: Sendable, Hashable {
    /// Which condition fired.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The probe reached the target temperature.
        case targetReached = "target_reached"
        /// The predicted finish is close.
        case etaNear = "eta_near"
        /// No reading from the probe for too long (link down or probe silent).
        case probeLost = "probe_lost"
        /// The probe jumped above the target faster than meat heats: pulled out, reading the pit.
        case probeOut = "probe_out"
        /// Ambient (pit/oven) left the expected range.
        case ambientOutOfRange = "ambient_out_of_range"
        /// The probe battery is low.
        case batteryLow = "battery_low"
    }

    /// Which condition fired.
    public var kind: Kind
    /// Channel concerned, if any.
    public var channel: Int?
    /// Session time in seconds when it fired.
    public var elapsedSeconds: Double
    /// One-line message for the user, as stored: temperatures in Celsius, a target with every
    /// decimal it has (`TemperatureUnit.formatExactCelsius`); sinks show it in their unit.
    public var message: String

    /// Creates an alarm.
    public init(kind: Kind, channel: Int?, elapsedSeconds: Double, message: String) {
        self.kind = kind
        self.channel = channel
        self.elapsedSeconds = elapsedSeconds
        self.message = message
    }
}
