import CookcastCore

/// A session's reading count, last time and hottest probe without a scan of its readings.
///
/// Each channel's `reading_digests` row covers its readings up to `through_t_ms`; the readings
/// after that time (the channel's tail) are counted when asked, through the primary key. Every
/// write keeps that true in its own transaction:
///
/// - a live reading later than its channel's row (`SessionStore.append(_:session:linkEpoch:)`)
///   is only stored, by one `INSERT ... SELECT ... WHERE` that stores it only when it comes after
///   the row: one statement and one commit, as before the digest. It joins the tail, which
///   `fold` moves into the row (every `foldThreshold` readings a store appends to a session, and
///   when the session finishes);
/// - every other insert (`Batch`: a replay's batch, an import, `import --into`, a live duplicate
///   or a reading older than the row) folds the tail of a channel it writes, if it has one,
///   then counts the readings it stores into the rows: one upsert per channel per transaction.
///
/// A kill at any moment therefore leaves rows and tails adding up to every stored reading. The
/// sums equal the aggregates `cookcast sessions` used to take over all readings (`COUNT(*)`,
/// `MAX(t_ms)`, and `MAX(hottestProbeSQL)`, the highest probe value that is not a device's error
/// code): a fold is those aggregates over the tail, and a batch adds the values it bound (SQLite
/// stores a NaN as NULL, so `Totals` skips one too).
enum ReadingDigest {
    /// Readings a store appends to a session after its digests before it folds them in: bounds
    /// the tail a summary counts per session (and what a fold reads) to about this many.
    static let foldThreshold = 1024

    /// A reading's `probe_c` as the hottest probe counts it: NULL for a device's error code
    /// (`Reading.deviceSentinelCelsius`). Stored as received, a probe's 327.6 listed a cook that
    /// peaked at 70 C as "max temp 327.6 C" (schema version 6 recomputed the digests it topped).
    static let hottestProbeSQL =
        "CASE WHEN probe_c IN (\(Reading.deviceSentinelCelsius.map { "\($0)" }.joined(separator: ", "))) THEN NULL ELSE probe_c END"

    /// `celsius` as the hottest probe counts it (`hottestProbeSQL`): nil for a device's error code.
    static func hottestProbe(_ celsius: Double?) -> Double? {
        celsius.flatMap { Reading.isDeviceSentinel($0) ? nil : $0 }
    }

    /// Count, last time and hottest probe of some readings.
    struct Totals: Equatable {
        /// Number of readings.
        var count: Int64 = 0
        /// Latest `t_ms`, nil with no readings.
        var lastMilliseconds: Int64?
        /// Highest probe temperature, degrees Celsius (`hottestProbeSQL`); nil when no reading has one.
        var maxProbeCelsius: Double?

        /// Adds readings with these totals.
        mutating func add(count: Int64, lastMilliseconds: Int64?, maxProbeCelsius: Double?) {
            self.count += count
            if let last = lastMilliseconds, self.lastMilliseconds.map({ last > $0 }) ?? true {
                self.lastMilliseconds = last
            }
            if let probe = maxProbeCelsius, !probe.isNaN, self.maxProbeCelsius.map({ probe > $0 }) ?? true {
                self.maxProbeCelsius = probe
            }
        }
    }

    /// Stores a reading (bound as `Rows.bind` binds it) only when it comes after everything its
    /// channel's digest covers; otherwise, or for a duplicate, nothing changes. One statement,
    /// so a live reading is still one commit.
    static let insertAfterDigestSQL = """
        INSERT OR IGNORE INTO readings (session_id, channel, t_ms, probe_c, ambient_c, battery_pct, link_epoch)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
        WHERE ?3 > coalesce(
            (SELECT through_t_ms FROM reading_digests WHERE session_id = ?1 AND channel = ?2), \(Int64.min))
        """

    /// The readings one transaction stores, counted per channel and added to the digests at the
    /// end (`store`). `channelIndex` comes before the first reading of each channel is inserted.
    struct Batch {
        let session: Int64
        // Few channels per session, and runs of readings on one: a linear search from the last.
        private var channels: [Int] = []
        private var added: [Totals] = []
        private var last = 0

        /// A batch of `session`'s readings.
        init(session: Int64) { self.session = session }

        /// Where `channel`'s readings are counted; the first time, its tail (if any) is folded into
        /// its digest, so that the readings counted here are all those after the digest at `store`.
        @inline(__always)
        mutating func channelIndex(_ channel: Int, db: SQLiteConnection) throws -> Int {
            if last < channels.count, channels[last] == channel { return last }
            return try otherChannelIndex(channel, db: db)
        }

        private mutating func otherChannelIndex(_ channel: Int, db: SQLiteConnection) throws -> Int {
            if let found = channels.firstIndex(of: channel) {
                last = found
                return found
            }
            // A seek finds whether there is a tail; the fold's aggregate costs more even over none.
            let tail = try db.cachedStatement(
                """
                SELECT 1 FROM readings WHERE session_id = ?1 AND channel = ?2 AND t_ms > coalesce(
                    (SELECT through_t_ms FROM reading_digests WHERE session_id = ?1 AND channel = ?2), \(Int64.min))
                LIMIT 1
                """)
            defer { tail.reset() }
            tail.bind(session, at: 1)
            tail.bind(channel, at: 2)
            if try tail.step() { try ReadingDigest.fold(session: session, channel: channel, db: db) }
            channels.append(channel)
            added.append(Totals())
            last = channels.count - 1
            return last
        }

