import CookcastCore

extension SessionStore {
    /// The readings of `session` set aside (`AppendOutcome.setAside`: received at a channel and
    /// millisecond `readings` holds with other values), in the order received; only `channel`'s
    /// when given. Not part of the curve `readings(session:)` gives.
    public func setAsideReadings(session: Int64, channel: Int? = nil) throws -> [Reading] {
        try read("cannot read readings from") { db in
            try Self.setAsideReadings(session: session, channel: channel, db: db)
        }
    }

    /// How many readings of `session` are set aside (an index seek: few, usually none).
    public func setAsideCount(session: Int64) throws -> Int {
        try withConnection("cannot read readings from") { db in try Self.setAsideCount(session: session, db: db) }
    }

    static func setAsideReadings(session: Int64, channel: Int?, db: SQLiteConnection) throws -> [Reading] {
        let select = try db.cachedStatement(
            """
            SELECT \(Rows.readingColumns) FROM set_aside_readings
            WHERE session_id = ?1 AND (?2 IS NULL OR channel = ?2) ORDER BY id
            """)
        select.bind(session, at: 1)
        select.bind(channel.map(Int64.init), at: 2)
        return try Rows.collectReadings(select)
    }

    static func setAsideCount(session: Int64, db: SQLiteConnection) throws -> Int {
        let count = try db.cachedStatement("SELECT COUNT(*) FROM set_aside_readings WHERE session_id = ?")
        defer { count.reset() }
        count.bind(session, at: 1)
        _ = try count.step()
        return Int(count.int64(at: 0))
    }
}
