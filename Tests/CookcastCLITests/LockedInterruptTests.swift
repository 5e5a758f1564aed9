import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// QA: with readings arriving on `--stdin` and another writer holding the database, Ctrl-C made
/// `live` give up after 30 s and drop the readings received but not stored, without a count,
/// after it had said "nothing is lost while this process runs".
///
/// What holds the lock and lets it go while `live` waits with a deadline of its own (10 minutes
/// at the start, 30 s after Ctrl-C) runs on a thread of its own (`onOwnThread`): this test's task
/// waits for a thread of the cooperative pool at every `await`, and a run of the whole suite keeps
/// that pool busy at its start (the first `Task.sleep` of 50 ms took 47 to 76 s there, with two
/// busy loops beside). The lock was held that much longer than meant, so under more load
/// `aDatabaseLockedAtTheStartIsWaitedOut`, the first test of the suite, outlasted `live`'s wait and
/// failed (with that wait cut to 60 s: exit 74 "database is locked", not running 6 s on, nothing
/// stored).
@Suite(.serialized) struct LockedInterruptTests {
    /// A `live --stdin` recorder whose standard error goes to a file, fed `count` rows from `first`.
    struct Recorder {
        let process: Process
        let stdin: FileHandle
        let errorPath: String

        init(box: Sandbox) throws {
            errorPath = box.directory + "/live.err"
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            let errors = try #require(FileHandle(forWritingAtPath: errorPath))
            (process, stdin) = try CookcastBinary.startLive(
                ["--cut", "steak"], database: box.databasePath, standardError: errors)
        }

        func feed(_ range: Range<Int>) {
            for i in range { stdin.write(Data("\(i),\(20 + Double(i) / 2),150\n".utf8)) }
        }

        var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

