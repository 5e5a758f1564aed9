import CookcastCore

/// What the estimator is doing, shown to the user.
public enum EstimatePhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// Too few readings to say anything yet.
    case collectingData = "collecting_data"
    /// The probe is warming but the curve does not yet pin the finish; the ETA leans on priors.
    case warming
    /// A fitted model drives the ETA.
    case predicting
    /// The temperature is on a plateau (evaporative stall); the ETA comes from past cooks of the cut.
    case stalled
    /// The probe has reached the target.
    case done
    /// The probe reads like it is no longer in the meat (fast fall, or jumped to the air temperature).
    case probeOut = "probe_out"
    /// At the current air temperature the target will not be reached (air at or below the target,
    /// or the probe is flat or cooling).
    case unreachable

    /// Whether an estimate in this phase has a finish worth showing as a time. Out of reach (past
    /// cooks' usual length) or out of the meat (the finish from before it came out, held at the
    /// moment asked once passed) the finish is a placeholder for callers that need a number (json,
    /// `predict --format seconds`, the scorer): a clock time and a countdown would say it is
    /// coming, and it is never overdue.
    public var showsFinish: Bool { self != .unreachable && self != .probeOut }
}

/// The answer to "when will it be done?" at one moment, for one probe or a session.
public struct Estimate: Sendable, Hashable, Codable {
    /// Session time at which the estimate was made, seconds.
    public var elapsedSeconds: Double
    /// Predicted time the target is reached, seconds since session start (nil when there is none).
    public var finishSeconds: Double?
    /// 80 % interval of the finish, seconds since session start (lower, upper).
    public var finishLowSeconds: Double?
    public var finishHighSeconds: Double?
    /// Phase shown to the user.
    public var phase: EstimatePhase
    /// One line for the user, e.g. "stalled at 68 C for 1 h 20 min; expect about 2 h more".
    public var message: String
    /// Which rung of the ladder produced it: `conduction`, `newton`, `slope`, `stall`, `prior`, ...
    public var model: String
    /// Fitted parameters by name, units in the names.
    public var parameters: [String: Double]
    /// Latest cleaned probe temperature, Celsius.
    public var probeCelsius: Double?
    /// Target, Celsius.
    public var targetCelsius: Double
    /// Channel the estimate is for (0 for a session-wide estimate).
    public var channel: Int
    /// When the finish passed without the target, more than a minute before the moment asked
    /// about, the finish the model had given, seconds since session start (the shown finish is
    /// then that moment: "in 0s" said it was due now, not that it was late); nil otherwise.
    public var overdueSinceSeconds: Double? = nil

    /// Creates an estimate.
    public init(
        elapsedSeconds: Double, finishSeconds: Double?, finishLowSeconds: Double?, finishHighSeconds: Double?,
        phase: EstimatePhase, message: String, model: String, parameters: [String: Double] = [:],
        probeCelsius: Double?, targetCelsius: Double, channel: Int = 1
    ) {
        self.elapsedSeconds = elapsedSeconds
        self.finishSeconds = finishSeconds
        self.finishLowSeconds = finishLowSeconds
        self.finishHighSeconds = finishHighSeconds
        self.phase = phase
        self.message = message
        self.model = model
        self.parameters = parameters
        self.probeCelsius = probeCelsius
        self.targetCelsius = targetCelsius
        self.channel = channel
    }

    /// Seconds left from `seconds` (never negative; nil without a finish).
    public func remainingSeconds(at seconds: Double) -> Double? {
        finishSeconds.map { max(0, $0 - seconds) }
    }

    /// The estimate as a row of the `fits` table.
    public var fitRecord: FitRecord {
        FitRecord(
            elapsedSeconds: elapsedSeconds, channel: channel, model: model, parameters: parameters,
            etaSeconds: finishSeconds, etaLowSeconds: finishLowSeconds, etaHighSeconds: finishHighSeconds,
            phase: phase.rawValue)
    }
}

/// Human-readable duration, e.g. `1 h 05 min`, `12 min`; under half a minute but not none,
/// `1 min` ("about 0 min left" with 19 s to go read as done).
func formatDuration(_ seconds: Double) -> String { formatMinutes(shownMinutes(seconds)) }

/// The whole minutes `formatDuration` shows for `seconds`.
func shownMinutes(_ seconds: Double) -> Int {
    let s = max(0, seconds.isFinite ? seconds : 0)
    return max(s > 0 ? 1 : 0, Int((s / 60).rounded()))
}

/// `formatDuration` of whole minutes.
func formatMinutes(_ m: Int) -> String {
    if m < 60 { return "\(m) min" }
    let h = m / 60, r = m % 60
    return r < 10 ? "\(h) h 0\(r) min" : "\(h) h \(r) min"
}
