import CookcastCore

extension SessionStore {
    /// The latest fit of `model` of each channel of every session that has one, by session id,
    /// in channel order (the latest by `t_ms`). `cookcast fit` keeps one `cook_summary` fit per
    /// probe of a session (databases fitted before it learned from every probe hold one, of the
    /// primary probe) and learns priors from all of them.
    public func latestFitsByChannel(model: String) throws -> [Int64: [FitRecord]] {
        try read("cannot read fits from") { db in
            let select = try db.cachedStatement(
                """
                SELECT \(Rows.fitColumns), session_id FROM fits
                WHERE model = ? ORDER BY session_id, channel, t_ms
                """)
            select.bind(model, at: 1)
            defer { select.reset() }
            var result: [Int64: [FitRecord]] = [:]
            while try select.step() {
                let fit = try Rows.fit(from: select)
                let session = select.int64(at: 8)
                var fits = result.removeValue(forKey: session) ?? []
                // In time order within a channel: a later one takes the place of the one before.
                if fits.last?.channel == fit.channel { fits.removeLast() }
                fits.append(fit)
                result[session] = fits
            }
            return result
        }
    }

    /// Replaces every fit of `fit.model` of `session` with `fit`, in one transaction, so a
    /// session keeps one current fit of that model (a refit at a different moment does not leave
    /// the old one behind).
    public func replaceFits(_ fit: FitRecord, session: Int64) throws {
        try replaceFits([fit], model: fit.model, session: session)
    }

    /// Replaces every fit of `model` of `session` (whatever its channel) with `fits`, all of that
    /// model, in one transaction: `cookcast fit` stores one summary per probe this way, and a
    /// probe no longer fitted does not keep an old one.
    public func replaceFits(_ fits: [FitRecord], model: String, session: Int64) throws {
        try replaceFits(fits, model: model, session: session, channels: nil)
    }

    /// Replaces the fits of `model` of `session` on `channels` with `fits`, each of that model on
    /// one of them, in one transaction; the session's fits on other channels stay as they are
    /// (`cookcast fit --cut` replaces the summaries of the probes of that cut only).
    public func replaceFits(_ fits: [FitRecord], model: String, session: Int64, channels: Set<Int>) throws {
        try replaceFits(fits, model: model, session: session, channels: Optional(channels))
    }

    /// Replaces the fits of `model` of `session`, on `channels` only when given, with `fits`.
    private func replaceFits(_ fits: [FitRecord], model: String, session: Int64, channels: Set<Int>?) throws {
        precondition(fits.allSatisfy { $0.model == model }, "fits of one model")
        precondition(channels.map { c in fits.allSatisfy { c.contains($0.channel) } } ?? true, "fits on those channels")
        let parameters = try fits.map { try JSONCoding.encode($0.parameters) }
        try write("cannot store a fit in") { db in
            if let channels {
                let delete = try db.cachedStatement(
                    "DELETE FROM fits WHERE session_id = ? AND model = ? AND channel = ?")
                for channel in channels.sorted() {
                    delete.bind(session, at: 1)
                    delete.bind(model, at: 2)
                    delete.bind(channel, at: 3)
                    try delete.run()
                }
            } else {
                let delete = try db.cachedStatement("DELETE FROM fits WHERE session_id = ? AND model = ?")
                delete.bind(session, at: 1)
                delete.bind(model, at: 2)
                try delete.run()
            }
            let insert = try db.cachedStatement(
                """
                INSERT INTO fits (session_id, channel, t_ms, model, parameters, eta_s, eta_lo_s, eta_hi_s, phase)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for (fit, parameters) in zip(fits, parameters) {
                Rows.bind(fit, parameters: parameters, session: session, to: insert)
                try insert.run()
            }
        }
    }

    /// Replaces every stored prior of `model` with `priors`, in one transaction: a cut that no
    /// longer has a cook to learn from loses its prior (and falls back to the shipped one).
    public func replacePriors(model: String, with priors: [PriorRecord]) throws {
        try write("cannot save priors in") { db in
            let delete = try db.cachedStatement("DELETE FROM priors WHERE model = ?")
            delete.bind(model, at: 1)
            try delete.run()
            let insert = try db.cachedStatement(Rows.replacePriorSQL)
            for prior in priors {
                try Rows.bind(prior, to: insert)
                try insert.run()
            }
        }
    }
}
