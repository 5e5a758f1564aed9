import Foundation

/// The air (or water bath) around the meat, stepped forward in time.
///
/// Air temperature = start transient (door dip or cold-start ramp) + calibration offset +
/// controller cycling + slow Ornstein-Uhlenbeck wander - lid-open deficit. Lid openings arrive as
/// a Poisson process: while open, the air relaxes toward the room; after closing it recovers.
/// A water bath has only a small load dip and a tiny controller ripple.
public struct AirTemperatureModel: Sendable {
    /// What heats the meat.
    public enum Kind: String, Sendable, Hashable {
        /// A preheated or cold-started oven.
        case oven
        /// A smoker/pit: larger swings, more lid openings.
        case smoker
        /// A circulating water bath (sous vide).
        case waterBath
    }

    /// Randomly drawn parameters of one cook's air.
    public struct Parameters: Sendable, Hashable {
        public var kind: Kind
        /// Controller set point in Celsius.
        public var setPointCelsius: Double
        /// Room temperature in Celsius (what an open lid drifts toward).
        public var roomCelsius: Double
        /// Dial calibration error in Celsius.
        public var offsetCelsius: Double
        /// Preheated (door dip at load) or cold start (ramp from room).
        public var isPreheated: Bool
        /// Door dip at load in Celsius and its recovery time constant in seconds.
        public var loadDipCelsius: Double
        public var loadRecoverySeconds: Double
        /// Cold-start ramp rate in Celsius per second.
        public var rampCelsiusPerSecond: Double
        /// Controller cycling amplitude (Celsius) and period (seconds).
        public var cycleAmplitudeCelsius: Double
        public var cyclePeriodSeconds: Double
        /// Wander standard deviation (Celsius) and correlation time (seconds).
        public var wanderSigmaCelsius: Double
        public var wanderTimeSeconds: Double
        /// Lid openings per second (Poisson rate) and their duration range in seconds.
        public var lidOpeningsPerSecond: Double
        public var lidOpenSeconds: ClosedRange<Double>
        /// Recovery time constant after a lid closes, seconds.
        public var lidRecoverySeconds: Double
    }

    /// This cook's parameters.
    public let parameters: Parameters
    private var random: SimulationRandom
    private var wander = 0.0
    private var cyclePhase: Double
    private var lidDeficit = 0.0
    private var lidOpenUntil = -Double.infinity
    private var nextLidAt: Double
    /// Number of lid openings so far (including forced ones, e.g. wrapping).
    public private(set) var lidOpenings = 0
    /// Current time in seconds.
    public private(set) var elapsedSeconds = 0.0

    /// Starts the air at the moment the meat goes in.
    public init(parameters: Parameters, random: SimulationRandom) {
        self.parameters = parameters
        self.random = random
        cyclePhase = self.random.uniform(0...(2 * Double.pi))
        nextLidAt = self.random.exponentialWait(ratePerSecond: parameters.lidOpeningsPerSecond)
        // No peeking in the first 15 minutes.
        nextLidAt += 900
    }

    /// True while the lid/door is open.
    public var isLidOpen: Bool { elapsedSeconds < lidOpenUntil }

    /// Opens the lid now for `durationSeconds` (basting, wrapping).
    public mutating func openLid(durationSeconds: Double) {
        lidOpenUntil = max(lidOpenUntil, elapsedSeconds + durationSeconds)
        lidOpenings += 1
    }

    /// The controller's intended temperature (start transient, offset and cycling), Celsius.
    private func nominal(at t: Double) -> Double {
        let p = parameters
        var base = p.setPointCelsius + p.offsetCelsius
        var cycleWeight = 1.0
        if p.isPreheated {
            base -= p.loadDipCelsius * exp(-t / p.loadRecoverySeconds)
        } else {
            // Ramp up from the room at the burner's rate, easing exponentially into the set point.
            let span = max(base - p.roomCelsius, 1)
            let linear = p.rampCelsiusPerSecond * t
            base = p.roomCelsius + span * (1 - exp(-linear / span))
            cycleWeight = min(1, linear / span)
        }
        let phase = 2 * Double.pi * t / p.cyclePeriodSeconds + cyclePhase
        let cycle = p.cycleAmplitudeCelsius * (sin(phase) + 0.3 * sin(2 * phase + 1.1))
        return base + cycleWeight * cycle
    }

    /// Advances by `dtSeconds` and returns the air temperature (Celsius) at the new time.
    public mutating func advance(dtSeconds dt: Double) -> Double {
        elapsedSeconds += dt
        let t = elapsedSeconds
        let p = parameters
        // Exact OU update for the wander.
        let decay = exp(-dt / p.wanderTimeSeconds)
        wander = wander * decay + p.wanderSigmaCelsius * (1 - decay * decay).squareRoot() * random.gaussian()
        if t >= nextLidAt {
            openLid(durationSeconds: random.uniform(p.lidOpenSeconds))
            nextLidAt = t + random.exponentialWait(ratePerSecond: p.lidOpeningsPerSecond)
        }
        let nominal = nominal(at: t) + wander
        if t < lidOpenUntil {
            // Open: the air heads for the room within about a minute (a bath barely notices).
            let gap = nominal - p.roomCelsius
            let rate = p.kind == .waterBath ? 0.002 : 1.0 / 60
            lidDeficit += (gap - lidDeficit) * (1 - exp(-dt * rate))
        } else {
            lidDeficit *= exp(-dt / p.lidRecoverySeconds)
        }
        return nominal - lidDeficit
    }
}
