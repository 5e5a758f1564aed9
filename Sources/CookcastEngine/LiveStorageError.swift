import CookcastCore

/// A live run stopped because the database refused a write for a reason other than a lock or a
/// full disk (disk I/O, a read-only file), stayed locked after Ctrl-C until the user asked again
/// to stop (or the deadline passed), or had no room still at Ctrl-C or when the input ended: what
/// was stored stays stored, what was received and not stored is in `unsaved`, the session stays
/// open for `live --resume`.
public struct LiveStorageError: Error, Sendable, CustomStringConvertible {
    /// The session being recorded.
    public var sessionID: Int64
    /// Readings this run stored before the failure.
    public var readingsStored: Int
    /// The store's one-line error, e.g. `cannot append a reading to /x.db: disk I/O error`.
    public var reason: String
    /// What this run received and could not store, in the order received (session times).
    public var unsaved: [Unsaved]
    /// Whether another connection's lock stopped the run: the database takes no write until it
    /// is let go.
    public var isLocked = false

    /// A reading or an event that was not stored.
    public enum Unsaved: Sendable, Hashable {
        case reading(Reading)
        case event(SessionEvent)
    }

    /// Creates the error.
    public init(sessionID: Int64, readingsStored: Int, reason: String, unsaved: [Unsaved] = []) {
        self.sessionID = sessionID
        self.readingsStored = readingsStored
        self.reason = reason
        self.unsaved = unsaved
    }

    /// The readings in `unsaved`.
    public var unsavedReadings: [Reading] {
        unsaved.compactMap { if case .reading(let r) = $0 { r } else { nil } }
    }

    /// The events in `unsaved`.
    public var unsavedEvents: [SessionEvent] {
        unsaved.compactMap { if case .event(let e) = $0 { e } else { nil } }
    }

    /// What happened, without what to do next: `session 3 stopped: <reason>; 120 readings of
    /// this run are stored`.
    public var outcome: String {
        "session \(sessionID) stopped: \(reason); \(Counted.words(readingsStored, "reading")) of this run "
            + (readingsStored == 1 ? "is" : "are") + " stored"
    }

    /// What to do next with a recording: continue it with `--resume` once the database can be
    /// written.
    public var resumeAdvice: String {
        "continue it with --resume \(sessionID) once the database can be written"
    }

    /// `outcome`, then `resumeAdvice`.
    public var description: String { "\(outcome); \(resumeAdvice)" }
}
