import CookcastCore

/// Mapping between the core value types and table rows (internal; callers hold the lock).
enum Rows {
    // MARK: Time

    /// Seconds since the session start to the stored `t_ms` (rounded to the millisecond).
    @inline(__always)
    static func milliseconds(_ seconds: Double) -> Int64 {
        let ms = (seconds * 1000).rounded()
        // Clamp instead of trapping on NaN or absurd values; such a time is a caller bug.
        guard ms.isFinite else { return 0 }
        return Int64(max(min(ms, 9.0e15), -9.0e15))
    }

    /// Stored `t_ms` back to seconds; exact for times given with millisecond precision.
    @inline(__always)
    static func seconds(_ milliseconds: Int64) -> Double { Double(milliseconds) / 1000 }

    // MARK: Sessions

    static let sessionColumns = """
        id, started_at_ms, ended_at_ms, cut, name, target_c, weight_kg, probe_id, source, notes, status,
        utc_offset_s, content_hash, same_cook_hash
        """

    /// Binds every column but `id` to parameters 1...13.
    static func bindSessionColumns(_ info: SessionInfo, to statement: SQLiteStatement) {
        statement.bind(info.startedAtUnixMs, at: 1)
        statement.bind(info.endedAtUnixMs, at: 2)
        statement.bind(info.cut, at: 3)
        statement.bind(info.name, at: 4)
        statement.bind(info.targetCelsius, at: 5)
        statement.bind(info.weightKg, at: 6)
        statement.bind(info.probeId, at: 7)
        statement.bind(info.source, at: 8)
        statement.bind(info.notes, at: 9)
        statement.bind(info.status.rawValue, at: 10)
        statement.bind(info.utcOffsetSeconds, at: 11)
        statement.bind(info.contentHash, at: 12)
        statement.bind(info.sameCookHash, at: 13)
    }

    /// Reads a row selected with `sessionColumns` starting at column `first`.
    static func session(from statement: SQLiteStatement, first: Int32 = 0) throws -> SessionInfo {
        guard let status = SessionStatus(rawValue: statement.text(at: first + 10)) else {
            throw StoreError.unexpectedValue(table: "sessions", column: "status")
        }
        return SessionInfo(
            id: statement.int64(at: first), startedAtUnixMs: statement.int64(at: first + 1),
            endedAtUnixMs: statement.optionalInt64(at: first + 2), cut: statement.optionalText(at: first + 3),
            name: statement.optionalText(at: first + 4), targetCelsius: statement.optionalDouble(at: first + 5),
            weightKg: statement.optionalDouble(at: first + 6), probeId: statement.optionalText(at: first + 7),
            source: statement.text(at: first + 8), notes: statement.optionalText(at: first + 9), status: status,
            utcOffsetSeconds: statement.optionalInt64(at: first + 11).map { Int($0) },
            contentHash: statement.optionalText(at: first + 12), sameCookHash: statement.optionalText(at: first + 13))
    }

