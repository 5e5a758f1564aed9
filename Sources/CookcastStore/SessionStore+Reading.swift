import CookcastCore

extension SessionStore {
    /// The session whose imported file had this content hash, if stored.
    public func sessionID(contentHash: String) throws -> Int64? {
        try withConnection("cannot read sessions from") { db in
            let select = try db.cachedStatement("SELECT id FROM sessions WHERE content_hash = ?")
            select.bind(contentHash, at: 1)
            defer { select.reset() }
            return try select.step() ? select.int64(at: 0) : nil
        }
    }

    /// Sessions recorded here (not imported: no content hash) that started at `startedAtUnixMs`,
    /// in id order: the candidates for a cook exported from this database and imported back.
    public func recordedSessionIDs(startedAtUnixMs: Int64) throws -> [Int64] {
        try withConnection("cannot read sessions from") { db in
            let select = try db.cachedStatement(
                "SELECT id FROM sessions WHERE started_at_ms = ? AND content_hash IS NULL ORDER BY id")
            select.bind(startedAtUnixMs, at: 1)
            defer { select.reset() }
            var ids: [Int64] = []
            while try select.step() { ids.append(select.int64(at: 0)) }
            return ids
        }
    }

    /// Every session with a digest of its readings, in id order.
    ///
    /// Reads each session's `reading_digests` rows and the readings stored after them
    /// (`ReadingDigest`), not every reading: 1.6 s -> 0.03 s for a season's 219 cooks and
    /// 20.7 M readings.
    public func sessions() throws -> [SessionSummary] {
        try read("cannot read sessions from") { db in
            let select = try db.prepare("SELECT \(Rows.sessionColumns) FROM sessions ORDER BY id")
            var result: [SessionSummary] = []
            while try select.step() { result.append(try Self.summary(of: try Rows.session(from: select), db: db)) }
            return result
        }
    }

    /// One session with the digest `sessions()` gives it, or nil when there is none with this id.
    public func summary(session id: Int64) throws -> SessionSummary? {
        try read("cannot read a session from") { db in
            try Self.session(id, db: db).map { try Self.summary(of: $0, db: db) }
        }
    }

    private static func summary(of info: SessionInfo, db: SQLiteConnection) throws -> SessionSummary {
        let id = info.id ?? 0
        let totals = try ReadingDigest.totals(session: id, db: db)
        return SessionSummary(
            id: id, info: info, readingCount: Int(totals.count),
            durationSeconds: totals.lastMilliseconds.map(Rows.seconds), maxProbeCelsius: totals.maxProbeCelsius,
            setAsideCount: try setAsideCount(session: id, db: db))
    }

    /// Every session id, ascending (cheap: no scan of the readings).
    public func sessionIDs() throws -> [Int64] {
        try read("cannot read sessions from") { db in
            let select = try db.prepare("SELECT id FROM sessions ORDER BY id")
            var ids: [Int64] = []
            while try select.step() { ids.append(select.int64(at: 0)) }
            return ids
        }
    }

    /// A session's metadata, or nil when there is none with this id.
    public func session(_ id: Int64) throws -> SessionInfo? {
        try withConnection("cannot read a session from") { db in try Self.session(id, db: db) }
    }

    /// A session's channels, in channel order.
    public func channels(session: Int64) throws -> [ChannelInfo] {
        try withConnection("cannot read channels from") { db in try Self.channels(session: session, db: db) }
    }

    /// A session's readings ordered by channel, then time; only `channel`'s when given.
    ///
    /// This is the fast path for refitting: one prepared statement walking the primary key.
    public func readings(session: Int64, channel: Int? = nil) throws -> [Reading] {
        try withConnection("cannot read readings from") { db in
            try Self.readings(session: session, channel: channel, db: db)
        }
    }

    /// One channel's readings in time order with their temperatures only (no battery): what
    /// fitting reads. Three columns where `readings` reads five, the channel being the one asked
    /// for: the read was 40 % of `cookcast fit`'s instructions, a column about 10 % of that.
    public func temperatureReadings(session: Int64, channel: Int) throws -> [Reading] {
        try withConnection("cannot read readings from") { db in
            let select = try db.cachedStatement(
                "SELECT t_ms, probe_c, ambient_c FROM readings WHERE session_id = ? AND channel = ? ORDER BY t_ms")
            select.bind(session, at: 1)
            select.bind(channel, at: 2)
            defer { select.reset() }
            var result: [Reading] = []
            while try select.step() {
                result.append(
                    Reading(
                        channel: channel, elapsedSeconds: Rows.seconds(select.int64(at: 0)),
                        probeCelsius: select.optionalDouble(at: 1), ambientCelsius: select.optionalDouble(at: 2)))
            }
            return result
        }
    }

