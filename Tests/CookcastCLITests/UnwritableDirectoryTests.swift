import Foundation
import Testing

/// QA: a database file the user may write, in a directory they cannot: `import`, `fit` and `live`
/// said "attempt to write a readonly database" (SQLite's words), and the file was writable. What
/// stands in the way is the directory, where SQLite creates the `-wal` and `-shm` files.
@Suite(.enabled(if: WithoutWriteAccess.isPossible)) struct UnwritableDirectoryTests {
    @Test func aWritableDatabaseInADirectoryThatIsNotSaysTheDirectory() async throws {
        let box = Sandbox()
        defer {
            chmod(box.directory, 0o755)
            box.cleanup()
        }
        await WithoutWriteAccess.importThenCloseDirectory(box, databaseMode: 0o666)

        let again = try WithoutWriteAccess.run(["import", SharedData.cook("heatledger_pork_ribs.csv")], box: box)
        #expect(again.status == 74)
        #expect(
            again.err
                == "cookcast import: cannot open database \(box.databasePath): its directory cannot be written, "
                + "and SQLite keeps the database's -wal and -shm files there\n",
            "\(again.err)")
    }
}
