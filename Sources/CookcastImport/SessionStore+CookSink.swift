import CookcastCore
import CookcastStore

/// The session store is where `cookcast import` puts cooks: `sessionID(contentHash:)`,
/// `insertCook(_:)` (one transaction per cook) and `session(_:)` already have the shape `CookSink`
/// asks for.
extension SessionStore: CookSink {
    /// A session recorded here with the same start and the same readings as `cook`: a cook
    /// exported from this database (`export --format json`) and imported back. Recorded sessions
    /// have no content hash, so the import used to store it again, and `fit` learned the cook twice
    /// (its leave-one-out backtest then predicted it with itself among the "other" cooks).
    public func recordedSessionID(sameAs cook: RecordedCook) throws -> Int64? {
        let wanted = ContentHash.ofInTimeOrder(readings: cook.readings)
        for id in try recordedSessionIDs(startedAtUnixMs: cook.info.startedAtUnixMs) {
            let stored = try readings(session: id)
            if stored.count == cook.readings.count, ContentHash.ofInTimeOrder(readings: stored) == wanted { return id }
        }
        return nil
    }
}
