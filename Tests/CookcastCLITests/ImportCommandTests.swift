import CookcastStore
import CookcastCLI
import Foundation
import Testing

/// `cookcast import` end to end on real exports (see `shared/data/README.md` for sources).
struct ImportCommandTests {
    static let dataRoot: String? = {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["COOKCAST_DATA_DIR"], fm.fileExists(atPath: env) { return env }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            dir = dir.deletingLastPathComponent()
            let candidate = dir.appendingPathComponent("shared/data").path
            if fm.fileExists(atPath: candidate + "/raw") { return candidate }
        }
        return nil
    }()

    func run(_ arguments: [String], db: String) async -> (Int32, CapturingConsole) {
        let console = CapturingConsole()
        let env = ["COOKCAST_DB": db, "COOKCAST_MODELS": SharedData.models, "TZ": "UTC"]
        return (await CookcastMain.run(arguments, environment: env, console: console), console)
    }

    @Test(.enabled(if: dataRoot != nil)) func importTwiceThenUnknown() async throws {
        let db = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cookcast-cli-import-\(UUID().uuidString).db"
        ).path
        defer { try? FileManager.default.removeItem(atPath: db) }
        // Source: ManOnWire/BBQ, iGrill v2 export of a pulled pork cook (meat + ambient files).
        let dir = "\(Self.dataRoot ?? "")/raw/ManOnWire+BBQ"
        let (first, out1) = await run(["import", dir], db: db)
        #expect(first == 0)
        #expect(out1.standardOutput.contains("imported as session 1: Pulled Pork"))
        let (second, out2) = await run(["import", dir], db: db)
        #expect(second == 0)
        #expect(out2.standardOutput.contains("already imported as session 1"))
        let (unknown, out3) = await run(["import", "/etc/hostname"], db: db)
        #expect(unknown == 65)
        #expect(out3.standardError.contains("unknown format (tried combustion"))
        let (usage, _) = await run(["import", dir, "--utc-offset", "noon"], db: db)
        #expect(usage == 64)
    }
}

@Suite struct ImportTargetUnitTests {
    @Test func targetIsReadInTheDisplayUnit() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,21,100\n")
        let r = await box.run(["import", path, "--target", "203", "--unit", "f"])
        #expect(r.status == 0, "\(r.err)")
        let target = try #require(try SessionStore(path: box.databasePath, readOnly: true).session(1)?.targetCelsius)
        #expect(abs(target - 95) < 1e-9)
        let tooHot = await box.run(["import", path, "--target", "900"])
        #expect(tooHot.status == 64)
    }
}

/// A skipped re-import names the stored session as it is stored.
@Suite struct ImportDuplicateSummaryTests {
    /// QA: a re-import without --target said `target -` (this import's metadata) of a session
    /// stored with 74.0 C.
    @Test func aSkippedCookIsDescribedAsStored() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,21,100\n")
        let first = await box.run(["import", path, "--target", "74", "--cut", "chicken", "--name", "Sunday"])
        #expect(first.status == 0, "\(first.err)")
        let again = await box.run(["import", path])
        #expect(again.status == 0, "\(again.err)")
        #expect(
            again.out.contains("already imported as session 1, skipped: Sunday (import:csv)"), "\(again.out)")
        #expect(again.out.contains("cut chicken, target 74.0 C"), "\(again.out)")
        #expect(!again.out.contains("not applied"), "\(again.out)")
        let other = await box.run(["import", path, "--target", "176", "--cut", "chicken", "--unit", "f"])
        #expect(other.out.contains("target 165.2 F; not applied: --target 176.0 F"), "\(other.out)")
    }

    /// `--dry-run` says what the import would do, by the import's own checks: it said "would
    /// import" of a cook stored before (by its hash, or recorded here and exported back), which
    /// the import then skipped. It writes nothing, and creates no database.
    @Test func aDryRunSaysADuplicateWouldBeSkipped() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,21,100\n20,22,100\n")
        let fresh = await box.run(["import", path, "--dry-run"])
        #expect(fresh.status == 0, "\(fresh.err)")
        #expect(fresh.out.hasPrefix("would import: cook (import:csv)"), "\(fresh.out)")
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
        #expect(await box.run(["import", path, "--name", "Sunday"]).status == 0)
        let again = await box.run(["import", path, "--dry-run", "--target", "80"])
        #expect(again.status == 0, "\(again.err)")
        #expect(
            again.out == "would skip, already imported as session 1: Sunday (import:csv): 1 channel [1 meat 3], "
                + "cut -, target -; not applied: --target 80.0 C\n", "\(again.out)")
        // A cook recorded here and exported with its start: the import knows it by start and readings.
        let other = box.write("other.csv", "t_s,probe_c,ambient_c\n0,30,100\n10,31,100\n20,32,100\n")
        #expect(await box.run(["live", "--replay", other, "--speed", "max", "--plain"]).status == 0)
        let json = box.directory + "/recorded.json"
        #expect(await box.run(["export", "2", "--format", "json", "-o", json]).status == 0)
        let recorded = await box.run(["import", json, "--dry-run"])
        #expect(recorded.out.hasPrefix("would skip, already recorded as session 2: "), "\(recorded.out)")
        #expect(await box.run(["import", json]).out.hasPrefix("already recorded as session 2, skipped: "))
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.sessions().count == 2)
    }
}