    static func insertSession(_ info: SessionInfo, db: SQLiteConnection) throws -> Int64 {
        let insert = try db.cachedStatement(
            """
            INSERT INTO sessions (started_at_ms, ended_at_ms, cut, name, target_c, weight_kg, probe_id, source,
                notes, status, utc_offset_s, content_hash, same_cook_hash)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        bindSessionColumns(info, to: insert)
        try insert.run()
        return db.lastInsertRowID
    }

    // MARK: Channels

    /// Stores channels of `session`; a channel already stored is replaced, or kept as it is when
    /// `keepingStored`.
    static func insertChannels(
        _ channels: [ChannelInfo], session: Int64, keepingStored: Bool = false, db: SQLiteConnection
    ) throws {
        let insert = try db.cachedStatement(
            "INSERT OR \(keepingStored ? "IGNORE" : "REPLACE") INTO channels "
                + "(session_id, channel, name, role, cut, target_c) VALUES (?, ?, ?, ?, ?, ?)")
        for channel in channels {
            insert.bind(session, at: 1)
            insert.bind(channel.channel, at: 2)
            insert.bind(channel.name, at: 3)
            insert.bind(channel.role.rawValue, at: 4)
            insert.bind(channel.cut, at: 5)
            insert.bind(channel.targetCelsius, at: 6)
            try insert.run()
        }
    }

    // MARK: Readings

    static let insertReadingSQL = """
        INSERT OR IGNORE INTO readings (session_id, channel, t_ms, probe_c, ambient_c, battery_pct, link_epoch)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    /// Sets a reading aside (bound as `bind` binds it, after `insertReadingSQL` found its key
    /// taken) unless its values are those stored at its key, in `readings` or set aside already:
    /// then it is a duplicate and nothing is written. `IS` compares NULLs as equal and numbers
    /// exactly, so only the same values, bit for bit, are a duplicate.
    static let setAsideReadingSQL = """
        INSERT INTO set_aside_readings (session_id, channel, t_ms, probe_c, ambient_c, battery_pct, link_epoch, reason)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'other_values'
        WHERE NOT EXISTS (
                SELECT 1 FROM readings WHERE session_id = ?1 AND channel = ?2 AND t_ms = ?3
                    AND probe_c IS ?4 AND ambient_c IS ?5 AND battery_pct IS ?6)
            AND NOT EXISTS (
                SELECT 1 FROM set_aside_readings WHERE session_id = ?1 AND channel = ?2 AND t_ms = ?3
                    AND probe_c IS ?4 AND ambient_c IS ?5 AND battery_pct IS ?6)
        """

    /// Columns read by `reading(from:)`.
    static let readingColumns = "channel, t_ms, probe_c, ambient_c, battery_pct"

    /// Binds a reading to `insertReadingSQL`'s parameters; `milliseconds` is its time, when
    /// the caller has it already.
    @inline(__always)
    static func bind(
        _ reading: Reading, milliseconds ms: Int64? = nil, session: Int64, linkEpoch: Int, to statement: SQLiteStatement
    ) {
        statement.bind(session, at: 1)
        statement.bind(Int64(reading.channel), at: 2)
        statement.bind(ms ?? milliseconds(reading.elapsedSeconds), at: 3)
        statement.bind(reading.probeCelsius, at: 4)
        statement.bind(reading.ambientCelsius, at: 5)
        statement.bind(reading.batteryPercent, at: 6)
        statement.bind(Int64(linkEpoch), at: 7)
    }

    /// `INSERT OR REPLACE` of a prior; bind it with `bind(_:to:)`.
    static let replacePriorSQL = """
        INSERT OR REPLACE INTO priors
            (cut, model, parameter_names, mean, covariance, n_cooks, updated_at_ms)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    /// Binds a prior to `replacePriorSQL`, its arrays encoded as JSON.
    static func bind(_ prior: PriorRecord, to statement: SQLiteStatement) throws {
        statement.bind(prior.cut, at: 1)
        statement.bind(prior.model, at: 2)
        statement.bind(try JSONCoding.encode(prior.parameterNames), at: 3)
        statement.bind(try JSONCoding.encode(prior.mean), at: 4)
        statement.bind(try JSONCoding.encode(prior.covariance), at: 5)
        statement.bind(prior.cookCount, at: 6)
        statement.bind(prior.updatedAtUnixMs, at: 7)
    }

    /// Columns read by `fit(from:)`, first in a `SELECT`.
    static let fitColumns = "channel, t_ms, model, parameters, eta_s, eta_lo_s, eta_hi_s, phase"

    /// A fit row selected with `fitColumns` first.
    static func fit(from statement: SQLiteStatement) throws -> FitRecord {
        let parameters = try JSONCoding.decode(
            [String: Double].self, from: statement.text(at: 3), table: "fits", column: "parameters")
        return FitRecord(
            elapsedSeconds: seconds(statement.int64(at: 1)), channel: Int(statement.int64(at: 0)),
            model: statement.text(at: 2), parameters: parameters, etaSeconds: statement.optionalDouble(at: 4),
            etaLowSeconds: statement.optionalDouble(at: 5), etaHighSeconds: statement.optionalDouble(at: 6),
            phase: statement.text(at: 7))
    }

    /// Binds a fit to `INSERT INTO fits (session_id, channel, t_ms, model, parameters, eta_s,
    /// eta_lo_s, eta_hi_s, phase)`, its parameters already encoded as JSON.
    static func bind(_ fit: FitRecord, parameters: String, session: Int64, to statement: SQLiteStatement) {
        statement.bind(session, at: 1)
        statement.bind(fit.channel, at: 2)
        statement.bind(milliseconds(fit.elapsedSeconds), at: 3)
        statement.bind(fit.model, at: 4)
        statement.bind(parameters, at: 5)
        statement.bind(fit.etaSeconds, at: 6)
        statement.bind(fit.etaLowSeconds, at: 7)
        statement.bind(fit.etaHighSeconds, at: 8)
        statement.bind(fit.phase, at: 9)
    }

    @inline(__always)
    static func reading(from statement: SQLiteStatement) -> Reading {
        Reading(
            channel: Int(statement.int64(at: 0)), elapsedSeconds: seconds(statement.int64(at: 1)),
            probeCelsius: statement.optionalDouble(at: 2), ambientCelsius: statement.optionalDouble(at: 3),
            batteryPercent: statement.optionalDouble(at: 4))
    }

    /// Inserts readings (caller opens the transaction) and counts the new ones into their
    /// channels' digests (`ReadingDigest.Batch`). A reading whose key is taken is set aside when
    /// its values differ (`setAsideReadingSQL`), in the same transaction, else skipped as a
    /// duplicate; in order, so a batch's second reading at a time is set aside as a later one is.
    static func insertReadings(_ readings: [Reading], session: Int64, linkEpoch: Int, db: SQLiteConnection) throws
        -> AppendTally
    {
        let insert = try db.cachedStatement(insertReadingSQL)
        var digests = ReadingDigest.Batch(session: session)
        var tally = AppendTally()
        for reading in readings {
            let channel = try digests.channelIndex(reading.channel, db: db)
            let ms = milliseconds(reading.elapsedSeconds)
            bind(reading, milliseconds: ms, session: session, linkEpoch: linkEpoch, to: insert)
            _ = try insert.step()
            let isNew = db.changes == 1
            insert.reset()
            guard isNew else {
                tally.count(try setAside(reading, milliseconds: ms, session: session, linkEpoch: linkEpoch, db: db))
                continue
            }
            tally.stored += 1
            digests.count(reading, milliseconds: ms, at: channel)
        }
        try digests.store(db: db)
        return tally
    }

    /// Sets aside `reading`, whose key `readings` holds (caller's transaction): `.setAside`, or
    /// `.duplicate` when its values are stored at its key already.
    static func setAside(
        _ reading: Reading, milliseconds ms: Int64, session: Int64, linkEpoch: Int, db: SQLiteConnection
    ) throws -> AppendOutcome {
        let insert = try db.cachedStatement(setAsideReadingSQL)
        bind(reading, milliseconds: ms, session: session, linkEpoch: linkEpoch, to: insert)
        try insert.run()
        return db.changes == 1 ? .setAside : .duplicate
    }

    /// Runs a prepared reading query to the end.
    static func collectReadings(_ statement: SQLiteStatement, capacity: Int = 0) throws -> [Reading] {
        var result: [Reading] = []
        result.reserveCapacity(capacity)
        while try statement.step() {
            result.append(reading(from: statement))
        }
        statement.reset()
        return result
    }

    // MARK: Events and series

    /// Inserts `events`; with `skippingStored`, an event the session has (same millisecond, kind,
    /// channel and detail) is skipped once for each time it is stored. Returns how many were inserted.
    @discardableResult
    static func insertEvents(
        _ events: [SessionEvent], session: Int64, skippingStored: Bool = false, db: SQLiteConnection
    ) throws -> Int {
        let insert = try db.cachedStatement(
            "INSERT INTO events (session_id, t_ms, kind, channel, detail) VALUES (?, ?, ?, ?, ?)")
        struct Key: Hashable {
            var ms: Int64
            var kind: String
            var channel: Int?
            var detail: String
        }
        func bind(_ key: Key, to statement: SQLiteStatement) {
            statement.bind(session, at: 1)
            statement.bind(key.ms, at: 2)
            statement.bind(key.kind, at: 3)
            statement.bind(key.channel, at: 4)
            statement.bind(key.detail, at: 5)
        }
        // Counted before this call inserts any, so the file's own repeats are not taken as stored.
        var storedLeft: [Key: Int] = [:]
        var inserted = 0
        for event in events {
            let key = Key(
                ms: milliseconds(event.elapsedSeconds), kind: event.kind.rawValue, channel: event.channel,
                detail: event.detail)
            if skippingStored {
                if storedLeft[key] == nil {
                    let count = try db.cachedStatement(
                        "SELECT COUNT(*) FROM events WHERE session_id = ? AND t_ms = ? AND kind = ? AND channel IS ? "
                            + "AND detail = ?")
                    bind(key, to: count)
                    defer { count.reset() }
                    _ = try count.step()
                    storedLeft[key] = Int(count.int64(at: 0))
                }
                if let left = storedLeft[key], left > 0 {
                    storedLeft[key] = left - 1
                    continue
                }
            }
            bind(key, to: insert)
            try insert.run()
            inserted += 1
        }
        return inserted
    }

    static func insertSeries(_ series: [NamedSeries], session: Int64, db: SQLiteConnection) throws {
        let insert = try db.cachedStatement(
            "INSERT OR REPLACE INTO series (session_id, channel, name, t_ms, value) VALUES (?, ?, ?, ?, ?)")
        for one in series {
            for point in one.points {
                insert.bind(session, at: 1)
                insert.bind(one.channel, at: 2)
                insert.bind(one.name, at: 3)
                insert.bind(milliseconds(point.elapsedSeconds), at: 4)
                insert.bind(point.value, at: 5)
                try insert.run()
            }
        }
    }
}
