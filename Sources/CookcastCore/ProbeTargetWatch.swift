/// Watches one probe's readings for the target: when the meat reached it, and when a reading
/// above it cannot be the meat's (the probe pulled out and reading the pit).
///
/// The target counts as reached on two readings in a row at or above it with the probe's level
/// there too (`levelCelsius`: a probe's noise over the target is not the meat), once the probe has been
/// seen well under it (a probe read in the hot pit before it goes in is not a finished cook), or
/// after two minutes at or above it well under the air, or with no air known. Meat that is past the
/// target from the probe's first reading (a reheat, a cook joined late) is done at the first of
/// those readings with the air known, well under it (a probe lying in the pit reads the air).
///
/// It counts once a cook: a resting piece of meat cools through the target and a noisy probe
/// flickers across it, and each used to sound the alarm again (hundreds of times on real cooks
/// once the meat came off). Only a probe that falls far under the target (moved to another piece)
/// is watched afresh, and only a return to the target no faster than meat heats is that piece's:
/// faster, it is the same done meat (the probe moved within it, or out and back in).
///
/// The centre of a piece of meat rises at most a few degrees a minute (5 C/min for a real
/// pan-seared steak); a probe pulled out reads the pit within seconds. A reading that reaches the
/// target more than `maxRiseCelsiusPerMinute` above the reading a minute before is a probe out of
/// the meat, not a finished cook, until it reads under the target again; it is said once
/// `confirmations` readings in a row stay up (a single garbage value is not a probe out). A fall
/// far under the target re-arms the watch only when as many readings agree.
///
/// A jump is also what a probe pushed back into meat already past the target shows (moved to a
/// thicker part, or out and back in), so when the air is known the two are told apart: a probe in
/// the pit closes on the air, meat does not. A jumped probe is said out only once it reads within
/// `airMarginCelsius(air:target:)` of the air; after `backInMeatSeconds` well under the air,
/// rising no faster than `meatRiseCelsiusPerMinute`, it is in the meat again (and the target
/// counts as reached there). The real pork ribs' probe, pushed back in at 3.4 hours (57 -> 84 C in
/// two minutes under a 145 C pit) was "out of the meat" for the rest of the cook, and its target
/// never reached. Without the air a jump stays a probe out, unless the probe had rested before it
/// (its readings, a climb faster than meat aside, within `restingSpreadCelsius` of each other: the
/// room, the counter, never the heat): then it is judged once, `backInMeatSeconds` after the jump,
/// and in the meat if it read like meat since. Meat settles a probe within seconds; the pit's air
/// heats it for minutes, and settled there it would read like meat too, so the judgement is not
/// made again. Until then it is not said out.
public struct ProbeTargetWatch: Sendable {
    /// What a reading tells.
    public enum Verdict: Sendable, Equatable {
        /// Nothing new.
        case none
        /// The meat reached the target.
        case reached
        /// The probe jumped above the target faster than meat heats: out of the meat.
        case jumpedOut
    }

    /// Fastest rise the meat's centre is taken to manage, C per minute.
    public static let maxRiseCelsiusPerMinute = 10.0
    /// How far under the target a probe must fall to be watched afresh (another piece), C.
    public static let rearmBelowCelsius = 10.0
    /// How far under the target the probe must have been for two readings at it to count, C.
    public static let seenBelowCelsius = 3.0
    /// How long at or above the target counts when it was never seen under it, seconds (past it
    /// from the first reading, well under a known air, needs none: see `observe`).
    public static let startedPastSeconds = 120.0
    /// How far under a known air a probe past the target without having been seen under it must
    /// read to be meat past it, C: closer, it is a probe lying in the pit before it goes in.
    public static let startedPastBelowAirCelsius = 15.0
    /// Readings in a row that make a jump a probe out, or a fall a new piece of meat.
    public static let confirmations = 3
    /// How long a jumped probe must read like meat to be in the meat again, seconds.
    public static let backInMeatSeconds = 45.0
    /// Fastest rise that reads like meat after a jump, C per minute (a real pan-seared steak's
    /// centre: 5 C/min).
    public static let meatRiseCelsiusPerMinute = 5.0
    /// Widest spread of a probe's readings before a jump that still has it resting (never in the
    /// heat), C.
    public static let restingSpreadCelsius = 5.0

