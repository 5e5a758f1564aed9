/// What a `ReadingSource` produces: raw packet bytes, already decoded readings, or link changes.
///
/// Times are seconds on the source's own clock, counted from the start of the session.
public enum SourceEvent: Sendable, Hashable {
    /// A notification payload, exactly as received, for `channel`.
    case packet(bytes: [UInt8], elapsedSeconds: Double, channel: Int)
    /// A reading that needs no decoding (replay files, simulator in reading mode, imports).
    case reading(Reading)
    /// The link changed state; `detail` is a human-readable reason, if any.
    case connection(ConnectionState, elapsedSeconds: Double, detail: String?)

    /// The time the event happened, in seconds since the session start.
    public var elapsedSeconds: Double {
        switch self {
        case .packet(_, let t, _): return t
        case .reading(let r): return r.elapsedSeconds
        case .connection(_, let t, _): return t
        }
    }

    /// The same event `seconds` later on the session clock.
    public func shifted(bySeconds seconds: Double) -> SourceEvent {
        switch self {
        case .packet(let bytes, let t, let channel):
            return .packet(bytes: bytes, elapsedSeconds: t + seconds, channel: channel)
        case .reading(let reading): return .reading(reading.shifted(bySeconds: seconds))
        case .connection(let state, let t, let detail):
            return .connection(state, elapsedSeconds: t + seconds, detail: detail)
        }
    }
}
