import CookcastStore
import Foundation
import Testing

/// A recording the database stops (here a failing disk, not a lock or a full disk, which are
/// waited out) saved nothing of what it had received and not stored: `live --stdin` fed 20
/// readings stored 5 and said nothing of the other 15. They are saved as a locked database's are.
@Suite struct StoppedRecordingRecoveryTests {
    @Test func aRecordingStoppedByTheDatabaseSavesWhatItReceived() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        try box.refuseReadings(fromSeconds: 5)
        let cook = (0..<20).map { "\($0),\(20 + $0),150\n" }.joined()
        let fed = try CookcastBinary.live([], feeding: cook, database: box.databasePath)
        #expect(fed.status == 74)
        let saved = try FileManager.default.contentsOfDirectory(atPath: box.directory)
            .filter { $0.hasPrefix("cookcast.db-unsaved-1-") && $0.hasSuffix("Z.csv") }
        #expect(saved.count == 1)
        let path = box.directory + "/" + (saved.first ?? "none")
        let line = fed.err.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            line.contains("; 5 readings of this run are stored; not stored, saved: 15 readings in \(path); ")
                && line.hasSuffix("continue it with --resume 1 once the database can be written"), "\(line)")
        try SQLiteConnection(path: box.databasePath).execute("DROP TRIGGER refuse")
        let imported = await box.run(["import", path, "--into", "1"])
        #expect(imported.status == 0, "\(imported.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).map(\.elapsedSeconds) == (0..<20).map(Double.init))
    }
}
