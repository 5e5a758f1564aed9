/// A live run stopped because the database refused a write for a reason other than a lock
/// (disk I/O, a read-only file, a full disk): what was stored stays stored, the session stays
/// open for `live --resume`.
public struct LiveStorageError: Error, Sendable, CustomStringConvertible {
    /// The session being recorded.
    public var sessionID: Int64
    /// Readings this run stored before the failure.
    public var readingsStored: Int
    /// The store's one-line error, e.g. `cannot append a reading to /x.db: disk I/O error`.
    public var reason: String

    /// Creates the error.
    public init(sessionID: Int64, readingsStored: Int, reason: String) {
        self.sessionID = sessionID
        self.readingsStored = readingsStored
        self.reason = reason
    }

    public var description: String {
        "session \(sessionID) stopped: \(reason); \(readingsStored) readings of this run are stored, "
            + "continue it with --resume \(sessionID) once the database can be written"
    }
}
