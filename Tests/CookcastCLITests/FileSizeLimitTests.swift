import Foundation
import Testing

/// QA (a full disk): every command said "cannot open database ...: disk I/O error", SQLite's words
/// when the WAL index (`-shm`) cannot grow: nothing named the disk. The system's reason now
/// follows. A file-size limit (`ulimit -f`) stands in for the full disk here: its reason is "File
/// too large" where a full disk's is "No space left on device".
@Suite struct FileSizeLimitTests {
    /// Runs the binary with `arguments` under a file-size limit of `kibibytes` (SIGXFSZ ignored,
    /// so a write past it fails as a full disk's does): its exit status and standard error.
    func runLimited(_ arguments: [String], kibibytes: Int, box: Sandbox) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "trap '' XFSZ; ulimit -f \(kibibytes); exec \"$0\" \"$@\"", CookcastBinary.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["COOKCAST_DB"] = box.databasePath
        environment["COOKCAST_MODELS"] = SharedData.models
        process.environment = environment
        return try process.runCollectingStandardError()
    }

    @Test func aDatabaseThatCannotGrowItsIndexSaysWhy() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let imported = await box.run(["import", SharedData.cook("heatledger_roast_chicken.csv")])
        #expect(imported.status == 0, "\(imported.err)")
        for leftOver in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: box.databasePath + leftOver) }
        // The WAL index is 32 KiB; 8 KiB of it can be written.
        let listed = try runLimited(["sessions"], kibibytes: 8, box: box)
        #expect(listed.status == 74)
        #expect(
            listed.err
                == "cookcast sessions: cannot open database \(box.databasePath): disk I/O error (File too large)\n",
            "\(listed.err)")
    }
}
