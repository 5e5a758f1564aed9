/// What became of readings given to the store together (a batch, an import): how many were
/// stored, set aside and skipped as duplicates (`AppendOutcome`, one reading's).
public struct AppendTally: Sendable, Hashable {
    /// Stored in `readings`.
    public var stored = 0
    /// Stored in `set_aside_readings`: another reading with other values holds their time.
    public var setAside = 0
    /// Not written: the same values are stored at their time already.
    public var duplicates = 0

    /// A tally.
    public init(stored: Int = 0, setAside: Int = 0, duplicates: Int = 0) {
        self.stored = stored
        self.setAside = setAside
        self.duplicates = duplicates
    }

    /// Every reading counted: stored, set aside or duplicate.
    public var total: Int { stored + setAside + duplicates }

    /// Counts one reading's outcome.
    public mutating func count(_ outcome: AppendOutcome) {
        switch outcome {
        case .stored: stored += 1
        case .setAside: setAside += 1
        case .duplicate: duplicates += 1
        }
    }
}
