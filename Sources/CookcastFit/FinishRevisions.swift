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
    /// Revisions as a fraction of the time that was left.
    private var record = MissRecord()
    /// Mean squared revision as a fraction of the time that was left (each at most 1).
    var msRelative: Double { record.meanSquare }
    /// How many finishes filed since the count last restarted have been scored.
    var count: Int { record.count }
    var rmsRelative: Double { record.rms }

    /// Files the finish published at `now`, to be compared with the one published at `due`.
    mutating func file(due: Double, now: Double, finishSeconds: Double) {
        guard finishSeconds.isFinite, finishSeconds > now else { return }
        pending.append(Pending(filedAt: now, finishSeconds: finishSeconds), due: due)
    }

    /// Counts the record's revisions afresh: every revision still enters the record, but only
    /// finishes filed from `now` on count, and until enough of them have been scored it does not
    /// vouch for the finish.
    mutating func restartCount(now: Double) { record.restartCount(now: now) }

    /// Scores every filed finish that is due by `now` against `finishSeconds`, published now.
    mutating func settle(now: Double, finishSeconds: Double) {
        guard finishSeconds.isFinite else { return }
        while let p = pending.popDue(now: now) {
            let revision = (finishSeconds - p.finishSeconds) / (p.finishSeconds - p.filedAt)
            record.add(relativeMiss: revision, filedAt: p.filedAt)
        }
    }
}
