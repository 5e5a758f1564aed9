/// What the caller may choose about a simulated cook beyond its preset.
public struct SimulationOptions: Sendable, Hashable {
    /// Seed for every random draw; the same seed gives the same event sequence.
    public var seed: UInt64
    /// Pull target in Celsius; nil uses the preset's.
    public var targetCelsius: Double?
    /// Pit/oven/bath set point in Celsius; nil draws from the preset's range.
    public var ambientCelsius: Double?
    /// How long the cook continues after the probe location reaches the target, seconds.
    public var afterTargetSeconds: Double
    /// Hard stop in seconds of simulated time (default 30 h).
    public var maxDurationSeconds: Double
    /// Whether to inject BLE dropouts and corrupt packets.
    public var injectsFaults: Bool

    /// Creates options; defaults stop 10 minutes after the target, at most 30 hours in.
    public init(
        seed: UInt64 = 1, targetCelsius: Double? = nil, ambientCelsius: Double? = nil,
        afterTargetSeconds: Double = 600, maxDurationSeconds: Double = 30 * 3600, injectsFaults: Bool = true
    ) {
        self.seed = seed
        self.targetCelsius = targetCelsius
        self.ambientCelsius = ambientCelsius
        self.afterTargetSeconds = afterTargetSeconds
        self.maxDurationSeconds = maxDurationSeconds
        self.injectsFaults = injectsFaults
    }
}
