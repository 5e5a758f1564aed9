/// How much the published finish has been revised: each grid step files the finish it published,
/// and a horizon later the finish then published is compared with it, as a fraction of the time
/// that was left. A finish that keeps moving (after the fire changed, on the way to a plateau) is
/// not one to narrow the band around, however well the model forecasts the next degrees.
/// Bounded: at most 400 pending finishes.
struct FinishRevisions: Sendable {
    private struct Pending: Sendable {
        var filedAt: Double
        var finishSeconds: Double
    }
    private var pending = DueQueue<Pending>(capacity: 400)
    /// Mean squared revision as a fraction of the time that was left (each at most 1).
    private(set) var msRelative = 0.0
    /// How many revisions `msRelative` has scored.
    private(set) var count = 0
    var rmsRelative: Double { msRelative.squareRoot() }

    /// Files the finish published at `now`, to be compared with the one published at `due`.
    mutating func file(due: Double, now: Double, finishSeconds: Double) {
        guard finishSeconds.isFinite, finishSeconds > now else { return }
        pending.append(Pending(filedAt: now, finishSeconds: finishSeconds), due: due)
    }

    /// Scores every filed finish that is due by `now` against `finishSeconds`, published now.
    mutating func settle(now: Double, finishSeconds: Double) {
        guard finishSeconds.isFinite else { return }
        while let p = pending.popDue(now: now) {
            let revision = (finishSeconds - p.finishSeconds) / (p.finishSeconds - p.filedAt)
            let r = min(1, revision * revision)
            msRelative = count == 0 ? r : 0.95 * msRelative + 0.05 * r
            count += 1
        }
    }
}
