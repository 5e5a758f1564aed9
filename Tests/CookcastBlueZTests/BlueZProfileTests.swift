import CookcastCore
import CookcastEngine
import CookcastStore
import Foundation
import Testing

@testable import CookcastBlueZ

/// `live --probe ADDR --profile ibbq`: an Inkbird iBBQ on the fake BlueZ, which sends data only
/// to a client that logged in and enabled it on that connection (go-ibbq `ibbq/ibbq.go`:
/// login on FFF2, then FFF5 writes; realtime data on FFF4, setting results on FFF1).
@Suite(.serialized) struct BlueZProfileTests {
    static let login = "21070605040302" + "01B8220000000000"
    /// The writes the shipped profile makes on connection `n`, in order.
    static func setupWrites(connection n: Int) -> [String] {
        ["\(n) fff2 \(login)", "\(n) fff5 0B0100000000", "\(n) fff5 020000000000", "\(n) fff5 082400000000"]
    }

    func ibbqProfile() throws -> ProbeProfile {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Models/probes.json")
        return try #require(try ProbeProfileCatalog(jsonData: Data(contentsOf: url)).profile(named: "ibbq"))
    }

    @Test func logsInEnablesAndStoresEveryProbeAgainAfterAReconnect() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.presentIBBQ()
        let profile = try ibbqProfile()
        var options = BlueZLinkOptions(address: FakeBlueZ.address, busAddress: fake.bus.address, profile: profile)
        options.reconnectInitialSeconds = 0.1
        options.reconnectMaxSeconds = 0.4
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-ibbq-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try SessionStore(path: dir + "/probe.db")
        // Probe 4 lies in the pit (--pit-probe 4).
        let source = BlueZSource(options: options, decoder: profile.decoder(pitChannel: 4))
        let id = try store.createSession(SessionInfo(startedAtUnixMs: 0, source: source.label), channels: [])
        let pipeline = LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [])
        let run = Task(priority: .high) { try await pipeline.run(source) }
        let reader = try SessionStore(path: dir + "/probe.db", readOnly: true)

        // Probes 1 and 3 in the meat, socket 2 empty, probe 4 in the pit at 110 C.
        func packet(_ i: Int) -> [UInt8] {
            IBBQDecoder.encodeRealtime(celsius: [20 + Double(i) * 0.1, nil, 30 + Double(i) * 0.1, 110])
        }
        // Data flows only once the login and the enable write arrived, in that order, first.
        #expect(try await waitUntil { try fake.notify(packet(0)) })
        #expect(Array(try fake.writes().prefix(2)) == Array(Self.setupWrites(connection: 1).prefix(2)))
        for i in 1..<10 { #expect(try fake.notify(packet(i))) }
        #expect(try await waitUntil { try reader.readings(session: id).count == 30 })
        #expect(try fake.writes() == Self.setupWrites(connection: 1))

        try fake.dropLink()
        #expect(try await waitUntil { try reader.events(session: id).filter { $0.kind == .connected }.count == 2 })
        #expect(try await waitUntil { try fake.notify(packet(10)) })
        for i in 11..<20 { #expect(try fake.notify(packet(i))) }
        #expect(try await waitUntil { try reader.readings(session: id).count == 60 })
        #expect(try fake.writes() == Self.setupWrites(connection: 1) + Self.setupWrites(connection: 2))
        run.cancel()
        _ = try await run.value

        let byChannel = Dictionary(grouping: try reader.readings(session: id), by: \.channel)
        #expect(byChannel.keys.sorted() == [1, 3, 4])
        #expect(
            byChannel[1]?.map { ($0.probeCelsius ?? 0) * 10 }.map { $0.rounded() } == (0..<20).map { 200 + Double($0) })
        #expect(byChannel[3]?.count == 20)
        #expect(byChannel[3]?.allSatisfy { $0.ambientCelsius == nil } == true)
        #expect(byChannel[4]?.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius == 110 } == true)
        let roles = Dictionary(uniqueKeysWithValues: try reader.channels(session: id).map { ($0.channel, $0.role) })
        #expect(roles == [1: .meat, 3: .meat, 4: .ambient])
        // The battery request's reply on FFF1 is stored as the thermometer's status.
        #expect(try reader.events(session: id).contains { $0.kind == .probeStatus && $0.detail == "24A00F981900" })
        #expect(try reader.events(session: id).filter { $0.kind == .decodeError }.isEmpty)
    }
}
