import CookcastCore

extension SessionStore {
    /// Stores a new session and its channels; returns its id (`info.id` is ignored).
    public func createSession(_ info: SessionInfo, channels: [ChannelInfo]) throws -> Int64 {
        try write("cannot create a session in") { db in
            let id = try Rows.insertSession(info, db: db)
            try Rows.insertChannels(channels, session: id, db: db)
            return id
        }
    }

    /// Registers a channel of `session` first heard during a recording (a second probe of a live
    /// cook); one already registered is left as it is.
    public func addChannel(_ channel: ChannelInfo, session: Int64) throws {
        try withConnection("cannot register a channel in") { db in
            try Rows.insertChannels([channel], session: session, keepingStored: true, db: db)
        }
    }

    /// Sets what `channel` of `session` measures, and its name when given, keeping the rest of
    /// its row (a probe given a goal of its own before it was heard, whose readings show the
    /// pit's air).
    public func setRole(_ role: ChannelRole, name: String? = nil, channel: Int, session: Int64) throws {
        try withConnection("cannot update a channel in") { db in
            let update = try db.cachedStatement(
                "UPDATE channels SET role = ?, name = COALESCE(?, name) WHERE session_id = ? AND channel = ?")
            update.bind(role.rawValue, at: 1)
            update.bind(name, at: 2)
            update.bind(session, at: 3)
            update.bind(channel, at: 4)
            try update.run()
        }
    }

    /// Stores `channel` of `session` in place of what was stored for it (a probe given a cut or
    /// target of its own when its session is resumed).
    public func setChannel(_ channel: ChannelInfo, session: Int64) throws {
        try withConnection("cannot update a channel in") { db in
            try Rows.insertChannels([channel], session: session, db: db)
        }
    }

    /// Appends one reading in its own commit (live mode: a crash loses at most this reading).
    ///
    /// A reading later than its channel's digest covers, the usual live one, is one statement
    /// that writes the reading alone; the others (a duplicate, an older time the digest covers,
    /// a fold due, one set aside) take a transaction with the digests (`ReadingDigest`).
    ///
    /// - Parameter linkEpoch: number of probe reconnects so far in this session.
    /// - Returns: `.stored`; `.duplicate` when the same values are stored at its channel and
    ///   millisecond (a re-delivered reading), which is not an error; `.setAside` when other
    ///   values are: it is kept in `set_aside_readings`, committed as a stored one is, and the
    ///   stored reading stays (`AppendOutcome`).
    @discardableResult
    public func append(_ reading: Reading, session: Int64, linkEpoch: Int = 0) throws -> AppendOutcome {
        try withConnection("cannot append a reading to") { db in
            if !isFoldDue(session: session),
                try appendAfterDigest(reading, session: session, linkEpoch: linkEpoch, db: db)
            {
                return .stored
            }
            return try db.transaction {
                if isFoldDue(session: session) { try foldDigests(session: session, db: db) }
                let tally = try Rows.insertReadings([reading], session: session, linkEpoch: linkEpoch, db: db)
                return tally.stored == 1 ? .stored : tally.setAside == 1 ? .setAside : .duplicate
            }
        }
    }

    /// Appends many readings in one transaction: each stored, set aside (another reading with
    /// other values holds its time, `AppendOutcome.setAside`) or skipped as a duplicate.
    ///
    /// - Returns: how many went each way.
    @discardableResult
    public func append(_ readings: [Reading], session: Int64, linkEpoch: Int = 0) throws -> AppendTally {
        try write("cannot append readings to") { db in
            try Rows.insertReadings(readings, session: session, linkEpoch: linkEpoch, db: db)
        }
    }

    /// Appends an event.
    public func append(_ event: SessionEvent, session: Int64) throws {
        _ = try withConnection("cannot append an event to") { db in
            try Rows.insertEvents([event], session: session, db: db)
        }
    }

    /// Stores a fit, replacing one with the same channel, millisecond and model.
    public func append(_ fit: FitRecord, session: Int64) throws {
        let parameters = try JSONCoding.encode(fit.parameters)
        try withConnection("cannot store a fit in") { db in
            let upsert = try db.cachedStatement(
                """
                INSERT INTO fits (session_id, channel, t_ms, model, parameters, eta_s, eta_lo_s, eta_hi_s, phase)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (session_id, channel, t_ms, model) DO UPDATE SET
                    parameters = excluded.parameters, eta_s = excluded.eta_s, eta_lo_s = excluded.eta_lo_s,
                    eta_hi_s = excluded.eta_hi_s, phase = excluded.phase
                """)
            Rows.bind(fit, parameters: parameters, session: session, to: upsert)
            try upsert.run()
        }
    }

