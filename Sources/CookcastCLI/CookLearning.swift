import CookcastCore
import CookcastEngine
import CookcastFit
import CookcastStore

/// What a cook recorded by `cookcast live` teaches the predictor as soon as it ends: the session is
/// fitted and the per-cut priors learned again, as `cookcast fit SESSION` does (with the shipped
/// cooks and every other stored cook, the never-fitted ones fitted too), so the next cook of the cut
/// starts from it without the user running `fit`. Nothing is learned from a cook cookcast played
/// itself (a simulation, a shipped sample), nor from one whose probes never reached their target.
enum CookLearning {
    /// Fits session `sessionID` and relearns the priors. Must run after the session's recorder let
    /// go of its `RecordingLock` (a session being recorded is not learned from).
    /// - Returns: one line for the user (`learned from this cook: the brisket prior now holds 4
    ///   cooks`), or nil when there was nothing to learn.
    static func learn(
        from sessionID: Int64, store: SessionStore, models: ModelLibrary, nowUnixMs: Int64
    ) throws -> String? {
        guard let info = try store.session(sessionID), !info.isPlayedByCookcast else { return nil }
        let job = FitJob(
            store: store, catalog: models.cuts, shippedCooks: try PriorLibrary.shippedCooks(models: models))
        let (cooks, skipped) = try job.load(sessionIDs: [sessionID], probes: .every)
        _ = try job.refit(cooks, skipped: skipped)
        guard !cooks.isEmpty else { return nil }
        let (others, _) = try job.refitNeverFitted(excluding: [sessionID])
        let priors = try job.learnPriors(refitted: cooks + others, nowUnixMs: nowUnixMs).priors
        let cuts = Set(cooks.map { $0.summary.cut }).filter { $0 != "generic" }.sorted()
        let held = cuts.compactMap { cut in
            priors.first { $0.cut == cut }.map { "the \(cut) prior now holds \(Counted.words($0.cookCount, "cook"))" }
        }
        guard !held.isEmpty else {
            let all = priors.first { $0.cut == "generic" }?.cookCount ?? 0
            return "learned from this cook: the generic prior (no cut) now holds \(Counted.words(all, "cook"))"
        }
        return "learned from this cook: " + held.joined(separator: ", ")
    }
}