    /// The first `limit` readings with a probe temperature of the session's lowest channel that
    /// has one, oldest first (through the primary key: a few rows, whatever the session's size).
    public func firstProbeReadings(session: Int64, limit: Int) throws -> [Reading] {
        guard limit > 0 else { return [] }
        return try read("cannot read readings from") { db in
            let first = try db.cachedStatement(
                """
                SELECT \(Rows.readingColumns) FROM readings
                WHERE session_id = ? AND channel = ? AND probe_c IS NOT NULL ORDER BY t_ms LIMIT ?
                """)
            for channel in try Self.readingChannels(session: session, db: db) {
                first.bind(session, at: 1)
                first.bind(channel, at: 2)
                first.bind(Int64(limit), at: 3)
                let readings = try Rows.collectReadings(first)
                if !readings.isEmpty { return readings }
            }
            return []
        }
    }

    /// The newest `limit` readings over all channels, oldest first (ties by channel).
    ///
    /// Uses the primary key per channel, so it stays fast on a long live session.
    public func lastReadings(session: Int64, limit: Int) throws -> [Reading] {
        guard limit > 0 else { return [] }
        return try read("cannot read readings from") { db in
            let newest = try db.cachedStatement(
                """
                SELECT \(Rows.readingColumns) FROM readings WHERE session_id = ? AND channel = ?
                ORDER BY t_ms DESC LIMIT ?
                """)
            var result: [Reading] = []
            for channel in try Self.readingChannels(session: session, db: db) {
                newest.bind(session, at: 1)
                newest.bind(channel, at: 2)
                newest.bind(Int64(limit), at: 3)
                result += try Rows.collectReadings(newest)
            }
            result.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
            return Array(result.suffix(limit))
        }
    }

    /// The probe temperature `session` stored for `channel` at `milliseconds`, if any.
    public func probeCelsius(session: Int64, channel: Int, atMilliseconds milliseconds: Int64) throws -> Double? {
        try withConnection("cannot read readings from") { db in
            let select = try db.cachedStatement(
                "SELECT probe_c FROM readings WHERE session_id = ? AND channel = ? AND t_ms = ?")
            defer { select.reset() }
            select.bind(session, at: 1)
            select.bind(channel, at: 2)
            select.bind(milliseconds, at: 3)
            return try select.step() ? select.optionalDouble(at: 0) : nil
        }
    }

    /// The reading `session` stored for `channel` at `milliseconds` (its key), if any.
    public func reading(session: Int64, channel: Int, atMilliseconds milliseconds: Int64) throws -> Reading? {
        try withConnection("cannot read readings from") { db in
            let select = try db.cachedStatement(
                """
                SELECT probe_c, ambient_c, battery_pct FROM readings
                WHERE session_id = ? AND channel = ? AND t_ms = ?
                """)
            defer { select.reset() }
            select.bind(session, at: 1)
            select.bind(channel, at: 2)
            select.bind(milliseconds, at: 3)
            guard try select.step() else { return nil }
            return Reading(
                channel: channel, elapsedSeconds: Double(milliseconds) / 1000,
                probeCelsius: select.optionalDouble(at: 0),
                ambientCelsius: select.optionalDouble(at: 1), batteryPercent: select.optionalDouble(at: 2))
        }
    }

    /// The highest `link_epoch` among a session's readings (the links it was recorded over,
    /// minus one), nil when it has none: a resumed recording goes on from the next one.
    public func lastLinkEpoch(session: Int64) throws -> Int? {
        try withConnection("cannot read readings from") { db in
            let select = try db.cachedStatement("SELECT MAX(link_epoch) FROM readings WHERE session_id = ?")
            select.bind(session, at: 1)
            defer { select.reset() }
            guard try select.step() else { return nil }
            return select.optionalInt64(at: 0).map { Int($0) }
        }
    }

    /// A session's events in time order (ties in insertion order).
    public func events(session: Int64) throws -> [SessionEvent] {
        try withConnection("cannot read events from") { db in try Self.events(session: session, db: db) }
    }