    /// Stores the points of a series in one transaction, replacing points at the same millisecond.
    public func append(_ series: NamedSeries, session: Int64) throws {
        try write("cannot append a series to") { db in
            try Rows.insertSeries([series], session: session, db: db)
        }
    }

    /// Rewrites a session's metadata (status, end, cut, target, ...) by `info.id`.
    ///
    /// - Throws: `StoreError.missingSessionID` or `.sessionNotFound`.
    public func updateSession(_ info: SessionInfo) throws {
        guard let id = info.id else { throw StoreError.missingSessionID }
        try withConnection("cannot update a session in") { db in
            let update = try db.cachedStatement(
                """
                UPDATE sessions SET started_at_ms = ?, ended_at_ms = ?, cut = ?, name = ?, target_c = ?,
                    weight_kg = ?, probe_id = ?, source = ?, notes = ?, status = ?, utc_offset_s = ?,
                    content_hash = ?, same_cook_hash = ?
                WHERE id = ?
                """)
            Rows.bindSessionColumns(info, to: update)
            update.bind(id, at: 14)
            try update.run()
            guard db.changes == 1 else { throw StoreError.sessionNotFound(id: id) }
        }
    }

    /// Marks a session finished at `endedAtUnixMs` (ms since the Unix epoch).
    ///
    /// The readings stored after the session's digests are folded into them in the same
    /// transaction, so a finished cook's summary has no tail to count.
    public func finishSession(_ id: Int64, endedAtUnixMs: Int64) throws {
        try write("cannot finish a session in") { db in
            let update = try db.cachedStatement("UPDATE sessions SET ended_at_ms = ?, status = ? WHERE id = ?")
            update.bind(endedAtUnixMs, at: 1)
            update.bind(SessionStatus.finished.rawValue, at: 2)
            update.bind(id, at: 3)
            try update.run()
            guard db.changes == 1 else { throw StoreError.sessionNotFound(id: id) }
            try foldDigests(session: id, db: db)
        }
    }

    /// Ends session `id`, if still active, as cut short: finished at its last stored reading (at
    /// its start when it has none), with a `stopped` event there saying `detail` when one is
    /// given, in one transaction. A played cook the database stopped (`live --replay` on a full
    /// disk) stayed `active`, and nothing resumes a played cook. Its digests are not folded, as
    /// `finishSession` folds them: on a full disk every page counts, and summaries count a tail.
    ///
    /// - Returns: whether the session was active, and is now finished.
    public func endCutShort(_ id: Int64, detail: String?) throws -> Bool {
        try write("cannot end a session in") { db in
            let last = try db.cachedStatement("SELECT MAX(t_ms) FROM readings WHERE session_id = ?")
            defer { last.reset() }
            last.bind(id, at: 1)
            let lastMs = try last.step() ? last.optionalInt64(at: 0) ?? 0 : 0
            let update = try db.cachedStatement(
                "UPDATE sessions SET ended_at_ms = started_at_ms + ?, status = ? WHERE id = ? AND status = ?")
            update.bind(lastMs, at: 1)
            update.bind(SessionStatus.finished.rawValue, at: 2)
            update.bind(id, at: 3)
            update.bind(SessionStatus.active.rawValue, at: 4)
            try update.run()
            guard db.changes == 1 else { return false }
            if let detail {
                let stopped = SessionEvent(elapsedSeconds: Double(lastMs) / 1000, kind: .stopped, detail: detail)
                _ = try Rows.insertEvents([stopped], session: id, db: db)
            }
            return true
        }
    }

    /// Stores a whole cook (session, channels, readings, the readings set aside, events, series)
    /// in one transaction.
    ///
    /// Nothing is written if any part fails, e.g. when `info.contentHash` is already stored.
    /// `cook.setAside` go in after its readings, so each is set aside at a time they hold (or
    /// dropped as the duplicate of one there).
    /// - Returns: the new session id (`cook.info.id` is ignored).
    public func insertCook(_ cook: RecordedCook) throws -> Int64 {
        try write("cannot import a cook into") { db in
            let id = try Rows.insertSession(cook.info, db: db)
            try Rows.insertChannels(cook.channels, session: id, db: db)
            _ = try Rows.insertReadings(cook.readings + cook.setAside, session: id, linkEpoch: 0, db: db)
            try Rows.insertEvents(cook.events, session: id, db: db)
            try Rows.insertSeries(cook.series, session: id, db: db)
            return id
        }
    }

