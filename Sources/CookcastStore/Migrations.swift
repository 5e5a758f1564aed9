/// Forward-only schema migrations, versioned by `PRAGMA user_version`.
///
/// `steps[i]` upgrades a database from version `i` to `i + 1`. Never edit a shipped step: append
/// a new one. Comments inside `CREATE TABLE` are kept by SQLite, so `sqlite3 cookcast.db .schema`
/// shows the units.
enum Migrations {
    /// Schema version this build writes.
    static var currentVersion: Int { steps.count }

    /// The migration steps, oldest first.
    static let steps: [String] = [schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6, schemaV7]

    /// Version 2: a probe's own cut and target (two chickens and a pork shoulder in one pit).
    static let schemaV2 = """
        ALTER TABLE channels ADD COLUMN cut TEXT;      -- this probe's cut when not the session's (canonical name)
        ALTER TABLE channels ADD COLUMN target_c REAL; -- this probe's target when not the session's, degrees Celsius
        """

    /// Version 3: role `sensor`, a sensor along a probe whose reading is another channel. A
    /// Combustion import's thermistors and virtual surface were stored as meat probes of their own.
    static let schemaV3 = """
        UPDATE channels SET role = 'sensor'
        WHERE role = 'meat' AND name IS NOT 'virtual core'
          AND session_id IN (SELECT id FROM sessions WHERE source = 'import:combustion')
          AND session_id IN (SELECT session_id FROM channels WHERE name = 'virtual core' AND role = 'meat');
        """