    /// How close to the air a jumped probe reads when it is in the pit: a quarter of the air's
    /// lead over the target, at least 10 C.
    public static func airMarginCelsius(air: Double, target: Double) -> Double {
        max(10, 0.25 * (air - target))
    }

    /// Whether the target alarm fired and was not re-armed since.
    public private(set) var hasReached = false
    /// Whether the target was reached at all in this cook (the ETA's verdict adds an alarm only
    /// before that).
    public private(set) var hasEverReached = false
    /// When the meat reached the target, by the latest `.reached` verdict, seconds: the first of
    /// the two readings at it, or the first reading above it of meat that started past it (nil
    /// before any such verdict).
    public private(set) var reachedSeconds: Double?
    /// Whether the probe is taken to be out of the meat (jumped above the target).
    public private(set) var isOut = false
    /// Whether it is out and `confirmations` readings in a row said so (one garbage value is not),
    /// and, when the air is known, the probe reads close to it.
    public private(set) var isConfirmedOut = false
    private var seenBelow = false
    /// When the probe jumped out, seconds.
    private var outSinceSeconds = 0.0
    /// Readings in a row since the jump (out) and far under the target (re-arm).
    private var readingsOut = 0
    private var readingsFarBelow = 0
    private var atTargetBefore = false
    /// Back in meat already past the target by a jump, and above it since: the meat it reached
    /// the target in before, when it did (see `observe`).
    private var backInMeatPastTarget = false
    private var aboveSinceSeconds: Double?
    /// Whether every reading so far was at or above the target, none close to a known air and
    /// none a jump: meat that started past the target, reached at the first of them with the air
    /// known (see `observe`).
    private var pastTargetFromFirstReading = true
    /// The lowest and highest readings so far but those of a climb faster than meat (nil before
    /// any), while they lie within `restingSpreadCelsius`: the probe is resting.
    private var restingRange: (low: Double, high: Double)?
    private var isResting = true
    /// Jumped, with no air known, after resting: waiting to be judged `backInMeatSeconds` after
    /// the jump (see the type's comment).
    private var isJudgingJumpFromRest = false
    /// The lowest reading since the watch was re-armed after the target was reached (nil before).
    private var lowSinceRearm: (seconds: Double, celsius: Double)?
    /// Recent readings, at least 5 s apart, over the last 3 minutes.
    private var recent: [(seconds: Double, celsius: Double)] = []

    /// Creates a watch with no history.
    public init() {}

