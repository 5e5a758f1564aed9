import Foundation
import Testing

/// QA: a copy of the database in a directory the user cannot write (`chmod a-w`): `sessions`,
/// `show` and `export` failed with "attempt to write a readonly database" (SQLite must create the
/// WAL index, `-shm`, beside a WAL database to read it). Real permissions: root writes any
/// directory, so as root (CI) the commands run as `nobody` through `setpriv`, and the test is
/// skipped where that is not installed. `ReadOnlyWALTests` covers the same without permissions.
@Suite(.enabled(if: WithoutWriteAccess.isPossible)) struct ReadOnlyDirectoryTests {
    @Test func readOnlyCommandsReadACopyInAReadOnlyDirectory() async throws {
        let box = Sandbox()
        defer {
            chmod(box.directory, 0o755)
            box.cleanup()
        }
        // Readable by anyone, written by no one.
        await WithoutWriteAccess.importThenCloseDirectory(box, databaseMode: 0o444)

        let sessions = try WithoutWriteAccess.run(["sessions"], box: box)
        #expect(sessions.status == 0, "\(sessions.err)")
        #expect(sessions.out.contains("517"), "\(sessions.out)")
        let shown = try WithoutWriteAccess.run(["show", "1"], box: box)
        #expect(shown.status == 0, "\(shown.err)")
        #expect(shown.out.contains("readings   517"), "\(shown.out)")
        let exported = try WithoutWriteAccess.run(["export", "1"], box: box)
        #expect(exported.status == 0, "\(exported.err)")
        #expect(exported.out.split(separator: "\n").count == 518, "\(exported.out.prefix(80))")
        #expect(!FileManager.default.fileExists(atPath: box.databasePath + "-shm"))
    }
}

/// How a test runs a command without write access to a directory: as this user when it is not
/// root, else as `nobody` through `setpriv`.
enum WithoutWriteAccess {
    static let setpriv = "/usr/bin/setpriv"
    static var isRoot: Bool { geteuid() == 0 }
    /// Whether a command can be run so: not root, or root with `setpriv` installed.
    static var isPossible: Bool { !isRoot || FileManager.default.isExecutableFile(atPath: setpriv) }

    /// Imports a real cook (517 readings) into `box`'s database, leaves no `-wal` or `-shm` file
    /// beside it, sets the database file to `databaseMode` and takes write access away from the
    /// directory.
    static func importThenCloseDirectory(_ box: Sandbox, databaseMode: mode_t) async {
        let imported = await box.run(["import", SharedData.cook("heatledger_roast_chicken.csv")])
        #expect(imported.status == 0, "\(imported.err)")
        for leftOver in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: box.databasePath + leftOver) }
        #expect(chmod(box.databasePath, databaseMode) == 0)
        #expect(chmod(box.directory, 0o555) == 0)
    }

    /// Runs the binary with `arguments` as a user who cannot write `box`'s directory: its exit
    /// status, standard output and standard error.
    static func run(_ arguments: [String], box: Sandbox) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        if isRoot {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments =
                ["--reuid=65534", "--regid=65534", "--clear-groups", CookcastBinary.path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: CookcastBinary.path)
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["COOKCAST_DB"] = box.databasePath
        environment["COOKCAST_MODELS"] = SharedData.models
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, out, err)
    }
}