    /// Adds `readings` to the stored session `id` in one transaction, with the channels among
    /// `channels` that the session lacks (those it has keep their names and roles). A reading
    /// already stored (same channel, millisecond and values) is skipped, so adding the same file
    /// twice adds nothing the second time; one with other values at a stored time is set aside.
    /// What brings back the readings a recording saved to a file when its database was locked
    /// (`cookcast import FILE --into ID`).
    ///
    /// - Returns: how many readings were added to `readings`.
    /// - Throws: `StoreError.sessionNotFound` when there is no session `id`.
    public func addReadings(_ readings: [Reading], channels: [ChannelInfo], session id: Int64) throws -> Int {
        try add(readings: readings, channels: channels, events: [], session: id).readings
    }

    /// Adds `readings` and `events` to the stored session `id` in one transaction: nothing of
    /// either when any part fails. Readings as `addReadings(_:channels:session:)` adds them (one
    /// with other values at a time the session stores is set aside, `AppendOutcome.setAside`;
    /// callers that take a file's reading within its format's rounding for the stored one leave
    /// it out before); an
    /// event the session already has (same millisecond, kind, channel and detail) is skipped,
    /// as many times as it is stored, so adding the same file twice adds nothing the second time
    /// and two identical events of one file are both kept. What brings back what a recording
    /// saved to files when its database was locked (`cookcast import FILE --into ID`). A finished
    /// session whose added readings or events run past its end now ends with the last of them
    /// (`show` said "ended 00:15:14" beside "duration 29m 30s"); one still open keeps no end.
    ///
    /// - Returns: how many readings were added, how many set aside, and how many events were added.
    /// - Throws: `StoreError.sessionNotFound` when there is no session `id`.
    public func add(
        readings: [Reading], channels: [ChannelInfo], events: [SessionEvent], session id: Int64
    ) throws -> (readings: Int, setAside: Int, events: Int) {
        try write("cannot add readings to") { db in
            let exists = try db.cachedStatement("SELECT 1 FROM sessions WHERE id = ?")
            defer { exists.reset() }
            exists.bind(id, at: 1)
            guard try exists.step() else { throw StoreError.sessionNotFound(id: id) }
            try Rows.insertChannels(channels, session: id, keepingStored: true, db: db)
            let tally = try Rows.insertReadings(readings, session: id, linkEpoch: 0, db: db)
            let eventsAdded = try Rows.insertEvents(events, session: id, skippingStored: true, db: db)
            let lastSeconds = (readings.map(\.elapsedSeconds) + events.map(\.elapsedSeconds)).max()
            if let lastSeconds, lastSeconds.isFinite {
                let extend = try db.cachedStatement(
                    """
                    UPDATE sessions SET ended_at_ms = started_at_ms + ?1
                    WHERE id = ?2 AND ended_at_ms IS NOT NULL AND ended_at_ms < started_at_ms + ?1
                    """)
                extend.bind(SessionClock.milliseconds(seconds: lastSeconds), at: 1)
                extend.bind(id, at: 2)
                try extend.run()
            }
            return (tally.stored, tally.setAside, eventsAdded)
        }
    }

    /// Stores a prior, replacing the one for the same cut and model.
    public func save(_ prior: PriorRecord) throws {
        try withConnection("cannot save a prior in") { db in
            let upsert = try db.cachedStatement(Rows.replacePriorSQL)
            try Rows.bind(prior, to: upsert)
            try upsert.run()
        }
    }

    /// Deletes a session and everything recorded for it.
    ///
    /// - Throws: `StoreError.sessionNotFound` when there is no such session.
    public func deleteSession(_ id: Int64) throws {
        try withConnection("cannot delete a session from") { db in
            let delete = try db.cachedStatement("DELETE FROM sessions WHERE id = ?")
            delete.bind(id, at: 1)
            try delete.run()
            guard db.changes == 1 else { throw StoreError.sessionNotFound(id: id) }
        }
    }

    /// Deletes session `id`, with its events and channels, only if it holds no reading (a
    /// `live` run that received none), set aside ones included; the check and the delete are one
    /// statement, so a session with a reading is never deleted.
    ///
    /// - Returns: whether the session was deleted (false: it has readings, or there is none).
    public func deleteSessionIfEmpty(_ id: Int64) throws -> Bool {
        try withConnection("cannot delete a session from") { db in
            let delete = try db.cachedStatement(
                """
                DELETE FROM sessions WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM readings WHERE session_id = ?1)
                    AND NOT EXISTS (SELECT 1 FROM set_aside_readings WHERE session_id = ?1)
                """)
            delete.bind(id, at: 1)
            try delete.run()
            return db.changes == 1
        }
    }
}
