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
        var profile = try ibbqProfile()
        // Connect-time writes only: on a loaded machine this test outlasts the 60 s battery period.
        for i in profile.writes.indices { profile.writes[i].everySeconds = nil }
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
        #expect(
            try reader.events(session: id).contains {
                $0.kind == .probeStatus && $0.detail == "battery 61 % (24A00F981900)"
            })
        #expect(try reader.events(session: id).filter { $0.kind == .decodeError }.isEmpty)
    }

    /// Over a long cook the battery request is made again (`every_s`; 60 s shipped, as go-ibbq
    /// asks, 0.3 s here): each reply of the fake is lower (61, 49, 37, 24, 12, 0 %), and the
    /// battery shown and stored follows it down, and `battery_low` sounds once, as for a seed
    /// probe's battery. Requested once per connect, it stayed at 61 % and never sounded.
    @Test func asksForTheBatteryAgainAndSoundsItsAlarmOnce() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.presentIBBQ()
        var profile = try ibbqProfile()
        let battery = try #require(profile.writes.firstIndex { $0.purpose == "battery request" })
        #expect(profile.writes[battery].everySeconds == 60)
        profile.writes[battery].everySeconds = 0.3
        let options = BlueZLinkOptions(address: FakeBlueZ.address, busAddress: fake.bus.address, profile: profile)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-ibbq-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try SessionStore(path: dir + "/probe.db")
        let source = BlueZSource(options: options, decoder: profile.decoder())
        let id = try store.createSession(SessionInfo(startedAtUnixMs: 0, source: source.label), channels: [])
        let sink = BatterySink()
        let pipeline = LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [sink])
        let run = Task(priority: .high) { try await pipeline.run(source) }
        let reader = try SessionStore(path: dir + "/probe.db", readOnly: true)
        func batteryReplies() throws -> [String] {
            try reader.events(session: id).filter { $0.kind == .probeStatus && $0.channel == 0 }.map(\.detail).map {
                String($0.split(separator: "(").last?.dropLast() ?? "")
            }
        }

        // Data every so often, so the view is redrawn with the battery of the moment.
        let packet = IBBQDecoder.encodeRealtime(celsius: [60, nil, nil, nil])
        #expect(try await waitUntil { try fake.notify(packet) })
        #expect(
            try await waitUntil {
                try fake.notify(packet)
                return try batteryReplies().count == 6
            })
        // Two more replies at 0 %: the same bytes, not stored again, and no second alarm.
        #expect(try await waitUntil { try fake.writes().filter { $0.hasSuffix("fff5 082400000000") }.count >= 8 })
        try await Task.sleep(for: .milliseconds(300))
        try fake.notify(packet)
        #expect(try await waitUntil { sink.shownBatteries.last == 0 })
        run.cancel()
        _ = try await run.value

        #expect(
            try batteryReplies() == [
                "24A00F981900", "24800C981900", "246009981900", "244006981900", "242003981900", "240000981900",
            ])
        // Shown at each redraw (a reading): falling, down to 0 % (several replies may fall
        // between two redraws on a loaded machine).
        let shown = sink.shownBatteries.map { Int($0.rounded()) }
        #expect(shown.count >= 2 && shown.last == 0, "\(shown)")
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 > $1 }, "\(shown)")
        #expect(shown.allSatisfy { [61, 49, 37, 24, 12, 0].contains($0) }, "\(shown)")
        let alarms = try reader.events(session: id).filter { $0.kind == .alarm }
        #expect(alarms.map(\.detail) == ["battery_low: thermometer battery low (12 %)"])
        #expect(alarms.first?.channel == nil)
    }
}

/// The battery the live view shows after each event.
final class BatterySink: LiveSink, @unchecked Sendable {
    private let lock = NSLock()
    private var batteries: [Double] = []

    var shownBatteries: [Double] { lock.withLock { batteries } }

    func handle(_ event: LiveEvent, status: LiveStatus) {
        guard let battery = status.batteryPercent else { return }
        lock.withLock { if batteries.last != battery { batteries.append(battery) } }
    }

    func finish(_ summary: LiveSummary, status: LiveStatus) {}
}
