import CookcastCore
import CookcastStore
import Foundation
import Testing

/// `live --probe --characteristic UUID`: checked when given, and final when the probe lacks it.
extension ProbeCommandTests {
    /// QA: `--characteristic not-a-uuid` was taken as given and tried for ever, every 5 s, "no
    /// notify characteristic with UUID not-a-uuid". A value that is no UUID is now a usage error,
    /// as `--probe nonsense` is, before any session.
    @Test(arguments: ["not-a-uuid", "fff", "0000fff4-0000-1000-8000-00805f9b34f", "gggg", "0xfff4"])
    func aCharacteristicThatIsNoUUIDIsAUsageError(given: String) async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (status, text) = try await liveWithCharacteristic(given, fake: fake, db: db)
        #expect(status == 64, "\(text)")
        #expect(
            text.hasPrefix(
                "cookcast live: --characteristic needs a UUID like 0000fff4-0000-1000-8000-00805f9b34fb or fff4, "
                    + "got '\(given)'\n"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// QA: a well-formed UUID the probe does not have was retried for ever; its resolved services
    /// are its whole GATT table, so it is now a final error naming what the probe offers (exit
    /// 69; its session, empty, is not kept), and so is a pinned characteristic that cannot notify
    /// (the link filtered by UUID only, and said "notify").
    @Test(arguments: [
        (
            "abcd",
            "cookcast live: AA:BB:CC:DD:EE:FF: no characteristic 0000abcd-0000-1000-8000-00805f9b34fb "
                + "(--characteristic); its notify characteristics: 0000fff4-0000-1000-8000-00805f9b34fb\n"
        ),
        (
            "0000FFF5-0000-1000-8000-00805F9B34FB",
            "cookcast live: AA:BB:CC:DD:EE:FF: characteristic 0000fff5-0000-1000-8000-00805f9b34fb "
                + "(--characteristic) cannot notify (its flags: read, write); "
                + "its notify characteristics: 0000fff4-0000-1000-8000-00805f9b34fb\n"
        ),
    ])
    func aCharacteristicTheProbeCannotGiveIsAFinalError(given: String, error: String) async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (status, text) = try await liveWithCharacteristic(given, fake: fake, db: db)
        #expect(status == 69, "\(text)")
        #expect(text.hasSuffix(error), "\(text)")
        #expect(text.components(separatedBy: "reconnecting").count == 1, "\(text)")
        #expect(try await waitUntil(5) { try !fake.isConnected() })
        // Nothing was stored: the session is not kept, and a note says so.
        #expect(text.contains("note: no readings from probe:\(FakeBlueZ.address): session 1 not kept"), "\(text)")
        let store = try SessionStore(path: db, readOnly: true)
        #expect(try store.sessions().isEmpty)
    }

    /// The forms users type: 128-bit in any case, or the 16-bit short form probes.json uses.
    @Test func uuidsAreReadInTheFormsUsersType() {
        #expect(ProbeProfile.parsedUUID("FFF4") == "0000fff4-0000-1000-8000-00805f9b34fb")
        #expect(
            ProbeProfile.parsedUUID("7EDDA774-045E-4BBF-909B-45D1991A2876") == "7edda774-045e-4bbf-909b-45d1991a2876")
        for bad in ["", "fff4 ", "fff45", "7edda774045e4bbf909b45d1991a2876", "7edda774-045e-4bbf-909b-45d1991a287g"] {
            #expect(ProbeProfile.parsedUUID(bad) == nil, "\(bad)")
        }
    }

    /// `live --probe` of the fake's probe with `--characteristic given`, plain output, into `db`.
    func liveWithCharacteristic(_ given: String, fake: FakeBlueZ, db: String) async throws -> (
        status: Int32?, text: String
    ) {
        try await bounded(
            ["live", "--probe", FakeBlueZ.address, "--characteristic", given, "--plain", "--db", db], fake: fake)
    }
}