    /// Version 1: sessions, channels, readings, events, fits, priors, series.
    static let schemaV1 = """
        -- One row per cook.
        CREATE TABLE sessions (
            id            INTEGER PRIMARY KEY,  -- session id
            started_at_ms INTEGER NOT NULL,     -- session time zero: ms since the Unix epoch, UTC
            ended_at_ms   INTEGER,              -- end: ms since the Unix epoch, UTC; NULL while active
            cut           TEXT,                 -- canonical cut name (Models/cuts.json), e.g. pork_shoulder
            name          TEXT,                 -- free-form name
            target_c      REAL,                 -- target internal temperature, degrees Celsius
            weight_kg     REAL,                 -- weight of the meat, kilograms
            probe_id      TEXT,                 -- probe address or vendor id
            source        TEXT NOT NULL,        -- origin, e.g. simulate:turkey, replay:cook.csv, import:combustion
            notes         TEXT,                 -- free-form notes
            status        TEXT NOT NULL,        -- active | finished | imported
            utc_offset_s  INTEGER,              -- local wall clock minus UTC, seconds (imports of local-time files)
            content_hash  TEXT UNIQUE           -- hash of the imported file, so a file is imported once
        );

        -- Names and roles of a session's probe channels.
        CREATE TABLE channels (
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            channel    INTEGER NOT NULL,        -- channel number, 1-based, as in readings.channel
            name       TEXT,                    -- display name, e.g. "probe 2"
            role       TEXT NOT NULL,           -- meat | ambient | sensor (v3: one more sensor along a probe)
            PRIMARY KEY (session_id, channel)
        );

        -- Temperature samples. A second row with the same key is a re-delivered duplicate (ignored).
        CREATE TABLE readings (
            session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            channel     INTEGER NOT NULL,       -- channel number, 1-based
            t_ms        INTEGER NOT NULL,       -- ms since the session start (elapsed seconds * 1000, rounded)
            probe_c     REAL,                   -- internal (meat) temperature, degrees Celsius; NULL = no value
            ambient_c   REAL,                   -- ambient (pit/oven/bath) temperature, degrees Celsius
            battery_pct REAL,                   -- battery charge, percent 0..100
            link_epoch  INTEGER NOT NULL DEFAULT 0, -- count of probe reconnects before this sample (0 = first link)
            PRIMARY KEY (session_id, channel, t_ms)
        ) WITHOUT ROWID;

        -- Things that happened during a cook (connects, alarms, stalls, notes, ...).
        CREATE TABLE events (
            id         INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            t_ms       INTEGER NOT NULL,        -- ms since the session start
            kind       TEXT NOT NULL,           -- connected, disconnected, alarm, stall, note, ... (open set)
            channel    INTEGER,                 -- channel concerned, NULL for the whole session
            detail     TEXT NOT NULL            -- one human-readable line
        );
        CREATE INDEX events_session_t ON events (session_id, t_ms);

        -- Predictions made during a cook; one per (moment, channel, model).
        CREATE TABLE fits (
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            channel    INTEGER NOT NULL,        -- channel the fit is for
            t_ms       INTEGER NOT NULL,        -- ms since the session start at which the fit was made
            model      TEXT NOT NULL,           -- model name, e.g. conduction2
            parameters TEXT NOT NULL,           -- JSON object of fitted parameters, units in the keys
            eta_s      REAL,                    -- predicted time the target is reached, s since session start
            eta_lo_s   REAL,                    -- lower bound of the 80 % interval, s since session start
            eta_hi_s   REAL,                    -- upper bound of the 80 % interval, s since session start
            phase      TEXT NOT NULL,           -- phase shown to the user, e.g. predicting, stalled
            PRIMARY KEY (session_id, channel, t_ms, model)
        ) WITHOUT ROWID;

        -- Learned priors per cut and model.
        CREATE TABLE priors (
            cut             TEXT NOT NULL,      -- canonical cut name, or generic
            model           TEXT NOT NULL,      -- model the parameters belong to
            parameter_names TEXT NOT NULL,      -- JSON array of parameter names (order of mean/covariance)
            mean            TEXT NOT NULL,      -- JSON array of parameter means
            covariance      TEXT NOT NULL,      -- JSON array, covariance matrix row-major (n*n entries)
            n_cooks         INTEGER NOT NULL,   -- number of cooks learned from
            updated_at_ms   INTEGER NOT NULL,   -- when learned: ms since the Unix epoch, UTC
            PRIMARY KEY (cut, model)
        );

        -- Other time series, e.g. a vendor's live prediction (vendor_predicted_remaining_s).
        CREATE TABLE series (
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            channel    INTEGER NOT NULL,        -- channel the series belongs to
            name       TEXT NOT NULL,           -- series name with its unit, e.g. vendor_predicted_remaining_s
            t_ms       INTEGER NOT NULL,        -- ms since the session start
            value      REAL,                    -- value, in the unit the name states
            PRIMARY KEY (session_id, channel, name, t_ms)
        ) WITHOUT ROWID;
        """

    /// Version 4: `reading_digests`, each channel's readings up to a time in one row (count,
    /// hottest probe), filled here from the readings in one pass. `cookcast sessions` summed
    /// every reading of every session for its list; it now reads these rows and the few
    /// readings after them (`ReadingDigest`).
    static let schemaV4 = """
        -- A digest of a channel's readings up to a time, so a session's count, last time and hottest
        -- probe need not scan its readings: the digest plus the readings after through_t_ms are all of them.
        -- A cache: deleting rows loses nothing (the readings after the time are counted on reading).
        CREATE TABLE reading_digests (
            session_id    INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            channel       INTEGER NOT NULL,     -- channel number, as in readings.channel
            through_t_ms  INTEGER NOT NULL,     -- covers every reading of the channel with t_ms <= this (the latest of them)
            reading_count INTEGER NOT NULL,     -- readings of the channel with t_ms <= through_t_ms
            max_probe_c   REAL,                 -- highest probe_c among them, degrees Celsius; NULL if none has one
            PRIMARY KEY (session_id, channel)
        ) WITHOUT ROWID;

        INSERT INTO reading_digests (session_id, channel, through_t_ms, reading_count, max_probe_c)
        SELECT session_id, channel, MAX(t_ms), COUNT(*), MAX(probe_c) FROM readings GROUP BY session_id, channel;
        """

