import CookcastCore

extension SessionStore {
    /// The channels a session has readings on, ascending (index seeks, no scan of the readings).
    public func readingChannels(session: Int64) throws -> [Int] {
        try read("cannot read readings from") { db in try Self.readingChannels(session: session, db: db) }
    }

    /// The channels with at least one probe (meat) temperature, ascending: the probes an estimator
    /// follows (`SessionEstimator` makes one for each such channel), not an air-only pit channel.
    public func probeChannels(session: Int64) throws -> [Int] {
        try read("cannot read readings from") { db in
            let probe = try db.cachedStatement(
                "SELECT 1 FROM readings WHERE session_id = ? AND channel = ? AND probe_c IS NOT NULL LIMIT 1")
            defer { probe.reset() }
            return try Self.readingChannels(session: session, db: db).filter { channel in
                probe.reset()
                probe.bind(session, at: 1)
                probe.bind(channel, at: 2)
                return try probe.step()
            }
        }
    }

    /// Whether any reading of `session` (of `channel` only, when given) has a battery level.
    public func hasBatteryReadings(session: Int64, channel: Int? = nil) throws -> Bool {
        try read("cannot read readings from") { db in
            let select = try db.cachedStatement(
                "SELECT 1 FROM readings WHERE session_id = ? AND (? IS NULL OR channel = ?) "
                    + "AND battery_pct IS NOT NULL LIMIT 1")
            defer { select.reset() }
            select.bind(session, at: 1)
            select.bind(channel.map(Int64.init), at: 2)
            select.bind(channel.map(Int64.init), at: 3)
            return try select.step()
        }
    }

    /// A session as `cook(_:)` gives it, from one snapshot, with its readings handed to `readings`
    /// in chunks of at most `chunkSize` rather than held: everything else goes to `head` first
    /// (readings empty; the readings set aside, few, in it), with the channels that have
    /// readings. Only `channel`'s readings (and set aside ones) when given. Either closure returns false to stop; returns false when there is no such session.
    ///
    /// Memory is one chunk, whatever the session's length: `export --format json` of a 72 h,
    /// 4-probe cook held all 2 M readings (and their JSON) at once, 1.39 GB. The primary key of
    /// each channel is walked side by side and merged in time order (ties by channel), so no sort
    /// of the session is needed, in Swift or in SQLite.
    public func cook(
        _ id: Int64, channel: Int? = nil, chunkSize: Int = 4096,
        head: (_ cook: RecordedCook, _ readingChannels: [Int]) throws -> Bool,
        readings body: ([Reading]) throws -> Bool
    ) throws -> Bool {
        precondition(chunkSize > 0, "a chunk holds at least one reading")
        return try read("cannot read a session from") { db in
            guard let info = try Self.session(id, db: db) else { return false }
            let withReadings = try Self.readingChannels(session: id, db: db)
            let cook = RecordedCook(
                info: info, channels: try Self.channels(session: id, db: db), readings: [],
                events: try Self.events(session: id, db: db), series: try Self.series(session: id, db: db),
                setAside: try Self.setAsideReadings(session: id, channel: channel, db: db))
            guard try head(cook, withReadings) else { return true }
            let channels = channel.map { c in withReadings.filter { $0 == c } } ?? withReadings
            try Self.forEachReadingChunk(session: id, channels: channels, chunkSize: chunkSize, db: db, body)
            return true
        }
    }

    /// Walks `channels`' readings merged in time order, ties by channel (`channels` ascending).
    private static func forEachReadingChunk(
        session: Int64, channels: [Int], chunkSize: Int, db: SQLiteConnection, _ body: ([Reading]) throws -> Bool
    ) throws {
        // One cursor per channel, each in time order; a statement each, as they are open at once.
        var cursors: [(statement: SQLiteStatement, next: Reading?)] = []
        for c in channels {
            let select = try db.prepare(
                "SELECT \(Rows.readingColumns) FROM readings WHERE session_id = ? AND channel = ? ORDER BY t_ms")
            select.bind(session, at: 1)
            select.bind(c, at: 2)
            cursors.append((select, try select.step() ? Rows.reading(from: select) : nil))
        }
        var chunk: [Reading] = []
        chunk.reserveCapacity(chunkSize)
        while true {
            // The earliest head; channels are ascending, so the first of equal times wins the tie.
            var earliest: Int?
            var earliestSeconds = Double.infinity
            for (i, cursor) in cursors.enumerated() {
                guard let head = cursor.next, earliest == nil || head.elapsedSeconds < earliestSeconds else { continue }
                earliest = i
                earliestSeconds = head.elapsedSeconds
            }
            guard let e = earliest, let reading = cursors[e].next else { break }
            chunk.append(reading)
            let select = cursors[e].statement
            cursors[e].next = try select.step() ? Rows.reading(from: select) : nil
            if chunk.count == chunkSize {
                guard try body(chunk) else { return }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { _ = try body(chunk) }
    }

    /// The channels with readings, ascending, by index seeks (no scan of the session).
    static func readingChannels(session: Int64, db: SQLiteConnection) throws -> [Int] {
        let next = try db.cachedStatement(
            "SELECT channel FROM readings WHERE session_id = ? AND channel > ? ORDER BY channel LIMIT 1")
        defer { next.reset() }
        var channels: [Int] = []
        var after = Int64.min
        while true {
            next.bind(session, at: 1)
            next.bind(after, at: 2)
            guard try next.step() else { break }
            after = next.int64(at: 0)
            channels.append(Int(after))
            next.reset()
        }
        return channels
    }
}
