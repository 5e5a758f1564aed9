import CookcastCore

/// Whose clock the times of `live --stdin --resume` lines are on. A program feeding cookcast
/// either starts counting from zero again when it is restarted with it (its times are then
/// shifted to where the session resumes, as a probe's are), or writes times on the cook's own
/// clock, continuing it or sending its log again (`tail -f cook.csv`), and those stay as they
/// are. Adding the resume point to every time stored a log sent again a second time after the
/// first, and a continued clock twice as far on.
///
/// The first timed readings decide: the first one at or after the last stored reading (and past
/// half of where the session resumes) continues the session's clock; the first three equal to the
/// stored readings at their channel and millisecond are the log again when they could not be a
/// feeder counting from zero with the probe as it is now: they vary, or they start past the
/// session's first minute (a log sent with an overlap, `tail -n 50`), or they lie a degree or
/// more from the last stored probe reading (a warming cook's first lines, 0.01 C apart); anything
/// else counts from the restart. When in doubt it counts from the restart: a restarted feeder
/// whose readings were taken for stored ones would lose them as duplicates, while the other
/// mistake stores a log twice. Until the choice is made (at most three readings), timed events
/// are held back.
public struct FeederClock: Sendable {
    /// Where the session resumes, seconds on its clock (`timeOffsetSeconds` of the pipeline).
    public let resumeAtSeconds: Double
    /// The session's last stored reading, seconds on its clock; nil when it has none.
    public let lastStoredSeconds: Double?
    /// That reading's probe temperature, Celsius: what a feeder restarted now reads, about.
    public let lastStoredProbeCelsius: Double?
    /// Seconds added to timed lines, once decided.
    public private(set) var shiftSeconds: Double?
    /// What was decided, in words, once decided.
    public private(set) var note: String?
    /// The session's stored probe reading of a channel at a millisecond, if any.
    private let storedProbeCelsius: @Sendable (_ channel: Int, _ milliseconds: Int64) -> Double?
    private var held: [(event: SourceEvent, reading: Reading?)] = []

    /// How many readings equal to stored ones make a log sent again.
    static let matchesNeeded = 3
    /// A feeder counting from zero starts within this of the session's start, seconds.
    static let restartWindowSeconds = 60.0
    /// Readings this far from the last stored probe reading (Celsius) are not the probe now.
    static let presentCelsius = 1.0

    /// A clock resuming at `resumeAtSeconds` on a session whose last reading is at
    /// `lastStoredSeconds`; `storedProbeCelsius` looks up a stored probe reading (asked at most
    /// `matchesNeeded` times, so a long session is not loaded for it).
    public init(
        resumeAtSeconds: Double, lastStoredSeconds: Double?, lastStoredProbeCelsius: Double? = nil,
        storedProbeCelsius: @escaping @Sendable (_ channel: Int, _ milliseconds: Int64) -> Double?
    ) {
        self.resumeAtSeconds = resumeAtSeconds
        self.lastStoredSeconds = lastStoredSeconds
        self.lastStoredProbeCelsius = lastStoredProbeCelsius
        self.storedProbeCelsius = storedProbeCelsius
    }

    /// A clock resuming at `resumeAtSeconds` on a session that stored `stored`.
    public init(resumeAtSeconds: Double, stored: [Reading]) {
        var probe: [Int: [Int64: Double]] = [:]
        for reading in stored {
            if let p = reading.probeCelsius { probe[reading.channel, default: [:]][Self.milliseconds(reading)] = p }
        }
        let table = probe
        let last = stored.max { $0.elapsedSeconds < $1.elapsedSeconds }
        self.init(
            resumeAtSeconds: resumeAtSeconds, lastStoredSeconds: last?.elapsedSeconds,
            lastStoredProbeCelsius: last?.probeCelsius, storedProbeCelsius: { channel, ms in table[channel]?[ms] })
    }

    /// A reading's time in whole milliseconds, as the store keys it.
    static func milliseconds(_ reading: Reading) -> Int64 { SessionClock.milliseconds(seconds: reading.elapsedSeconds) }

    /// Takes one timed event (`reading`: what it carries, decoded, if it is a reading) and returns
    /// the events now ready, on the session's clock.
    public mutating func take(_ event: SourceEvent, reading: Reading?) -> [SourceEvent] {
        if let shiftSeconds { return [event.shifted(bySeconds: shiftSeconds)] }
        held.append((event, reading))
        let readings = held.compactMap(\.reading)
        guard let first = readings.first else { return [] }
        if let last = lastStoredSeconds, first.elapsedSeconds >= last, first.elapsedSeconds >= resumeAtSeconds / 2 {
            return decide(
                0,
                "stdin times continue the session's clock (first \(Self.seconds(first.elapsedSeconds)), last stored "
                    + "\(Self.seconds(last)))")
        }
        if !readings.allSatisfy(isStored) { return decideRestart(first) }
        if readings.count >= Self.matchesNeeded { return finish() }
        return []
    }

    /// Decides with what is held (end of input) and returns it.
    public mutating func finish() -> [SourceEvent] {
        if shiftSeconds != nil { return [] }
        let readings = held.compactMap(\.reading)
        guard let first = readings.first else { return decide(resumeAtSeconds, nil) }
        let temperatures = readings.compactMap(\.probeCelsius)
        let varies = (temperatures.max() ?? 0) - (temperatures.min() ?? 0) >= 0.05
        let pastTheStart = first.elapsedSeconds >= Self.restartWindowSeconds
        let notNow =
            lastStoredProbeCelsius.map { last in
                temperatures.allSatisfy { abs($0 - last) >= Self.presentCelsius }
            } ?? false
        if readings.count >= Self.matchesNeeded, readings.allSatisfy(isStored), varies || pastTheStart || notNow {
            return decide(
                0,
                "stdin sends again readings the session has (from \(Self.seconds(first.elapsedSeconds))): "
                    + "they are skipped, and its times are the session's")
        }
        return decideRestart(first)
    }

    private func isStored(_ reading: Reading) -> Bool {
        guard let p = reading.probeCelsius, let stored = storedProbeCelsius(reading.channel, Self.milliseconds(reading))
        else { return false }
        return abs(stored - p) < 0.05
    }

    private mutating func decideRestart(_ first: Reading) -> [SourceEvent] {
        decide(
            resumeAtSeconds,
            "stdin times start again at \(Self.seconds(first.elapsedSeconds)): placed from "
                + "\(Self.seconds(resumeAtSeconds)), where the session resumes")
    }

    private mutating func decide(_ shift: Double, _ words: String?) -> [SourceEvent] {
        shiftSeconds = shift
        note = words
        defer { held = [] }
        return held.map { $0.event.shifted(bySeconds: shift) }
    }

    private static func seconds(_ t: Double) -> String { TemperatureUnit.fixed(t, decimals: 1) + " s" }
}
