import CookcastCore
import CookcastFit

/// What the live pipeline shows about the finish time at one moment.
public struct ETASnapshot: Sendable, Hashable {
    /// Phase shown to the user (`collecting data`, `warming`, `predicting`, `stalled`, `done`, ...).
    public var phase: String
    /// Predicted time the target is reached, seconds since the session start; nil when there is none.
    public var finishSeconds: Double?
    /// 80 % interval, seconds since the session start.
    public var lowSeconds: Double?
    public var highSeconds: Double?
    /// One-line explanation (why there is no ETA, what the model sees).
    public var message: String
    /// Whether a fitted model stands behind the finish (predicting or stalled), so alarms may use it;
    /// early-phase finishes come from priors and can swing.
    public var isConfident: Bool
    /// The probe the finish is for (the slowest of several; a probe's own snapshot in
    /// `ETAMoment.probes`, its channel); nil when unknown.
    public var channel: Int?
    /// A lost probe's (phase `lost`) last finish before it fell silent, seconds since the session
    /// start: no ETA any more (`finishSeconds` is nil), only what it said last. Nil otherwise.
    public var lastFinishSeconds: Double?
    /// When the finish passed without the target (more than a minute ago), the finish the model
    /// had given, seconds since the session start; `finishSeconds` is then the moment asked about.
    public var overdueSinceSeconds: Double?

    /// Whether the finish is worth showing as a time (`EstimatePhase.showsFinish`): out of reach
    /// or out of the meat it is a placeholder for callers that need a number.
    public var showsFinish: Bool {
        phase != EstimatePhase.unreachable.shownName && phase != EstimatePhase.probeOut.shownName
    }

    /// Creates a snapshot.
    public init(
        phase: String, finishSeconds: Double?, lowSeconds: Double?, highSeconds: Double?, message: String,
        isConfident: Bool = false
    ) {
        self.phase = phase
        self.finishSeconds = finishSeconds
        self.lowSeconds = lowSeconds
        self.highSeconds = highSeconds
        self.message = message
        self.isConfident = isConfident
    }

    /// Before any model has an answer.
    public static let collecting = ETASnapshot(
        phase: "collecting data", finishSeconds: nil, lowSeconds: nil, highSeconds: nil, message: "collecting data")

    /// A session without a target (no `--target` and no `--cut`), or a probe without one: there
    /// will be no ETA, and the view says so for the whole cook instead of "collecting data" (which
    /// read as one to come).
    public static let noTarget = ETASnapshot(
        phase: "no target", finishSeconds: nil, lowSeconds: nil, highSeconds: nil,
        message: "none (no target: give --target or --cut)")
}

/// What the ETA says at one moment, from one pass over the probes' estimates.
public struct ETAMoment: Sendable {
    /// The session's estimate (the slowest probe's).
    public var snapshot: ETASnapshot
    /// Every meat probe's own estimate, by ascending channel, each with its `channel`: a probe
    /// whose meat is done says `done` from then on (its finish the time it got there), one out of
    /// the meat `probe out`, one silent past the probe-lost limit `lost` (no finish, its last in
    /// `lastFinishSeconds`), one without a target `no target` (no finish). Empty before the first
    /// probe reading.
    public var probes: [ETASnapshot]
    /// Fits to store at this moment (at most one per probe and fit-grid step); empty when nothing
    /// new.
    public var fitsToStore: [FitRecord]
    /// The probes whose meat is done, each with its estimate's words (`done: ...`), so the target
    /// alarm can sound for a probe that never reads the target.
    public var doneVerdicts: [DoneVerdict]

    /// Creates a moment.
    public init(
        snapshot: ETASnapshot, probes: [ETASnapshot] = [], fitsToStore: [FitRecord] = [],
        doneVerdicts: [DoneVerdict] = []
    ) {
        self.snapshot = snapshot
        self.probes = probes
        self.fitsToStore = fitsToStore
        self.doneVerdicts = doneVerdicts
    }
}

/// The ETA slot of the live pipeline: fed every stored reading, asked what it says every tick.
public protocol ETAProvider: AnyObject {
    /// Feeds one stored reading (called after it is committed).
    func update(with reading: Reading)
    /// What it says at `elapsedSeconds` (session time): the session's estimate, each probe's, the
    /// fits to store and the done verdicts. `lostChannels`: the probes silent past the probe-lost
    /// limit (`AlarmEngine.silentChannels`), each with its last reading's time: such a probe not
    /// done is `lost` and not the session's slowest while another still reports.
    func moment(atSeconds elapsedSeconds: Double, lostChannels: [Int: Double]) -> ETAMoment
}

extension ETAProvider {
    /// What it says at `elapsedSeconds`, every probe taken as reporting.
    public func moment(atSeconds elapsedSeconds: Double) -> ETAMoment {
        moment(atSeconds: elapsedSeconds, lostChannels: [:])
    }
}

/// One probe's verdict that its meat is done.
public struct DoneVerdict: Sendable, Hashable {
    /// The probe's channel.
    public var channel: Int
    /// The estimate's words, `done: ...`.
    public var message: String

    /// Creates a verdict.
    public init(channel: Int, message: String) {
        self.channel = channel
        self.message = message
    }
}
