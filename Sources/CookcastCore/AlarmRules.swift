/// Thresholds for the alarms of one session.
public struct AlarmRules: Sendable, Hashable {
    /// Target internal temperature in degrees Celsius (nil: no target alarm), for every probe
    /// without its own in `channelTargetsCelsius`.
    public var targetCelsius: Double?
    /// Targets of probes that cook to their own (two chickens and a pork shoulder in one pit),
    /// degrees Celsius by channel.
    public var channelTargetsCelsius: [Int: Double] = [:]
    /// Fire `etaNear` when the predicted remaining time drops to this many seconds.
    public var etaNearSeconds: Double = 600
    /// Fire `probeLost` after this many seconds without a reading.
    public var probeLostAfterSeconds: Double = 60
    /// Expected ambient range in degrees Celsius (nil: a band around the ambient the cook settles at).
    public var ambientRangeCelsius: ClosedRange<Double>?
    /// Ambient must stay out of range this long before the alarm fires (lid openings are brief).
    public var ambientGraceSeconds: Double = 300
    /// Ambient is not checked during this warm-up period after the start (preheat, load dip).
    public var ambientWarmupSeconds: Double = 900
    /// Fire `batteryLow` below this percentage.
    public var batteryLowPercent: Double = 15

    /// Rules for a target (and probes' own) and an expected ambient range.
    public init(
        targetCelsius: Double?, channelTargetsCelsius: [Int: Double] = [:],
        ambientRangeCelsius: ClosedRange<Double>? = nil
    ) {
        self.targetCelsius = targetCelsius
        self.channelTargetsCelsius = channelTargetsCelsius
        self.ambientRangeCelsius = ambientRangeCelsius
    }

    /// The target of the probe on `channel`: its own, else the session's.
    public func targetCelsius(channel: Int) -> Double? { channelTargetsCelsius[channel] ?? targetCelsius }
}
