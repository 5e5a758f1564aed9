import CookcastStore

/// The session store is where `cookcast import` puts cooks: `sessionID(contentHash:)`,
/// `insertCook(_:)` (one transaction per cook) and `session(_:)` already have the shape `CookSink`
/// asks for.
extension SessionStore: CookSink {}