    /// Feeds one probe reading against `targetCelsius`; `airCelsius` is the pit's latest reading,
    /// if known.
    public mutating func observe(
        celsius: Double, atSeconds t: Double, targetCelsius target: Double, airCelsius: Double? = nil
    ) -> Verdict {
        if firstCelsius == nil {
            firstCelsius = celsius
            firstSeconds = t
        }
        let previousSeconds = latestSeconds
        latestCelsius = celsius
        latestSeconds = t
        // Read before `remember` adds this reading, and only where it is used, at the target or
        // above: the look back over the recent readings was half of the watch's cost in `fit`.
        let jumped = celsius >= target && risesFasterThanMeat(to: celsius, atSeconds: t)
        let rested = isResting && restingRange != nil
        // A probe pushed into meat reads partway on its climb: that is the jump, not the rest.
        if isResting, !jumped, celsius >= target || !risesFasterThanMeat(to: celsius, atSeconds: t) {
            let range = (
                low: min(restingRange?.low ?? celsius, celsius), high: max(restingRange?.high ?? celsius, celsius)
            )
            restingRange = range
            isResting = range.high - range.low < Self.restingSpreadCelsius
        }
        remember(celsius, atSeconds: t)
        if celsius < target {
            pastTargetFromFirstReading = false
            atTargetBefore = false
            backInMeatPastTarget = false
            aboveSinceSeconds = nil
            leaveOut()
            if celsius < target - Self.seenBelowCelsius { seenBelow = true }
            readingsFarBelow = celsius < target - Self.rearmBelowCelsius ? readingsFarBelow + 1 : 0
            if readingsFarBelow >= Self.confirmations, hasReached {
                hasReached = false
                lowSinceRearm = nil
            }
            if hasEverReached, !hasReached, celsius < (lowSinceRearm?.celsius ?? .infinity) {
                lowSinceRearm = (t, celsius)
            }
            return .none
        }
        readingsFarBelow = 0
        if jumped, !isOut {
            isOut = true
            outSinceSeconds = t
            isJudgingJumpFromRest = airCelsius == nil && rested
        }
        if isOut {
            pastTargetFromFirstReading = false
            readingsOut += 1
            atTargetBefore = false
            if airCelsius != nil { isJudgingJumpFromRest = false }
            let nearAir = airCelsius.map { celsius >= $0 - Self.airMarginCelsius(air: $0, target: target) } ?? true
            if !nearAir || isJudgingJumpFromRest, readsLikeMeat(sinceSeconds: outSinceSeconds, atSeconds: t) {
                leaveOut()
                backInMeatPastTarget = true
                // The readings before the jump are another place: the next rise is judged from here.
                recent = [(t, celsius)]
            } else {
                if isJudgingJumpFromRest {
                    guard t - outSinceSeconds >= Self.backInMeatSeconds else { return .none }
                    isJudgingJumpFromRest = false
                }
                guard nearAir, readingsOut >= Self.confirmations, !isConfirmedOut else { return .none }
                isConfirmedOut = true
                return .jumpedOut
            }
        }
        let since = aboveSinceSeconds ?? t
        aboveSinceSeconds = since
        defer { atTargetBefore = true }
        guard !hasReached else { return .none }
        let heldAtTarget = seenBelow && atTargetBefore && levelReaches(target, atSeconds: t)
        // Past the target from the first reading, well under the air, is meat that started past
        // it (a reheat, a cook joined late): done at the first reading that knows the air (live
        // said "collecting data", "in 0s", for the first two minutes of 70 C meat against 60 C).
        // An iBBQ's pit probe comes after the meat's in a packet, so the air may be known only
        // from the second: a probe lying in the pit read the target at once. A run past the
        // target that starts later, or with no air known, must hold two minutes: a probe cooling
        // from the pit's heat into the meat passes through it.
        let underAir = airCelsius.map { $0 - celsius > Self.startedPastBelowAirCelsius }
        if underAir == false { pastTargetFromFirstReading = false }
        let startedPast =
            (underAir == true && pastTargetFromFirstReading)
            || (t - since >= Self.startedPastSeconds && underAir != false)
        if heldAtTarget || startedPast {
            hasReached = true
            // Pulled out of meat that was done (it read the room, which re-arms the watch as a
            // new piece would) and pushed back in where it was past the target: the same done
            // meat, not news. A real brisket lifted out to 19 C two hours after it reached 90 C
            // sounded "reached" a second time. A new piece heats through the target instead.
            if backInMeatPastTarget, hasEverReached { return .none }
            // Back at the target from its low since the re-arm faster than meat heats: moved
            // within the done meat, or out and back in, not a new piece heating through it. The
            // real roast chicken's probe, 16 minutes after 71 C, fell to 54 C and read 71 C again
            // 100 s later: "reached" twice.
            if hasEverReached, let low = lowSinceRearm, t > low.seconds,
                (celsius - low.celsius) / ((t - low.seconds) / 60) > Self.meatRiseCelsiusPerMinute
            {
                return .none
            }
            lowSinceRearm = nil
            hasEverReached = true
            reachedSeconds = heldAtTarget ? (previousSeconds ?? t) : since
            return .reached
        }
        return .none
    }

    /// Marks the target as reached by another verdict (the ETA's `done`, which stays done); false
    /// when it was reached before in this cook, or the probe is out of the meat.
    public mutating func markReached() -> Bool {
        guard !hasEverReached, !isOut else { return false }
        hasReached = true
        hasEverReached = true
        return true
    }