    /// Version 5: `sessions.same_cook_hash`, the content hash of a cook another session carries as
    /// its `content_hash` (a whole-file replay of a file imported before, `content_hash` being
    /// unique), so that `cookcast fit` learns from the cook once.
    static let schemaV5 = """
        ALTER TABLE sessions ADD COLUMN same_cook_hash TEXT; -- another session's content_hash: the same cook, learned from once
        """

    /// Version 6: a session's hottest probe leaves out devices' error codes
    /// (`ReadingDigest.hottestProbeSQL`; the codes as they were then, written out so that the step
    /// never changes). Only a digest whose maximum is such a code can be wrong: it is recomputed
    /// from the readings it covers, the rest are left as they are.
    static let schemaV6 = """
        UPDATE reading_digests SET max_probe_c = (
            SELECT MAX(CASE WHEN probe_c IN (6553.5, -3276.8, 999.9, 327.6, -127.0, -40.0) THEN NULL ELSE probe_c END)
            FROM readings
            WHERE readings.session_id = reading_digests.session_id AND readings.channel = reading_digests.channel
              AND readings.t_ms <= reading_digests.through_t_ms)
        WHERE max_probe_c IN (6553.5, -3276.8, 999.9, 327.6, -127.0, -40.0);
        """

    /// Version 7: `set_aside_readings`, the readings received at a channel and millisecond that
    /// `readings` holds with other values (a feeder whose clock restarted): the key keeps one
    /// reading, the curve every reader takes, and these were counted and dropped. Nothing to fill:
    /// what was dropped before is gone.
    static let schemaV7 = """
        -- Readings received at a (session, channel, t_ms) that readings holds with other values (a
        -- feeder's clock that restarted, a file with two rows at one time): kept apart, so readings stays
        -- one curve per channel. The same values again are a duplicate, stored once.
        CREATE TABLE set_aside_readings (
            id          INTEGER PRIMARY KEY,    -- order of arrival
            session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            channel     INTEGER NOT NULL,       -- channel number, as in readings.channel
            t_ms        INTEGER NOT NULL,       -- ms since the session start, the time the reading came with
            probe_c     REAL,                   -- internal (meat) temperature, degrees Celsius; NULL = no value
            ambient_c   REAL,                   -- ambient (pit/oven/bath) temperature, degrees Celsius
            battery_pct REAL,                   -- battery charge, percent 0..100
            link_epoch  INTEGER NOT NULL DEFAULT 0, -- as readings.link_epoch: probe reconnects before it
            reason      TEXT NOT NULL           -- why it is not in readings: other_values (the only one so far)
        );
        CREATE INDEX set_aside_readings_key ON set_aside_readings (session_id, channel, t_ms);
        """

    /// Reads `PRAGMA user_version`.
    static func version(of db: SQLiteConnection) throws -> Int {
        Int(try db.scalar("PRAGMA user_version").int64Value ?? 0)
    }

    /// Upgrades `db` to `currentVersion` in one transaction; a no-op when it is current.
    ///
    /// Throws `StoreError.schemaTooNew` for a file from a newer build. The version is read again
    /// under the write lock, so two processes opening a new file at once migrate it once.
    static func migrate(_ db: SQLiteConnection) throws {
        let found = try version(of: db)
        if found == currentVersion { return }
        guard found < currentVersion else {
            throw StoreError.schemaTooNew(path: db.path, found: found, supported: currentVersion)
        }
        try db.transaction {
            let locked = try version(of: db)
            guard locked <= currentVersion else {
                throw StoreError.schemaTooNew(path: db.path, found: locked, supported: currentVersion)
            }
            for step in steps[locked...] {
                try db.execute(step)
            }
            try db.execute("PRAGMA user_version = \(currentVersion)")
        }
    }
}
