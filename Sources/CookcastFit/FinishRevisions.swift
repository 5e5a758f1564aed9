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
    /// How many finishes filed since `countedSince` `msRelative` has scored.
    private(set) var count = 0
    var rmsRelative: Double { msRelative.squareRoot() }
    private var started = false
    private var countedSince = -Double.infinity

    /// Files the finish published at `now`, to be compared with the one published at `due`.
    mutating func file(due: Double, now: Double, finishSeconds: Double) {
        guard finishSeconds.isFinite, finishSeconds > now else { return }
        pending.append(Pending(filedAt: now, finishSeconds: finishSeconds), due: due)
    }

    /// Counts the record's revisions afresh: every revision still enters the record, but only
    /// finishes filed from `now` on count, and until enough of them have been scored it does not
    /// vouch for the finish.
    mutating func restartCount(now: Double) {
        count = 0
        countedSince = now
    }

    /// Scores every filed finish that is due by `now` against `finishSeconds`, published now.
    mutating func settle(now: Double, finishSeconds: Double) {
        guard finishSeconds.isFinite else { return }
        while let p = pending.popDue(now: now) {
            let revision = (finishSeconds - p.finishSeconds) / (p.finishSeconds - p.filedAt)
            let r = min(1, revision * revision)
            msRelative = started ? 0.95 * msRelative + 0.05 * r : r
            started = true
            if p.filedAt >= countedSince { count += 1 }
        }
    }
}
