import Foundation
import Testing

/// QA: a database cut to its first 50 bytes made `sessions` say it "holds no cookcast data yet
/// (schema version 0); `cookcast live` or `import` sets it up", and `live` and `import` then said
/// "database disk image is malformed". A file of 1-99 bytes is no SQLite database (its header
/// alone is 100): every command says so in one line, 74, and leaves the file as it was; an empty
/// file is an empty database, which `live` and `import` set up.
@Suite struct ShortDatabaseFileTests {
    /// Every command that opens the database, against `box`'s.
    static func commands(_ box: Sandbox, cook: String) -> [[String]] {
        [
            ["sessions"], ["show", "1"], ["export", "1"], ["plot", "1", "-o", box.directory + "/cook.svg"],
            ["import", cook], ["import", cook, "--dry-run"], ["import", cook, "--into", "1"], ["fit"], ["fit", "1"],
            ["live", "--replay", cook, "--speed", "max", "--plain"],
        ]
    }

    @Test func aFileShorterThanAnSQLiteHeaderIsNoDatabaseToAnyCommand() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let cook = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,21,100\n")
        #expect(await box.run(["live", "--simulate", "steak", "--seed", "4", "--speed", "max", "--plain"]).status == 0)
        let real = try Data(contentsOf: URL(fileURLWithPath: box.databasePath))
        try FileManager.default.removeItem(atPath: box.databasePath)
        let contents = [
            "the first 50 bytes of a real database": real.prefix(50),
            "50 zero bytes": Data(count: 50),
            "50 bytes of text": Data(String(repeating: "not a database ", count: 4).utf8.prefix(50)),
            "the first 99 bytes of a real database": real.prefix(99),
        ]
        for (what, bytes) in contents {
            try bytes.write(to: URL(fileURLWithPath: box.databasePath))
            let said =
                "cannot open database \(box.databasePath): not a cookcast database: \(bytes.count) bytes, fewer than "
                + "the 100 of an SQLite file's header (cut short, or another kind of file)"
            for command in Self.commands(box, cook: cook) {
                let r = await box.run(command)
                #expect(r.status == 74, "\(what), \(command): \(r.err)")
                #expect(r.err == "cookcast \(command[0]): \(said)\n", "\(what), \(command): \(r.err)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: box.databasePath)) == bytes, "\(what), \(command)")
            }
            let predict = await box.run(["predict", cook, "--target", "74", "--format", "seconds"])
            #expect(predict.status == 0, "\(what): \(predict.err)")
            #expect(predict.err == "warning: \(said); using the shipped priors\n", "\(what): \(predict.err)")
        }
    }

    @Test func anEmptyFileIsAnEmptyDatabaseThatLiveAndImportSetUp() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let cook = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,21,100\n")
        for setUp in [["import", cook, "--target", "74"], ["live", "--replay", cook, "--speed", "max", "--plain"]] {
            #expect(FileManager.default.createFile(atPath: box.databasePath, contents: Data()))
            let sessions = await box.run(["sessions"])
            #expect(sessions.status == 74)
            #expect(sessions.err.contains("holds no cookcast data yet (schema version 0)"), "\(sessions.err)")
            #expect(await box.run(setUp).status == 0, "\(setUp)")
            #expect(await box.run(["sessions"]).out.contains("\n1 "), "\(setUp)")
            try FileManager.default.removeItem(atPath: box.databasePath)
        }
    }
}
