import CookcastCore
import CookcastEngine
import Foundation
import Testing

@testable import CookcastCLI

/// On a full disk the database's own directory cannot take the recovery files either (QA: "cannot
/// write ...: No space left on device", the readings dumped on standard error): they go, both
/// together, to the first other directory that takes them, said with why; where none does, to
/// standard error, counted.
@Suite struct RecoveryFileFallbackTests {
    let stopped = LiveStorageError(
        sessionID: 3, readingsStored: 12, reason: "cannot append a reading to /x.db: database or disk is full",
        unsaved: [
            .reading(Reading(elapsedSeconds: 12, probeCelsius: 40, ambientCelsius: 110)),
            .event(SessionEvent(elapsedSeconds: 12.5, kind: .disconnected, detail: "link lost")),
            .reading(Reading(elapsedSeconds: 13, probeCelsius: 41, ambientCelsius: 110)),
        ])

    /// A database whose directory is missing: nothing can be written beside it.
    func recovery(_ box: Sandbox, otherDirectories: [String]) -> RecoveryFile {
        RecoveryFile(
            database: box.directory + "/gone/cookcast.db", sessionID: 3, otherDirectories: otherDirectories,
            nowUnixMs: 1_796_080_500_000)
    }

    @Test func filesThatCannotGoBesideTheDatabaseGoToTheNextDirectory() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let line = recovery(box, otherDirectories: [box.directory + "/missing", box.directory]).save(
            stopped, wayOn: "continue it with --resume 3 once the database can be written")
        let readings = box.directory + "/cookcast.db-unsaved-3-20261130T231500Z.csv"
        let events = box.directory + "/cookcast.db-unsaved-3-20261130T231500Z-events.csv"
        #expect(
            line
                == "session 3 stopped: cannot append a reading to /x.db: database or disk is full; 12 readings of "
                + "this run are stored; not stored, saved: 2 readings in \(readings) and 1 event in \(events) (not "
                + "beside the database: cannot write \(box.directory)/gone/cookcast.db-unsaved-3-20261130T231500Z.csv: "
                + "No such file or directory; cannot write \(box.directory)/missing/cookcast.db-unsaved-3-"
                + "20261130T231500Z.csv: No such file or directory); `cookcast import \(readings) --into 3 --db "
                + "\(box.directory)/gone/cookcast.db` adds them back to the session (the events with the readings); "
                + "continue it with --resume 3 once the database can be written")
        #expect(
            try String(contentsOfFile: readings, encoding: .utf8)
                == "t_s,probe_c,ambient_c\n12.0,40.0,110.0\n13.0,41.0,110.0\n")
        #expect(FileManager.default.fileExists(atPath: events))
    }

    @Test func whatNoFileCanHoldGoesToStandardErrorCounted() {
        let box = Sandbox()
        defer { box.cleanup() }
        var written: [String] = []
        let line = recovery(box, otherDirectories: [box.directory + "/missing"]).save(
            stopped, wayOn: "continue it with --resume 3 once the database can be written"
        ) { written.append($0) }
        #expect(
            line.hasSuffix(
                "No such file or directory): 2 readings and 1 event follow on standard error, kept nowhere else; "
                    + "continue it with --resume 3 once the database can be written"), "\(line)")
        #expect(line.contains("; not stored, and no file could hold them (cannot write "), "\(line)")
        #expect(written.count == 2)
        #expect(written.first?.hasPrefix("t_s,probe_c,ambient_c\n12.0,40.0,110.0\n") == true)
        #expect(written.last?.contains("link lost") == true)
    }
}