    /// The first reading, Celsius (nil before any).
    public private(set) var firstCelsius: Double?

    /// When the first reading came, seconds (nil before any).
    public private(set) var firstSeconds: Double?

    /// The latest reading, Celsius (nil before any).
    public private(set) var latestCelsius: Double?

    /// When the latest reading came, seconds (nil before any).
    public private(set) var latestSeconds: Double?

    /// How fast the probe rose over its recent readings (up to 3 minutes, or the last two of a
    /// sparse log), C per minute; nil until they span a minute.
    public var recentRiseCelsiusPerMinute: Double? {
        guard let first = recent.first, let last = recent.last, last.seconds - first.seconds >= 60 else { return nil }
        return (last.celsius - first.celsius) / ((last.seconds - first.seconds) / 60)
    }

    /// How fast the probe rose on average since its first reading, C per minute; nil until its
    /// readings span a minute. What stands in for the recent rise right after a gap, when the
    /// readings since it do not span a minute yet.
    public var averageRiseCelsiusPerMinute: Double? {
        guard let firstCelsius, let firstSeconds, let latestCelsius, let latestSeconds,
            latestSeconds - firstSeconds >= 60
        else { return nil }
        return (latestCelsius - firstCelsius) / ((latestSeconds - firstSeconds) / 60)
    }

    /// Shortest span of recent readings the probe's level is read from, seconds: under it (a sparse
    /// log, or just after a gap) the readings themselves are the level.
    public static let levelSpanSeconds = 60.0

    /// The probe's level at `t`, Celsius: the least-squares line through its recent readings (the
    /// last 3 minutes, at least 5 s apart) read at `t`; nil while they span under
    /// `levelSpanSeconds`. On a steady rise the line has no lag, and it averages a probe's noise:
    /// two noisy readings in a row over the target are not the meat there. Two such readings called
    /// every simulated sous-vide cook of five suites done a median 7.4 minutes before its core
    /// reached the target (at most 16), and slow-creeping pork shoulders up to 25 minutes early.
    public func levelCelsius(atSeconds t: Double) -> Double? {
        guard let first = recent.first, let last = recent.last, last.seconds - first.seconds >= Self.levelSpanSeconds
        else { return nil }
        return ReadingLine(recent)?.celsius(atSeconds: t)
    }

    /// Whether the probe's level (`levelCelsius`) is at `target` at `t`, or no level can be read yet.
    public func levelReaches(_ target: Double, atSeconds t: Double) -> Bool {
        levelCelsius(atSeconds: t).map { $0 >= target } ?? true
    }

    /// In the meat (again): not out.
    private mutating func leaveOut() {
        isOut = false
        isConfirmedOut = false
        readingsOut = 0
        isJudgingJumpFromRest = false
    }

    /// Whether the readings since `since` span `backInMeatSeconds` and rose no faster than meat.
    private func readsLikeMeat(sinceSeconds since: Double, atSeconds t: Double) -> Bool {
        guard t - since >= Self.backInMeatSeconds, let first = recent.first(where: { $0.seconds >= since }),
            let last = recent.last, last.seconds > first.seconds
        else { return false }
        return (last.celsius - first.celsius) / ((last.seconds - first.seconds) / 60) <= Self.meatRiseCelsiusPerMinute
    }

    /// Whether `celsius` at `t` is further above the reading a minute or more before than meat can
    /// rise in that time.
    private func risesFasterThanMeat(to celsius: Double, atSeconds t: Double) -> Bool {
        guard let reference = recent.last(where: { t - $0.seconds >= 60 }) ?? recent.first,
            t > reference.seconds
        else { return false }
        let minutes = max(1, (t - reference.seconds) / 60)
        return celsius - reference.celsius > Self.maxRiseCelsiusPerMinute * minutes
    }

    private mutating func remember(_ celsius: Double, atSeconds t: Double) {
        if let last = recent.last, t - last.seconds < 5 { return }
        recent.append((t, celsius))
        // The last reading before a gap stays, so a probe logging every few minutes is still judged.
        while recent.count > 2, t - recent[0].seconds > 180 { recent.removeFirst() }
    }
}