        /// Waits up to `seconds` for `condition`, blocking this thread; false if it never held.
        func waitHere(seconds: Double, for condition: () -> Bool) -> Bool {
            for _ in 0..<Int(seconds * 20) {
                if condition() { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return condition()
        }

        /// `waitHere` on a thread of its own.
        func wait(seconds: Double, for condition: @escaping @Sendable () -> Bool) async throws -> Bool {
            try await LockedInterruptTests.onOwnThread { waitHere(seconds: seconds, for: condition) }
        }
    }

    /// A second connection to the database that holds its write lock from `lock()` to `unlock()`,
    /// used by one thread at a time.
    final class Locker: @unchecked Sendable {
        private let connection: SQLiteConnection
        init(_ box: Sandbox) throws { connection = try SQLiteConnection(path: box.databasePath) }
        func lock() throws { try connection.execute("BEGIN EXCLUSIVE") }
        func unlock() throws { try connection.execute("ROLLBACK") }
    }

    /// Runs `steps` on a thread of its own and hands back what they return: a thread the system
    /// schedules, not this task's turn on the cooperative pool.
    static func onOwnThread<T: Sendable>(_ steps: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try steps() }) }.start()
        }
    }

    func storedCount(_ box: Sandbox, session: Int64 = 1) -> Int {
        (try? SessionStore(path: box.databasePath, readOnly: true).readings(session: session).count) ?? -1
    }

    /// A database locked when `live` starts: it waits to open its session, and what was piped in
    /// meanwhile is stored once the lock goes (it exited 74 after 5 s, and the feed was lost).
    @Test func aDatabaseLockedAtTheStartIsWaitedOut() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        _ = try SessionStore(path: box.databasePath)  // the schema exists; then someone locks it
        try await expectLockWaitedOut(box)
    }

    /// Locks the database, starts a recorder fed 10 readings, and expects it to wait (still
    /// running 6 s on) and store all 10 once the lock goes: held and let go on a thread of its own.
    func expectLockWaitedOut(_ box: Sandbox) async throws {
        let locker = try Locker(box)
        try locker.lock()
        let live = try Recorder(box: box)
        defer { if live.process.isRunning { kill(live.process.processIdentifier, SIGKILL) } }
        let (waited, stillRunning) = try await Self.onOwnThread {
            live.feed(0..<10)
            let waited = live.waitHere(seconds: 20) { live.errors.contains("waiting for it to open the session") }
            Thread.sleep(forTimeInterval: 6)
            let stillRunning = live.process.isRunning
            try locker.unlock()
            return (waited, stillRunning)
        }
        #expect(waited)
        #expect(stillRunning, "\(live.errors)")
        #expect(try await live.wait(seconds: 30) { storedCount(box) == 10 }, "\(storedCount(box)): \(live.errors)")
        interrupt(live)
        live.process.waitUntilExit()
        #expect(live.process.terminationStatus == 130)
    }

    /// QA: the same with a database of an earlier cookcast (schema version 4): opening it upgrades
    /// it, which needs the lock, and `live` exited 74 after 5 s ("cannot open database ...:
    /// database is locked") instead of waiting as it does for a current one.
    @Test func anOlderDatabaseLockedAtTheStartIsWaitedOutAndUpgraded() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        _ = try SessionStore(path: box.databasePath)
        // Back to version 4, as an earlier cookcast left it (version 5 added one column, 7 a table).
        try SQLiteConnection(path: box.databasePath).execute(
            "ALTER TABLE sessions DROP COLUMN same_cook_hash; DROP TABLE set_aside_readings; PRAGMA user_version = 4")
        try await expectLockWaitedOut(box)
    }

    /// A recorder that stored 5 readings, then, with the database held by the returned locker,
    /// received 10 more, to be interrupted by the caller (`interrupt`).
    func lockedWithReadingsWaiting(_ box: Sandbox) async throws -> (Recorder, Locker) {
        let live = try Recorder(box: box)
        live.feed(0..<5)
        #expect(try await live.wait(seconds: 20) { storedCount(box) == 5 })
        let locker = try Locker(box)
        try locker.lock()
        live.feed(5..<15)
        try await Task.sleep(for: .milliseconds(500))
        return (live, locker)
    }

    /// Ctrl-C.
    func interrupt(_ live: Recorder) { kill(live.process.processIdentifier, SIGINT) }

    @Test func aSecondInterruptSavesWhatWaitsToARecoveryFile() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (live, locker) = try await lockedWithReadingsWaiting(box)
        defer { if live.process.isRunning { kill(live.process.processIdentifier, SIGKILL) } }
        defer { try? locker.unlock() }
        interrupt(live)
        #expect(try await live.wait(seconds: 20) { live.errors.contains("readings wait to be stored") })
        #expect(live.errors.contains("database locked: 10 readings wait to be stored"), "\(live.errors)")
        interrupt(live)
        #expect(try await live.wait(seconds: 20) { !live.process.isRunning })
        live.process.waitUntilExit()
        try locker.unlock()
        #expect(live.process.terminationStatus == 74)
        let saved = try FileManager.default.contentsOfDirectory(atPath: box.directory)
            .filter { $0.hasPrefix("cookcast.db-unsaved-1-") && $0.hasSuffix(".csv") }
        #expect(saved.count == 1)
        let path = box.directory + "/" + (saved.first ?? "none")
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(rows.first == "t_s,probe_c,ambient_c")
        #expect(rows.dropFirst().map { $0.split(separator: ",")[0] } == (5..<15).map { "\($0).0" })
        let lastLine = live.errors.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            lastLine.contains("10 readings in \(path)")
                && lastLine.contains("cookcast import \(path) --into 1 --db"), "\(lastLine)")
        #expect(storedCount(box) == 5)
        // The command it names puts them back into the cook's own session: one cook, one session.
        let imported = await box.run(["import", path, "--into", "1"])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.contains("added 10 readings to session 1"), "\(imported.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).map(\.elapsedSeconds) == (0..<15).map(Double.init))
        #expect(try store.sessionIDs() == [1])
    }

    /// The events received while the database was locked (here two packets that do not decode)
    /// were saved to `...-events.csv` "for the record, not imported": the session's history lacked
    /// them. The import the line names brings back the readings and those events, once.
    @Test func theRecoveryImportBringsBackTheEventsToo() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let live = try Recorder(box: box)
        defer { if live.process.isRunning { kill(live.process.processIdentifier, SIGKILL) } }
        live.feed(0..<5)
        #expect(try await live.wait(seconds: 20) { storedCount(box) == 5 })
        let locker = try Locker(box)
        try locker.lock()
        defer { try? locker.unlock() }
        live.feed(5..<8)
        live.stdin.write(Data("8.5 0102\n".utf8))
        live.feed(9..<12)
        live.stdin.write(Data("12.5 FFFF\n".utf8))
        try await Task.sleep(for: .milliseconds(500))
        interrupt(live)
        #expect(try await live.wait(seconds: 20) { live.errors.contains("readings wait to be stored") })
        // The two packets are no readings: it said "8 readings wait", then saved 6.
        #expect(
            live.errors.contains(
                "database locked: 6 readings wait to be stored (and 2 packets that do not decode, kept as events)"),
            "\(live.errors)")
        interrupt(live)
        #expect(try await live.wait(seconds: 20) { !live.process.isRunning })
        live.process.waitUntilExit()
        try locker.unlock()
        #expect(live.process.terminationStatus == 74)
        let saved = try FileManager.default.contentsOfDirectory(atPath: box.directory)
            .filter { $0.hasPrefix("cookcast.db-unsaved-1-") }.sorted()
        let readingsFile = saved.first { $0.hasSuffix("Z.csv") } ?? "none"
        #expect(saved == [readingsFile.dropLast(4) + "-events.csv", readingsFile], "\(saved)")
        let path = box.directory + "/" + readingsFile
        let lastLine = live.errors.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            lastLine.contains("6 readings in \(path) and 2 events in ")
                && lastLine.contains("cookcast import \(path) --into 1 --db")
                && lastLine.contains("(the events with the readings)") && !lastLine.contains("not imported"),
            "\(lastLine)")
        let before = try SessionStore(path: box.databasePath, readOnly: true).events(session: 1)
        let imported = await box.run(["import", path, "--into", "1"])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.contains("added 6 readings and 2 events to session 1"), "\(imported.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).map(\.elapsedSeconds) == [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11])
        let events = try store.events(session: 1)
        let recovered = events.filter { $0.kind == .decodeError }
        #expect(recovered.map(\.elapsedSeconds) == [8.5, 12.5])
        #expect(recovered.first?.detail == "unexpected packet length 2: 0102")
        #expect(events.count == before.count + 2)
        #expect(events.map(\.elapsedSeconds) == events.map(\.elapsedSeconds).sorted())
        let shown = await box.run(["show", "1"])
        #expect(shown.out.contains("decode_error unexpected packet length 2: FFFF"), "\(shown.out)")
        // Once is enough: a second import adds nothing.
        let again = await box.run(["import", path, "--into", "1"])
        #expect(again.status == 0, "\(again.err)")
        #expect(
            again.out.contains("added 0 readings and 0 events")
                && again.out.contains("6 readings and 2 events already"),
            "\(again.out)")
        #expect(try store.events(session: 1).count == events.count)
        #expect(try store.readings(session: 1).count == 11)
    }

    @Test func oneInterruptStoresEverythingReceivedOnceTheLockIsGone() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (live, locker) = try await lockedWithReadingsWaiting(box)
        defer { if live.process.isRunning { kill(live.process.processIdentifier, SIGKILL) } }
        // `live` tries for 30 s after Ctrl-C: the lock goes within them, on a thread of its own.
        let said = try await Self.onOwnThread {
            interrupt(live)
            let said = live.waitHere(seconds: 20) { live.errors.contains("readings wait to be stored") }
            try locker.unlock()
            return said
        }
        #expect(said)
        #expect(try await live.wait(seconds: 30) { !live.process.isRunning })
        live.process.waitUntilExit()
        #expect(live.process.terminationStatus == 130, "\(live.errors)")
        #expect(storedCount(box) == 15)
        #expect(try SessionStore(path: box.databasePath, readOnly: true).session(1)?.status == .finished)
    }
}
