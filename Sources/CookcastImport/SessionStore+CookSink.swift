import CookcastStore

/// The session store is where `cookcast import` puts cooks: `sessionID(contentHash:)` and
/// `insertCook(_:)` (one transaction per cook) already have the shape `CookSink` asks for.
extension SessionStore: CookSink {}
