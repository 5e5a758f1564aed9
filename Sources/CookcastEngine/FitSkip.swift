import CookcastCore

/// A session, or one probe of it, `cookcast fit` left out, and why. Priors and backtests learn only
/// from probes that reached their target in cooks no longer being recorded: the time such a cook
/// ran is not a time to target.
public struct FitSkip: Sendable, Hashable {
    /// Why a session was left out.
    public enum Reason: Sendable, Hashable {
        /// No session with this id.
        case notFound
        /// Neither the session nor its cut gives a target.
        case noTarget
        /// No channel holds a probe reading.
        case noProbeReadings
        /// Its channels are the pit's alone (an iGrill's Ambient file imported by itself): no meat.
        case noMeatProbe
        /// Still being recorded (status `active`): its end is not known yet.
        case stillRecording
        /// Played by the built-in simulator (`live --simulate`): not a real cook.
        case simulated
        /// A shipped sample cook (`live --sample`): not the user's, and already in the shipped priors.
        case sample
        /// The probe never reached the target; `peakCelsius` is the highest probe reading.
        case targetNotReached(targetCelsius: Double, peakCelsius: Double)
        /// The probe was at the target from its first reading: no time to target to learn.
        case atTargetFromTheStart(targetCelsius: Double)
        /// Reading the session failed (a database error).
        case failed(String)
        /// The session holds the same cook as session `session` (a replay of a file imported as
        /// it), which is learned from in its place (`FitJob.sameCookSessions`).
        case sameCook(as: Int64)

        /// Why a cook cookcast played itself is left out (`SessionInfo.isPlayedByCookcast`), else nil.
        public init?(playedByCookcast info: SessionInfo) {
            if info.isSimulated {
                self = .simulated
            } else if info.isSample {
                self = .sample
            } else {
                return nil
            }
        }
    }

    /// The session left out.
    public var sessionID: Int64
    /// Why.
    public var reason: Reason
    /// The channel that was read (for probes left out for their readings), else nil.
    public var channel: Int?
    /// Time of the channel's last reading, seconds since the session start, else nil.
    public var lastSeconds: Double?
    /// Whether the session has other probes, so that the message names this one (`channel`).
    public var isOneOfSeveralProbes: Bool

    /// A skip.
    public init(
        sessionID: Int64, reason: Reason, channel: Int? = nil, lastSeconds: Double? = nil,
        isOneOfSeveralProbes: Bool = false
    ) {
        self.sessionID = sessionID
        self.reason = reason
        self.channel = channel
        self.lastSeconds = lastSeconds
        self.isOneOfSeveralProbes = isOneOfSeveralProbes
    }

    /// True when the probe was read and found not to be a time to target (its summary is then
    /// stored as `unfinished`, so it never feeds the priors).
    public var isUnfinishedCook: Bool {
        switch reason {
        case .targetNotReached, .atTargetFromTheStart: return true
        default: return false
        }
    }

    /// One line, temperatures in `unit`, e.g.
    /// `session 4: never reached its target 95.0 C (peak 88.0 C), not learned from`, or
    /// `session 4 probe 2: ...` for one probe of several.
    public func description(unit: TemperatureUnit) -> String {
        let why: String
        switch reason {
        case .notFound: why = "not found"
        case .noTarget: why = "no target and no cut to take one from"
        case .noProbeReadings: why = "no probe readings"
        case .noMeatProbe: why = "no meat probe, only the pit's air"
        case .stillRecording: why = "still being recorded (status active), not learned from"
        case .simulated: why = "a simulated cook, not learned from"
        case .sample: why = "a sample cook shipped with cookcast (already in the shipped priors), not learned from"
        case .targetNotReached(let target, let peak):
            why =
                "never reached its target \(unit.format(celsius: target)) (peak \(unit.format(celsius: peak))), not learned from"
        case .atTargetFromTheStart(let target):
            why = "at its target \(unit.format(celsius: target)) from the first reading, not learned from"
        case .failed(let message): why = message
        case .sameCook(let other): why = "the same cook as session \(other), learned from there once"
        }
        let probe = isOneOfSeveralProbes ? channel.map { " probe \($0)" } ?? "" : ""
        return "session \(sessionID)\(probe): \(why)"
    }
}
