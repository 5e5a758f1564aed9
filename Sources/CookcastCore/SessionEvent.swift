/// Kinds of things that happen during a cook. An open set: new kinds need no migration.
public struct EventKind: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The link to the probe came up.
    public static let connected: EventKind = "connected"
    /// The link to the probe dropped.
    public static let disconnected: EventKind = "disconnected"
    /// A packet failed to decode; detail holds the reason and bytes.
    public static let decodeError: EventKind = "decode_error"
    /// A status packet (logged when it changes).
    public static let probeStatus: EventKind = "probe_status"
    /// An alarm fired; detail holds which.
    public static let alarm: EventKind = "alarm"
    /// The cook entered or left a stall.
    public static let stall: EventKind = "stall"
    /// The probe went into the meat (detected or imported).
    public static let probeInserted: EventKind = "probe_inserted"
    /// The recorder resumed an interrupted session.
    public static let resumed: EventKind = "resumed"
    /// The session was started / stopped.
    public static let started: EventKind = "started"
    public static let stopped: EventKind = "stopped"
    /// A free-form note.
    public static let note: EventKind = "note"
}

/// Something that happened at a moment of a cook: one row of the `events` table.
public struct SessionEvent: Sendable, Hashable, Codable {
    /// Seconds since the session start.
    public var elapsedSeconds: Double
    /// What happened.
    public var kind: EventKind
    /// Channel concerned, if any.
    public var channel: Int?
    /// Human-readable detail (one line).
    public var detail: String

    /// Creates an event.
    public init(elapsedSeconds: Double, kind: EventKind, channel: Int? = nil, detail: String = "") {
        self.elapsedSeconds = elapsedSeconds
        self.kind = kind
        self.channel = channel
        self.detail = detail
    }
}
