import Foundation
import Testing

@testable import CookcastStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct RecordingLockTests {
    @Test func oneHolderPerSessionUntilReleased() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("live.db")
        let first = try #require(try RecordingLock.acquire(database: path, session: 1))
        // A second open conflicts even in the same process (an open-file-description lock).
        #expect(try RecordingLock.acquire(database: path, session: 1) == nil)
        // Other sessions are independent.
        let other = try #require(try RecordingLock.acquire(database: path, session: 2))
        first.release()
        #expect(try RecordingLock.acquire(database: path, session: 1) != nil)
        other.release()
    }

    /// The point of the lock: a recorder killed with SIGKILL leaves its session `active`, but
    /// the kernel drops its lock, so the session is known to be free to resume.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func aKilledHolderLetsGo() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("live.db")
        let script = """
            import fcntl, sys, time
            f = open(sys.argv[1], 'a+')
            fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 7, 0)
            print('locked', flush=True)
            time.sleep(60)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, RecordingLock.lockFilePath(database: path)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        _ = output.fileHandleForReading.availableData  // waits for "locked"
        #expect(try RecordingLock.acquire(database: path, session: 7) == nil)
        #expect(try RecordingLock.acquire(database: path, session: 8) != nil)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try RecordingLock.acquire(database: path, session: 7) != nil)
    }
}
