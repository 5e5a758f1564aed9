import CookcastCore
import CookcastFit

/// What `FitJob.learnPriors` learned, and from what.
public struct LearnedPriors: Sendable {
    /// Per-cut priors and the `generic` one, as stored.
    public var priors: [PriorRecord]
    /// The summaries they were learned from, each stored one with its session's fingerprint (`FitJob.fingerprint`)
    /// (what `fit --export-priors` writes beside them), then the shipped ones.
    public var summaries: [CookSummary]
    /// How many of the summaries are stored probes ...
    public var storedCount: Int
    /// ... of how many sessions.
    public var sessionCount: Int
    /// How many shipped cooks joined them (those the database does not hold itself).
    public var shippedCount: Int
}
