import CookcastCore

/// Everything a sink needs to draw the live view at one tick.
public struct LiveStatus: Sendable {
    /// Stored session id.
    public var sessionID: Int64
    /// Session time in seconds.
    public var elapsedSeconds: Double
    /// Link state.
    public var connection: ConnectionState
    /// Whether the link has been up at least once this run: a failed try before that is "not
    /// connected" yet, not a disconnect.
    public var hasConnected = false
    /// Latest valid probe temperature per channel, degrees Celsius.
    public var probeCelsius: [Int: Double]
    /// Session time of each temperature in `probeCelsius`, seconds, by channel: after an outage
    /// the values are old, and the view says how old.
    public var probeReadAtSeconds: [Int: Double] = [:]
    /// Latest ambient temperature, degrees Celsius.
    public var ambientCelsius: Double?
    /// Latest battery level, percent: the lowest of the probes' latest.
    public var batteryPercent: Double?
    /// Target in degrees Celsius: every probe's but those in `channelTargetsCelsius`.
    public var targetCelsius: Double?
    /// Targets of probes that cook to their own, degrees Celsius by channel.
    public var channelTargetsCelsius: [Int: Double] = [:]
    /// The current estimate: the session's, the slowest probe's.
    public var eta: ETASnapshot
    /// Every meat probe's own estimate, by ascending channel (`ETAMoment.probes`: `no target` for
    /// a probe without one); empty before the first probe reading and without any target.
    public var probeETAs: [ETASnapshot] = []
    /// Counters.
    public var readingCount: Int
    public var decodeErrorCount: Int
    public var duplicateCount: Int
    /// Readings at a time (channel, millisecond) already stored with other values (a feeder
    /// whose clock went backwards): not duplicates, set aside (`set_aside_readings`), off the
    /// curve the view and ETA follow.
    public var conflictCount = 0
    public var disconnectCount: Int
    /// Recent history for a chart: (seconds, probe C, ambient C), downsampled.
    public var history: [ChartPoint]
    /// The channel of the chart's meat line (the first that reported meat; nil before).
    public var chartChannel: Int?

    /// The target of the probe on `channel`, degrees Celsius: its own, else the session's.
    public func targetCelsius(channel: Int) -> Double? { channelTargetsCelsius[channel] ?? targetCelsius }

    /// One point of the live chart.
    public struct ChartPoint: Sendable, Hashable {
        public var elapsedSeconds: Double
        public var probeCelsius: Double?
        public var ambientCelsius: Double?
    }
}

/// What happened at a tick, for sinks that print event lines.
public enum LiveEvent: Sendable {
    /// A new reading was stored.
    case reading(Reading)
    /// The link changed.
    case connection(ConnectionState, detail: String?)
    /// A packet that came at session time `elapsedSeconds` failed to decode (shown at the
    /// latest reading's time, a line with a packet at 20 s said 00:00:00).
    case decodeError(DecodeError, elapsedSeconds: Double)
    /// An alarm fired.
    case alarm(Alarm)
    /// A battery level came without a reading (an iBBQ's battery reply, on channel
    /// `ProbeProfile.settingsChannel`: the thermometer's), percent, at session time `elapsedSeconds`.
    case battery(percent: Double, channel: Int, elapsedSeconds: Double)
}

/// Receives the live view: the terminal dashboard, JSON lines, tests.
public protocol LiveSink: AnyObject {
    /// Called for every event with the status after it.
    func handle(_ event: LiveEvent, status: LiveStatus)
    /// Called once at the end.
    func finish(_ summary: LiveSummary, status: LiveStatus)
    /// Called on a real-time source's timer between events, with the status as it stands at
    /// session time now (`elapsedSeconds` past the last event): nothing new came, but the clock,
    /// the time left and the age of the last reading move on.
    func refresh(_ status: LiveStatus)
}

extension LiveSink {
    /// Nothing to redraw, by default (a line per event).
    public func refresh(_ status: LiveStatus) {}
}

/// How a live run ended.
public struct LiveSummary: Sendable, Hashable {
    /// Why the run ended.
    public enum Ending: String, Sendable {
        /// The source ran out (file replayed, simulation finished, stdin closed).
        case sourceEnded = "source ended"
        /// The user interrupted (Ctrl-C).
        case interrupted = "interrupted"
    }

    public var sessionID: Int64
    public var ending: Ending
    public var readingsStored: Int
    public var duplicates: Int
    public var decodeErrors: Int
    public var disconnects: Int
    public var elapsedSeconds: Double
    public var alarms: [Alarm.Kind]
    /// Readings set aside (`set_aside_readings`) because another reading with other values is
    /// stored at their time; not in `readingsStored`.
    public var conflicts = 0
}