    /// A session's fits ordered by time, channel and model.
    public func fits(session: Int64) throws -> [FitRecord] {
        try withConnection("cannot read fits from") { db in
            let select = try db.cachedStatement(
                "SELECT \(Rows.fitColumns) FROM fits WHERE session_id = ? ORDER BY t_ms, channel, model")
            select.bind(session, at: 1)
            defer { select.reset() }
            var result: [FitRecord] = []
            while try select.step() { result.append(try Rows.fit(from: select)) }
            return result
        }
    }

    /// Each channel's last fit (the latest by time, then model), in channel order; only those rows
    /// are decoded (`show` of a 72 h cook decoded 25,917 to print one). Rows of `summaryModel`
    /// (what `cookcast fit` and the end of `live` store for a probe, not a prediction) come only
    /// for a channel with no other: a cook stopped short of its target showed "unfinished, no
    /// finish estimate" where the ETA it had at the stop had been. `show` and `plot` give every
    /// probe's, where the session's last fit was its highest channel's alone.
    public func lastFitOfEachChannel(session: Int64, summaryModel: String? = nil) throws -> [FitRecord] {
        try read("cannot read fits from") { db in
            let channels = try db.cachedStatement("SELECT DISTINCT channel FROM fits WHERE session_id = ? ORDER BY 1")
            channels.bind(session, at: 1)
            defer { channels.reset() }
            var ids: [Int] = []
            while try channels.step() { ids.append(Int(channels.int64(at: 0))) }
            let select = try db.cachedStatement(
                """
                SELECT \(Rows.fitColumns) FROM fits WHERE session_id = ? AND channel = ?
                ORDER BY model IS ?, t_ms DESC, model DESC LIMIT 1
                """)
            defer { select.reset() }
            var fits: [FitRecord] = []
            for channel in ids {
                select.reset()
                select.bind(session, at: 1)
                select.bind(Int64(channel), at: 2)
                select.bind(summaryModel, at: 3)
                if try select.step() { fits.append(try Rows.fit(from: select)) }
            }
            return fits
        }
    }

    /// A session's extra series, ordered by channel and name, points in time order.
    public func series(session: Int64) throws -> [NamedSeries] {
        try withConnection("cannot read series from") { db in try Self.series(session: session, db: db) }
    }

    /// Everything stored for a session (for export), or nil when there is none with this id.
    ///
    /// Readings are in time order (ties by channel), as `RecordedCook` documents; the readings
    /// set aside in the order received.
    public func cook(_ id: Int64) throws -> RecordedCook? {
        try read("cannot read a session from") { db in
            guard let info = try Self.session(id, db: db) else { return nil }
            var readings = try Self.readings(session: id, channel: nil, db: db)
            if let first = readings.first, readings.contains(where: { $0.channel != first.channel }) {
                readings.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
            }
            return RecordedCook(
                info: info, channels: try Self.channels(session: id, db: db), readings: readings,
                events: try Self.events(session: id, db: db), series: try Self.series(session: id, db: db),
                setAside: try Self.setAsideReadings(session: id, channel: nil, db: db))
        }
    }

    /// Every session still `active` (being recorded, or left so by a run that was stopped), oldest first.
    public func activeSessions() throws -> [SessionInfo] {
        try withConnection("cannot read sessions from") { db in
            let select = try db.cachedStatement(
                "SELECT \(Rows.sessionColumns) FROM sessions WHERE status = ? ORDER BY started_at_ms, id")
            select.bind(SessionStatus.active.rawValue, at: 1)
            defer { select.reset() }
            var result: [SessionInfo] = []
            while try select.step() { result.append(try Rows.session(from: select)) }
            return result
        }
    }

    /// The most recently started session from `source` that is still `active`, for resuming
    /// a recorder that was killed.
    public func latestActiveSession(source: String) throws -> SessionInfo? {
        try withConnection("cannot read sessions from") { db in
            let select = try db.cachedStatement(
                """
                SELECT \(Rows.sessionColumns) FROM sessions WHERE status = ? AND source = ?
                ORDER BY started_at_ms DESC, id DESC LIMIT 1
                """)
            select.bind(SessionStatus.active.rawValue, at: 1)
            select.bind(source, at: 2)
            defer { select.reset() }
            return try select.step() ? try Rows.session(from: select) : nil
        }
    }

