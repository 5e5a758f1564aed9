import CookcastCore
import CookcastStore
import Foundation
import Testing

/// QA: an iBBQ cook (probes 1 and 3, probe 4 the pit, its battery reported apart) exported as
/// CSV and imported back was a second session, its channels unnamed: the CSV gives every row the
/// thermometer's battery, which the stored readings do not hold, so its readings' hash was not the
/// session's; and the CSV reader named no channel. The file is now the session it came from, and
/// read into another database its channels are named as `live` names them.
@Suite struct IBBQCSVRoundTripTests {
    /// Exports session 1 of `box` as CSV into `name`; returns the path.
    func exportCSV(_ box: Sandbox, _ name: String) async throws -> String {
        let path = box.directory + "/" + name
        let exported = await box.run(["export", "1", "--format", "csv", "-o", path])
        #expect(exported.status == 0, "\(exported.err)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("t_s,probe_c,ambient_c,channel,battery_pct\n"), "\(text.prefix(80))")
        return path
    }

    @Test func aRecordedCooksCSVIsTheSessionItCameFrom() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let log = box.write("ibbq.hex", LiveProfileReplayTests.log)
        let live = await box.replayIBBQLog(log)
        #expect(live.status == 0, "\(live.err)")
        let csv = try await exportCSV(box, "ibbq.csv")

        let again = await box.run(["import", csv])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.hasPrefix("already recorded as session 1, skipped"), "\(again.out)")
        let dry = await box.run(["import", csv, "--dry-run"])
        #expect(dry.out.hasPrefix("would skip, already recorded as session 1"), "\(dry.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.sessionIDs() == [1])

        // Into another database: the same readings, channels named and placed as the recording's.
        let other = box.directory + "/other.db"
        let copied = await box.run(["import", csv, "--db", other])
        #expect(copied.status == 0, "\(copied.err)")
        let copy = try SessionStore(path: other, readOnly: true)
        let names = try copy.channels(session: 1).map { "\($0.channel) \($0.name ?? "-") \($0.role.rawValue)" }
        #expect(names == ["1 probe 1 meat", "3 probe 3 meat", "4 probe 4 (pit) ambient"])
        #expect(try copy.channels(session: 1) == store.channels(session: 1))
        let temperatures = { (s: SessionStore) in
            try s.readings(session: 1).map { [Double($0.channel), $0.elapsedSeconds, $0.probeCelsius ?? -1] }
        }
        #expect(try temperatures(copy) == temperatures(store))
        let shown = await box.run(["show", "1", "--db", other])
        #expect(shown.out.contains("channels   1=probe 1 (meat), 3=probe 3 (meat), 4=probe 4 (pit)\n"), "\(shown.out)")
    }

    /// The log imported, then its CSV export imported: the cook stored once.
    @Test func anImportedLogsCSVIsTheSessionItCameFrom() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let log = box.write("ibbq.hex", LiveProfileReplayTests.log)
        let imported = await box.run(["import", log, "--profile", "ibbq", "--pit-probe", "4"])
        #expect(imported.status == 0, "\(imported.err)")
        let csv = try await exportCSV(box, "back.csv")
        let again = await box.run(["import", csv])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.hasPrefix("already imported as session 1, skipped"), "\(again.out)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).sessionIDs() == [1])
    }
}
