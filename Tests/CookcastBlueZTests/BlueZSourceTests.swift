import CookcastCore
import CookcastEngine
import CookcastStore
import Foundation
import Testing

@testable import CookcastBlueZ

/// Events a source produced, shared between the consuming task and the test.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [SourceEvent] = []
    func append(_ e: SourceEvent) { lock.withLock { events.append(e) } }
    var all: [SourceEvent] { lock.withLock { events } }
    var packets: [[UInt8]] {
        all.compactMap { if case .packet(let b, _, _) = $0 { return b } else { return nil } }
    }
    /// Details of the link changes to `state`, in order.
    func details(_ state: ConnectionState) -> [String] {
        all.compactMap { if case .connection(state, _, let d) = $0 { return d ?? "" } else { return nil } }
    }
    func count(_ state: ConnectionState) -> Int {
        all.filter { if case .connection(let s, _, _) = $0 { return s == state } else { return false } }.count
    }
}

/// Polls `condition` every 20 ms until it holds, up to `seconds` worth of polls. Counted in
/// polls, not on the wall clock: the full suite runs CPU-bound estimator tests in parallel on two
/// cores, and they can hold every thread of the pool for a minute or more, during which neither
/// this wait nor the task consuming the source runs; a wall-clock deadline then ran out before the
/// consumer had a turn (`streamsPacketsAndReconnectsAfterADropAndAFailedConnect`, 2 runs in 3).
func waitUntil(_ seconds: Double = 60, _ condition: () throws -> Bool) async throws -> Bool {
    for _ in 0..<Int(seconds / 0.02) {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try condition()
}

/// Consumes `source` into `log` at high priority, ahead of the CPU-bound tests queued on the pool.
func consume<Source: AsyncSequence & Sendable>(_ source: Source, into log: EventLog) -> Task<Void, Never>
where Source.Element == SourceEvent {
    Task(priority: .high) {
        do { for try await e in source { log.append(e) } } catch {}
    }
}

func readingPacket(_ i: Int) -> [UInt8] {
    SeedProbeDecoder.encodeReading(probeCelsius: 20 + Double(i) * 0.1, ambientCelsius: 110, batteryPercent: 90)
}

@Suite(.serialized) struct BlueZSourceTests {
    func options(_ fake: FakeBlueZ) -> BlueZLinkOptions {
        var o = BlueZLinkOptions(address: FakeBlueZ.address, busAddress: fake.bus.address)
        o.reconnectInitialSeconds = 0.1
        o.reconnectMaxSeconds = 0.4
        o.connectTimeoutSeconds = 20
        return o
    }

    @Test func streamsPacketsAndReconnectsAfterADropAndAFailedConnect() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let log = EventLog()
        let source = BlueZSource(options: options(fake))
        #expect(source.label == "probe:AA:BB:CC:DD:EE:FF")
        let consumer = consume(source, into: log)
        defer { consumer.cancel() }

        #expect(try await waitUntil { log.count(.connected) == 1 })
        for i in 0..<10 { #expect(try fake.notify(readingPacket(i))) }
        try fake.notify(SeedProbeDecoder.capturedStatus)
        #expect(try await waitUntil { log.packets.count == 11 })

        try fake.failNextConnect()
        try fake.dropLink()
        #expect(try await waitUntil { log.count(.connected) == 2 })
        #expect(log.count(.disconnected) >= 2)  // the drop, then the refused connect
        for i in 10..<20 { #expect(try fake.notify(readingPacket(i))) }
        #expect(try await waitUntil { log.packets.count == 21 })
        let expected = (0..<10).map(readingPacket) + [SeedProbeDecoder.capturedStatus] + (10..<20).map(readingPacket)
        #expect(log.packets == expected)
        let times = log.all.map(\.elapsedSeconds)
        #expect(times == times.sorted())
    }

    /// A session recorded from `fake` into a new database in a temporary directory, by a live
    /// pipeline running at high priority.
    func record(_ fake: FakeBlueZ, _ options: BlueZLinkOptions? = nil) throws -> (
        dir: String, session: Int64, run: Task<LiveSummary, any Error>
    ) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-bluez-\(UUID().uuidString)")
            .path
        let store = try SessionStore(path: dir + "/probe.db")
        let source = BlueZSource(options: options ?? self.options(fake))
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: 0, source: source.label), channels: [ChannelInfo(channel: 1)])
        let pipeline = LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [])
        return (dir, id, Task(priority: .high) { try await pipeline.run(source) })
    }

    @Test func oneSessionAcrossReconnectsInTheStore() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, id, run) = try record(fake)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let reader = try SessionStore(path: dir + "/probe.db", readOnly: true)
        // The first packet is delivered once the source has subscribed (StartNotify).
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        for i in 1..<15 { #expect(try fake.notify(readingPacket(i))) }
        #expect(try await waitUntil { try reader.readings(session: id).count == 15 })
        try fake.dropLink()
        #expect(try await waitUntil { try reader.events(session: id).filter { $0.kind == .connected }.count == 2 })
        #expect(try await waitUntil { try fake.notify(readingPacket(15)) })
        for i in 16..<30 { #expect(try fake.notify(readingPacket(i))) }
        #expect(try await waitUntil { try reader.readings(session: id).count == 30 })
        run.cancel()
        let summary = try await run.value
        #expect(summary.ending == .interrupted)
        #expect(summary.readingsStored == 30)
        #expect(summary.disconnects >= 1)
        #expect(try reader.sessions().count == 1)
        let probe = try reader.readings(session: id).compactMap(\.probeCelsius)
        #expect(zip(probe, (0..<30).map { 20 + Double($0) * 0.1 }).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test func aMissingProbeIsReportedAndRetried() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        var o = options(fake)
        o.address = "11:22:33:44:55:66"
        o.discoverySeconds = 0.3
        let log = EventLog()
        let consumer = consume(BlueZSource(options: o), into: log)
        defer { consumer.cancel() }
        #expect(
            try await waitUntil {
                log.all.contains {
                    if case .connection(.disconnected, _, let d) = $0 {
                        return d?.contains("probe not found") == true
                    } else {
                        return false
                    }
                }
            })
        #expect(log.count(.connected) == 0)
    }

    /// An adapter powered off said "calling org.bluez.Device1.Connect on /org/bluez/hci0/dev_...:
    /// Resource Not Ready" at every try; the link comes back once it is on.
    @Test func aPoweredOffAdapterIsSaidPlainly() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.setPowered(false)
        let log = EventLog()
        let source = BlueZSource(options: options(fake))
        let consumer = consume(source, into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { log.count(.disconnected) >= 2 })
        #expect(
            log.details(.disconnected).allSatisfy {
                $0 == "connecting to AA:BB:CC:DD:EE:FF: the Bluetooth adapter hci0 is powered off "
                    + "(turn it on: bluetoothctl power on)"
            })
        try fake.setPowered(true)
        #expect(try await waitUntil { log.count(.connected) == 1 })
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        #expect(try await waitUntil { log.packets == [readingPacket(0)] })
    }

    /// bluetoothd gone: the drop said so, but every retry until it was back said "calling
    /// org.freedesktop.DBus.ObjectManager.GetManagedObjects on /: The name org.bluez was not
    /// provided by any .service files".
    @Test func bluetoothdGoneAndBackIsSaidPlainly() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let log = EventLog()
        let source = BlueZSource(options: options(fake))
        let consumer = consume(source, into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        try fake.releaseName()
        #expect(try await waitUntil { log.count(.disconnected) >= 3 })
        #expect(log.details(.disconnected).first == "bluetoothd went away")
        #expect(
            log.details(.disconnected).dropFirst().allSatisfy {
                $0 == "bluetoothd is not running (no org.bluez on the system bus)"
            })
        try fake.acquireName()
        #expect(try await waitUntil { log.count(.connected) == 2 })
        #expect(try await waitUntil { try fake.notify(readingPacket(1)) })
        #expect(try await waitUntil { log.packets == [readingPacket(0), readingPacket(1)] })
    }

    /// QA: the D-Bus daemon gone, every try said "connecting to D-Bus at unix:path=...,guid=...:
    /// Failed to connect to socket ...: No such file or directory".
    @Test func theSystemBusGoneIsSaidPlainly() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let log = EventLog()
        let consumer = consume(BlueZSource(options: options(fake)), into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { log.count(.connected) == 1 })
        fake.bus.stop()  // the daemon and its socket
        #expect(try await waitUntil(10) { log.count(.disconnected) >= 3 })
        let tries = log.details(.disconnected).dropFirst()  // the first is the link lost with the bus
        #expect(
            tries.allSatisfy {
                $0 == "the system D-Bus is not running (no socket at \(fake.bus.socketPath)): "
                    + "start it (sudo systemctl start dbus)"
            }, "\(tries)")
    }

    /// A refused reconnect is not another disconnect: one drop and one refused connect were
    /// summed up as "2 disconnects" (a probe out of range overnight counted one per try).
    @Test func refusedReconnectsAreNotCountedAsDisconnects() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, id, run) = try record(fake)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let reader = try SessionStore(path: dir + "/probe.db", readOnly: true)
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        try fake.failNextConnect()
        try fake.dropLink()
        #expect(try await waitUntil { try reader.events(session: id).filter { $0.kind == .connected }.count == 2 })
        run.cancel()
        let summary = try await run.value
        #expect(summary.disconnects == 1)
        // The refused try is still in the history, with its reason.
        #expect(try reader.events(session: id).filter { $0.kind == .disconnected }.count == 2)
    }

    /// A `Connect` that gets no answer (a probe out of range) showed and stored libdbus's "Did
    /// not receive a reply. Possible causes include: the remote application did not send a
    /// reply, the message bus security policy blocked the reply, ..." at every try.
    @Test func aConnectWithoutAnswerIsSaidPlainly() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.hangConnects()
        var o = options(fake)
        o.connectTimeoutSeconds = 0.5
        let log = EventLog()
        let source = BlueZSource(options: o)
        let consumer = consume(source, into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { log.count(.disconnected) >= 2 })
        #expect(
            log.details(.disconnected).allSatisfy {
                $0 == "connecting to AA:BB:CC:DD:EE:FF: no answer from the probe in 0.5 s "
                    + "(out of range or switched off?)"
            })
        try fake.answerConnects()
        #expect(try await waitUntil { log.count(.connected) == 1 })
    }

    /// A link that dropped while its services resolved (a flaky probe) was noticed only when the
    /// 20 s wait for them ran out ("services did not resolve"): 20 s without trying again.
    @Test func aDropWhileServicesResolveIsNoticedAtOnce() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.stallResolving()
        let log = EventLog()
        let source = BlueZSource(options: options(fake))
        let consumer = consume(source, into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { try fake.isConnected() })
        try fake.dropLink()
        #expect(try await waitUntil(5) { log.count(.disconnected) == 1 })
        #expect(
            log.details(.disconnected) == [
                "connecting to AA:BB:CC:DD:EE:FF: the link dropped before its services resolved"
            ])
    }

    /// QA: a connection whose services never resolved was left up and waited on again, try after
    /// try: a cheap probe does not advertise while connected, so no new link was ever made and
    /// the rest of the cook was lost. The stuck link is now disconnected, and the next try
    /// makes a new one.
    @Test func aLinkWhoseServicesNeverResolveIsMadeAgain() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.stallResolves(1)
        var o = options(fake)
        o.connectTimeoutSeconds = 1
        let log = EventLog()
        let consumer = consume(BlueZSource(options: o), into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil(15) { log.count(.connected) == 1 })
        #expect(try fake.disconnects() == ["dropped the link"])
        #expect(log.details(.disconnected) == ["connecting to AA:BB:CC:DD:EE:FF: services did not resolve"])
        #expect(try await waitUntil(5) { try fake.notify(readingPacket(0)) })
        #expect(try await waitUntil(5) { log.packets == [readingPacket(0)] })
    }
}
