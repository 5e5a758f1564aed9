/// Where a session stands.
public enum SessionStatus: String, Sendable, Hashable, Codable {
    /// Being recorded now (or the recorder was killed; `live` resumes it).
    case active
    /// Ended normally (source ended, target reached and stopped, Ctrl-C).
    case finished
    /// Imported from a file or another app.
    case imported
}

/// A cook's metadata: one row of the `sessions` table.
public struct SessionInfo: Sendable, Hashable, Codable {
    /// Database id; nil before the session is stored.
    public var id: Int64?
    /// Wall-clock start (the session's time zero) in milliseconds since the Unix epoch, UTC.
    public var startedAtUnixMs: Int64
    /// Wall-clock end in milliseconds since the Unix epoch, nil while active.
    public var endedAtUnixMs: Int64?
    /// Canonical cut name (see `CutCatalog`), if known.
    public var cut: String?
    /// Free-form name, e.g. "Thanksgiving turkey".
    public var name: String?
    /// Target internal temperature in degrees Celsius.
    public var targetCelsius: Double?
    /// Weight of the meat in kilograms, if known.
    public var weightKg: Double?
    /// Probe address or vendor id; for a `live` session recorded with a probe profile,
    /// `profile:NAME` (`profile:ibbq`), which resuming it decodes with.
    public var probeId: String?
    /// Where the data came from, e.g. `simulate:turkey`, `sample:brisket`, `replay:cook.csv`, `import:combustion`.
    public var source: String
    /// The `source` prefix of a cook played by the built-in simulator (`simulate:turkey`).
    public static let simulatedSourcePrefix = "simulate:"
    /// Whether the cook was played by the built-in simulator (`live --simulate`): not a real cook.
    public var isSimulated: Bool { source.hasPrefix(Self.simulatedSourcePrefix) }
    /// The `source` prefix of a shipped sample cook played by `live --sample` (`sample:brisket`).
    public static let sampleSourcePrefix = "sample:"
    /// Whether the cook is a shipped sample (`live --sample`): a real cook, but not the user's, and
    /// one the shipped priors were already learned from.
    public var isSample: Bool { source.hasPrefix(Self.sampleSourcePrefix) }
    /// Whether cookcast played the cook itself, a simulation or a shipped sample: stored and shown
    /// like any other, but never learned from (`cookcast fit`, `live` at the end of a cook), since
    /// it is not a cook of the user's own.
    public var isPlayedByCookcast: Bool { isSimulated || isSample }
    /// Free-form notes.
    public var notes: String?
    /// Lifecycle state.
    public var status: SessionStatus
    /// Offset of the local wall clock from UTC in seconds for imports of local-time exports.
    public var utcOffsetSeconds: Int?
    /// Hash of the imported file's content, so the same file is not imported twice.
    public var contentHash: String?
    /// The content hash of the cook this session holds when another session carries it as its
    /// `contentHash` (which is unique): a whole-file `live --replay` of a file imported before.
    /// The sessions holding one cook are learned from once (`FitJob.sameCookSessions`).
    public var sameCookHash: String?

    /// Creates session metadata.
    public init(
        id: Int64? = nil, startedAtUnixMs: Int64, endedAtUnixMs: Int64? = nil, cut: String? = nil,
        name: String? = nil, targetCelsius: Double? = nil, weightKg: Double? = nil, probeId: String? = nil,
        source: String, notes: String? = nil, status: SessionStatus = .active, utcOffsetSeconds: Int? = nil,
        contentHash: String? = nil, sameCookHash: String? = nil
    ) {
        self.id = id
        self.startedAtUnixMs = startedAtUnixMs
        self.endedAtUnixMs = endedAtUnixMs
        self.cut = cut
        self.name = name
        self.targetCelsius = targetCelsius
        self.weightKg = weightKg
        self.probeId = probeId
        self.source = source
        self.notes = notes
        self.status = status
        self.utcOffsetSeconds = utcOffsetSeconds
        self.contentHash = contentHash
        self.sameCookHash = sameCookHash
    }
}
