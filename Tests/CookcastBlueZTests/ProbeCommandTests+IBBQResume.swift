import CookcastCore
import CookcastStore
import Foundation
import Testing

extension ProbeCommandTests {
    /// An iBBQ notification of step `i`: sockets 1 and 3 in the meat, 4 in the pit at 110 C.
    static func ibbqPacket(_ i: Int) -> [UInt8] {
        IBBQDecoder.encodeRealtime(celsius: [20 + Double(i) * 0.1, nil, 30 + Double(i) * 0.1, 110])
    }

    /// `live --probe` of an iBBQ recorded with `--profile ibbq --pit-probe 4`, killed, and started
    /// again without them resumes session 1 decoding as it was recorded (`probe_id`
    /// `profile:ibbq`) with its pit kept; only the `--stdin` path was tested. Without the stored
    /// profile the advertised service would still give `ibbq`, but the pit became a meat probe.
    @Test func aKilledIBBQRecordingResumesWithItsProfileAndPit() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.presentIBBQ()
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let base = ["live", "--probe", FakeBlueZ.address, "--cut", "brisket", "--plain", "--db", db]
        let first = try cookcast(base + ["--profile", "ibbq", "--pit-probe", "4"], fake: fake)
        #expect(try await waitUntil { try fake.notify(Self.ibbqPacket(0)) })
        for i in 1..<5 { try fake.notify(Self.ibbqPacket(i)) }
        #expect(try await waitUntil { stored(db) == 15 })
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        try fake.dropLink()

        let err = Pipe()
        let second = try cookcast(base, fake: fake, errors: err)
        #expect(try await waitUntil { try fake.notify(Self.ibbqPacket(5)) })
        for i in 6..<10 { try fake.notify(Self.ibbqPacket(i)) }
        #expect(try await waitUntil { stored(db) == 30 })
        try await interrupt(second)
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(second.terminationStatus == 130, "\(said)")
        #expect(said.contains("note: session 1 was recorded with --profile ibbq: decoding as it"), "\(said)")
        #expect(said.contains("note: probe 4 of session 1 is its pit"), "\(said)")
        #expect(!said.contains("offers the ibbq service"), "the stored profile, not the advertised one: \(said)")

        let store = try SessionStore(path: db, readOnly: true)
        #expect(try store.sessions().count == 1)
        #expect(try store.session(1)?.probeId == "profile:ibbq")
        #expect(try store.events(session: 1).map(\.kind).contains(.resumed))
        let pit = try #require(try store.channels(session: 1).first { $0.channel == 4 })
        #expect(pit.role == .ambient)
        let byChannel = Dictionary(grouping: try store.readings(session: 1), by: \.channel)
        #expect(byChannel.keys.sorted() == [1, 3, 4])
        #expect(byChannel[1]?.compactMap(\.probeCelsius).count == 10)
        #expect(byChannel[4]?.count == 10)
        #expect(byChannel[4]?.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius == 110 } == true)
        // The thermometer's battery replies (channel 0) are its statuses; no data packet is one
        // (taken for the seed probe's, every iBBQ packet was stored as a status).
        let statuses = try store.events(session: 1).filter { $0.kind == .probeStatus }
        #expect(statuses.allSatisfy { $0.channel == 0 && $0.detail.hasPrefix("battery ") }, "\(statuses)")
    }
}