    /// Stored priors ordered by cut and model; only `cut`'s when given.
    public func priors(cut: String? = nil) throws -> [PriorRecord] {
        try withConnection("cannot read priors from") { db in
            let columns = "cut, model, parameter_names, mean, covariance, n_cooks, updated_at_ms"
            let select = try db.cachedStatement(
                cut == nil
                    ? "SELECT \(columns) FROM priors ORDER BY cut, model"
                    : "SELECT \(columns) FROM priors WHERE cut = ? ORDER BY model")
            if let cut { select.bind(cut, at: 1) }
            defer { select.reset() }
            var result: [PriorRecord] = []
            while try select.step() {
                result.append(
                    PriorRecord(
                        cut: select.text(at: 0), model: select.text(at: 1),
                        parameterNames: try JSONCoding.decode(
                            [String].self, from: select.text(at: 2), table: "priors", column: "parameter_names"),
                        mean: try JSONCoding.decode(
                            [Double].self, from: select.text(at: 3), table: "priors", column: "mean"),
                        covariance: try JSONCoding.decode(
                            [Double].self, from: select.text(at: 4), table: "priors", column: "covariance"),
                        cookCount: Int(select.int64(at: 5)), updatedAtUnixMs: select.int64(at: 6)))
            }
            return result
        }
    }

    // MARK: Queries on a held connection

    static func session(_ id: Int64, db: SQLiteConnection) throws -> SessionInfo? {
        let select = try db.cachedStatement("SELECT \(Rows.sessionColumns) FROM sessions WHERE id = ?")
        select.bind(id, at: 1)
        defer { select.reset() }
        return try select.step() ? try Rows.session(from: select) : nil
    }

    static func channels(session: Int64, db: SQLiteConnection) throws -> [ChannelInfo] {
        let select = try db.cachedStatement(
            "SELECT channel, name, role, cut, target_c FROM channels WHERE session_id = ? ORDER BY channel")
        select.bind(session, at: 1)
        defer { select.reset() }
        var result: [ChannelInfo] = []
        while try select.step() {
            guard let role = ChannelRole(rawValue: select.text(at: 2)) else {
                throw StoreError.unexpectedValue(table: "channels", column: "role")
            }
            result.append(
                ChannelInfo(
                    channel: Int(select.int64(at: 0)), name: select.optionalText(at: 1), role: role,
                    cut: select.optionalText(at: 3), targetCelsius: select.optionalDouble(at: 4)))
        }
        return result
    }

    private static func readings(session: Int64, channel: Int?, db: SQLiteConnection) throws -> [Reading] {
        let base = "SELECT \(Rows.readingColumns) FROM readings WHERE session_id = ?"
        guard let channel else {
            let select = try db.cachedStatement(base + " ORDER BY channel, t_ms")
            select.bind(session, at: 1)
            return try Rows.collectReadings(select)
        }
        let select = try db.cachedStatement(base + " AND channel = ? ORDER BY t_ms")
        select.bind(session, at: 1)
        select.bind(channel, at: 2)
        return try Rows.collectReadings(select)
    }

    static func events(session: Int64, db: SQLiteConnection) throws -> [SessionEvent] {
        let select = try db.cachedStatement(
            "SELECT t_ms, kind, channel, detail FROM events WHERE session_id = ? ORDER BY t_ms, id")
        select.bind(session, at: 1)
        defer { select.reset() }
        var result: [SessionEvent] = []
        while try select.step() {
            result.append(
                SessionEvent(
                    elapsedSeconds: Rows.seconds(select.int64(at: 0)), kind: EventKind(rawValue: select.text(at: 1)),
                    channel: select.optionalInt64(at: 2).map { Int($0) }, detail: select.text(at: 3)))
        }
        return result
    }

    static func series(session: Int64, db: SQLiteConnection) throws -> [NamedSeries] {
        let select = try db.cachedStatement(
            "SELECT channel, name, t_ms, value FROM series WHERE session_id = ? ORDER BY channel, name, t_ms")
        select.bind(session, at: 1)
        defer { select.reset() }
        var result: [NamedSeries] = []
        while try select.step() {
            let channel = Int(select.int64(at: 0))
            let name = select.text(at: 1)
            // NULL values (written by other tools) are skipped: a point needs a number.
            guard let value = select.optionalDouble(at: 3) else { continue }
            let point = NamedSeries.Point(elapsedSeconds: Rows.seconds(select.int64(at: 2)), value: value)
            if let last = result.last, last.channel == channel, last.name == name {
                result[result.count - 1].points.append(point)
            } else {
                result.append(NamedSeries(name: name, channel: channel, points: [point]))
            }
        }
        return result
    }
}