        /// Counts a reading just stored (new, not a duplicate) at `index` (from `channelIndex`).
        @inline(__always)
        mutating func count(_ reading: Reading, milliseconds: Int64, at index: Int) {
            added[index].add(
                count: 1, lastMilliseconds: milliseconds,
                maxProbeCelsius: ReadingDigest.hottestProbe(reading.probeCelsius))
        }

        /// Adds what was counted to the digests.
        func store(db: SQLiteConnection) throws {
            let upsert = try db.cachedStatement(
                """
                INSERT INTO reading_digests (session_id, channel, through_t_ms, reading_count, max_probe_c)
                VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT (session_id, channel) DO UPDATE SET
                    through_t_ms = max(through_t_ms, excluded.through_t_ms),
                    reading_count = reading_count + excluded.reading_count,
                    max_probe_c = coalesce(max(max_probe_c, excluded.max_probe_c), max_probe_c, excluded.max_probe_c)
                """)
            for (channel, totals) in zip(channels, added) {
                guard let last = totals.lastMilliseconds else { continue }
                upsert.bind(session, at: 1)
                upsert.bind(channel, at: 2)
                upsert.bind(last, at: 3)
                upsert.bind(totals.count, at: 4)
                upsert.bind(totals.maxProbeCelsius, at: 5)
                try upsert.run()
            }
        }
    }

    /// Moves every channel's tail into its digest.
    static func fold(session: Int64, db: SQLiteConnection) throws {
        for channel in try SessionStore.readingChannels(session: session, db: db) {
            try fold(session: session, channel: channel, db: db)
        }
    }

    /// Moves `channel`'s tail into its digest (creating the row when the channel has none).
    static func fold(session: Int64, channel: Int, db: SQLiteConnection) throws {
        // The scalar max() of a NULL is NULL; the aggregate MAX() skips it, and so does coalesce.
        let upsert = try db.cachedStatement(
            """
            INSERT INTO reading_digests (session_id, channel, through_t_ms, reading_count, max_probe_c)
            SELECT session_id, channel, MAX(t_ms), COUNT(*), MAX(\(hottestProbeSQL)) FROM readings
            WHERE session_id = ?1 AND channel = ?2 AND t_ms > coalesce(
                (SELECT through_t_ms FROM reading_digests WHERE session_id = ?1 AND channel = ?2), \(Int64.min))
            GROUP BY session_id, channel
            ON CONFLICT (session_id, channel) DO UPDATE SET
                through_t_ms = excluded.through_t_ms,
                reading_count = reading_count + excluded.reading_count,
                max_probe_c = coalesce(max(max_probe_c, excluded.max_probe_c), max_probe_c, excluded.max_probe_c)
            """)
        upsert.bind(session, at: 1)
        upsert.bind(channel, at: 2)
        try upsert.run()
    }

    /// The totals of all of `session`'s readings: each channel's digest and its tail. The hottest
    /// probe is a meat probe's: a channel of role `sensor` (a Combustion's thermistors along the
    /// probe, its surface) counts its readings only ("max temp 130.0 C" for a pork shoulder whose
    /// core peaked at 95.4 C).
    static func totals(session: Int64, db: SQLiteConnection) throws -> Totals {
        let sensorSelect = try db.cachedStatement(
            "SELECT channel FROM channels WHERE session_id = ? AND role = 'sensor'")
        defer { sensorSelect.reset() }
        sensorSelect.bind(session, at: 1)
        var sensors = Set<Int>()
        while try sensorSelect.step() { sensors.insert(Int(sensorSelect.int64(at: 0))) }
        let digests = try db.cachedStatement(
            "SELECT channel, through_t_ms, reading_count, max_probe_c FROM reading_digests WHERE session_id = ?")
        defer { digests.reset() }
        digests.bind(session, at: 1)
        var rows: [Int: (through: Int64, count: Int64, maxProbeCelsius: Double?)] = [:]
        while try digests.step() {
            rows[Int(digests.int64(at: 0))] = (
                digests.int64(at: 1), digests.int64(at: 2), digests.optionalDouble(at: 3)
            )
        }
        let tail = try db.cachedStatement(
            """
            SELECT COUNT(*), MAX(t_ms), MAX(\(hottestProbeSQL)) FROM readings
            WHERE session_id = ? AND channel = ? AND t_ms > ?
            """)
        defer { tail.reset() }
        var totals = Totals()
        // Channels with readings only: a digest left by readings deleted by hand adds nothing.
        for channel in try SessionStore.readingChannels(session: session, db: db) {
            let row = rows[channel]
            let countsProbe = !sensors.contains(channel)
            if let row {
                totals.add(
                    count: row.count, lastMilliseconds: row.through,
                    maxProbeCelsius: countsProbe ? row.maxProbeCelsius : nil)
            }
            tail.bind(session, at: 1)
            tail.bind(channel, at: 2)
            tail.bind(row?.through ?? Int64.min, at: 3)
            guard try tail.step() else { continue }
            totals.add(
                count: tail.int64(at: 0), lastMilliseconds: tail.optionalInt64(at: 1),
                maxProbeCelsius: countsProbe ? tail.optionalDouble(at: 2) : nil)
            tail.reset()
        }
        return totals
    }
}
