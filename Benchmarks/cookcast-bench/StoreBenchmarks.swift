import CookcastCore
import CookcastStore
import Foundation

/// Ingest benchmarks: the session store against a plain SQLite insert loop in the same run.
struct StoreBenchmarks {
    let harness: BenchmarkHarness
    let batchRows: Int
    let singleCommits: Int
    let directory: String

    func run() throws -> [BenchmarkHarness.Result] {
        let readings = (0..<batchRows).map { i in
            Reading(
                channel: 1, elapsedSeconds: Double(i) * 0.5, probeCelsius: 20 + Double(i % 500) * 0.1,
                ambientCelsius: 150 + Double(i % 37) * 0.1, batteryPercent: 87)
        }
        var results: [BenchmarkHarness.Result] = []

        // Baseline: a prepared INSERT in one transaction into a table with the same primary key.
        let plainBatch = try harness.measure(
            "sqlite plain insert loop, 1 transaction", unit: "rows/s", higherIsBetter: true
        ) {
            let db = try freshConnection("plain-batch")
            let insert = try plainTable(db)
            try db.transaction { for r in readings { try insert(r) } }
            return readings.count
        }
        results.append(plainBatch)

        var storeBatch = try harness.measure(
            "store replay ingest, batches of 500", unit: "rows/s", higherIsBetter: true,
            target: "C ceiling ~345k rows/s with PK"
        ) {
            let (store, session) = try freshStore("store-batch")
            var i = 0
            while i < readings.count {
                let end = min(i + 500, readings.count)
                blackHole(try store.append(Array(readings[i..<end]), session: session))
                i = end
            }
            return readings.count
        }
        storeBatch.ratio = ("x plain loop", storeBatch.median / plainBatch.median)
        results.append(storeBatch)

        let few = Array(readings.prefix(singleCommits))
        let plainSingle = try harness.measure(
            "sqlite plain single-row commit (WAL, NORMAL)", unit: "us/commit", higherIsBetter: false
        ) {
            let db = try freshConnection("plain-single")
            try db.execute("PRAGMA journal_mode=WAL")
            try db.execute("PRAGMA synchronous=NORMAL")
            let insert = try plainTable(db)
            for r in few { try insert(r) }
            return few.count
        }
        results.append(plainSingle)

        var storeSingle = try harness.measure(
            "store live ingest, one commit per reading", unit: "us/commit",
            higherIsBetter: false, target: "C ceiling ~26 us"
        ) {
            let (store, session) = try freshStore("store-single")
            for r in few { blackHole(try store.append(r, session: session)) }
            return few.count
        }
        storeSingle.ratio = ("x plain loop", storeSingle.median / plainSingle.median)
        results.append(storeSingle)

        let (readStore, readSession) = try freshStore("store-read")
        try readStore.append(readings, session: readSession)
        results.append(
            try harness.measure("store read back a session", unit: "rows/s", higherIsBetter: true) {
                let back = try readStore.readings(session: readSession)
                blackHole(back)
                return back.count
            })
        return results
    }

    /// The readings table with its primary key, and a prepared single-row insert into it.
    private func plainTable(_ db: SQLiteConnection) throws -> (Reading) throws -> Void {
        try db.execute(
            """
            CREATE TABLE r(session_id INTEGER, channel INTEGER, t_ms INTEGER, probe_c REAL, ambient_c REAL,
            battery_pct REAL, link_epoch INTEGER, PRIMARY KEY(session_id, channel, t_ms)) WITHOUT ROWID
            """)
        let stmt = try db.prepare("INSERT INTO r VALUES (1, ?, ?, ?, ?, ?, 0)")
        return { r in
            stmt.bind(r.channel, at: 1)
            stmt.bind(Int64(r.elapsedSeconds * 1000), at: 2)
            stmt.bind(r.probeCelsius, at: 3)
            stmt.bind(r.ambientCelsius, at: 4)
            stmt.bind(r.batteryPercent, at: 5)
            try stmt.run()
        }
    }

    private func freshConnection(_ name: String) throws -> SQLiteConnection {
        let path = directory + "/\(name).db"
        removeDatabase(path)
        return try SQLiteConnection(path: path)
    }

    private func freshStore(_ name: String) throws -> (SessionStore, Int64) {
        let path = directory + "/\(name).db"
        removeDatabase(path)
        let store = try SessionStore(path: path)
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: 0, source: "bench"), channels: [ChannelInfo(channel: 1)])
        return (store, id)
    }

    private func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
