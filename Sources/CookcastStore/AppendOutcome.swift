/// Where the store put one reading it was given (`SessionStore.append(_:session:linkEpoch:)`).
///
/// The key of `readings` (session, channel, millisecond) holds one reading: the curve that the
/// ETA, `fit`, `export` and `plot` read. A reading at a key already held is a duplicate when its
/// values are the stored ones, bit for bit (a re-delivered packet, a line sent again), and is
/// set aside otherwise (a feeder's clock that restarted): never dropped, never in place of the
/// stored one.
public enum AppendOutcome: Sendable, Hashable {
    /// Stored in `readings`.
    case stored
    /// The same values are stored at its channel and millisecond (in `readings` or set aside):
    /// nothing was written.
    case duplicate
    /// Another reading with other values holds its channel and millisecond: stored in
    /// `set_aside_readings`, in the same commit.
    case setAside
}
