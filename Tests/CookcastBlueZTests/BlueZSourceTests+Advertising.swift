import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastBlueZ

/// Reconnecting as soon as the probe advertises again, not when the backoff runs out.
extension BlueZSourceTests {
    /// Options whose backoff alone would keep the probe waiting 20 s after a drop.
    func longBackoff(_ fake: FakeBlueZ) -> BlueZLinkOptions {
        var o = options(fake)
        o.reconnectInitialSeconds = 20
        o.reconnectMaxSeconds = 20
        return o
    }

    /// When the source reported each change to `state`, seconds.
    func stamps(_ log: EventLog, _ state: ConnectionState) -> [Double] {
        log.all.compactMap { if case .connection(state, let t, _) = $0 { return t } else { return nil } }
    }

    /// A probe back in range two minutes later waited out the backoff (up to 20 s here) before
    /// the next `Connect`, its readings lost meanwhile: a cheap probe does not buffer.
    @Test func aProbeAdvertisingAgainIsReconnectedAtOnce() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        // A backoff far longer than any wait here (600 s): the reconnect can only have come from
        // the advertisement, however slow a loaded machine makes the steps between (60 s was
        // not: the steps up to the advertisement took 40 s or more on a loaded machine).
        var patient = longBackoff(fake)
        patient.reconnectInitialSeconds = 600
        patient.reconnectMaxSeconds = 600
        let (dir, id, run) = try record(fake, patient)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let reader = try SessionStore(path: dir + "/probe.db", readOnly: true)
        let connects = { try reader.events(session: id).filter { $0.kind == .connected } }
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        for i in 1..<10 { #expect(try fake.notify(readingPacket(i))) }
        #expect(try await waitUntil { try reader.readings(session: id).count == 10 })

        try fake.dropLink()
        let droppedAt = ContinuousClock.now
        // It watches for the probe while it waits ...
        #expect(try await waitUntil(5) { try fake.isDiscovering() })
        try await Task.sleep(for: .seconds(1))
        #expect(try connects().count == 1)  // ... and the backoff alone would not end the wait yet.
        try fake.setAdvertising(true)
        let beforeAdvertising = (ContinuousClock.now - droppedAt).inSeconds
        #expect(try await waitUntil(5) { try connects().count == 2 })
        #expect(try !fake.isDiscovering())  // discovery is off while connected

        // Every reading sent once it is back goes into the same session.
        for i in 10..<20 { #expect(try fake.notify(readingPacket(i))) }
        #expect(try await waitUntil { try reader.readings(session: id).count == 20 })
        let dropped = try #require(try reader.events(session: id).first { $0.kind == .disconnected })
        let back = try #require(try connects().last)
        // Soon after the advertisement, long before the backoff runs out (the old code reconnected
        // when it did, 20.03 s after the drop with a 20 s backoff). Counted from the advertisement,
        // not the drop: a loaded machine stretched the test's own steps between the two to 13-47 s.
        #expect(back.elapsedSeconds - dropped.elapsedSeconds - beforeAdvertising < 40)
        run.cancel()
        let summary = try await run.value
        #expect(summary.readingsStored == 20)
        #expect(summary.disconnects == 1)
        #expect(try reader.sessions().count == 1)
        let probe = try reader.readings(session: id).compactMap(\.probeCelsius)
        #expect(zip(probe, (0..<20).map { 20 + Double($0) * 0.1 }).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    /// BlueZ forgets a device out of range for a while; seen again, it comes back as
    /// `InterfacesAdded`, and that ends the wait as well.
    @Test func aProbeBlueZHadForgottenIsReconnectedWhenItReappears() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let log = EventLog()
        let consumer = consume(BlueZSource(options: longBackoff(fake)), into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { log.count(.connected) == 1 })
        try fake.removeDevice()
        #expect(try await waitUntil(5) { try fake.isDiscovering() })
        try fake.setAdvertising(true)
        #expect(try await waitUntil(5) { log.count(.connected) == 2 })
        #expect(
            log.details(.connecting).last
                == "probe advertising again: connecting to /org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF")
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        #expect(try await waitUntil { log.packets == [readingPacket(0)] })
    }

    /// QA: BlueZ reconnecting the probe by itself (its `Connected = true` ended the wait) was
    /// reported as "probe advertising again: connecting to ...".
    @Test func blueZReconnectingByItselfIsSaidSo() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let log = EventLog()
        let consumer = consume(BlueZSource(options: longBackoff(fake)), into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { log.count(.connected) == 1 })
        try fake.dropLink()
        #expect(try await waitUntil(5) { try fake.isDiscovering() })
        try fake.connectByItself()
        #expect(try await waitUntil(5) { log.count(.connected) == 2 })
        #expect(log.details(.connecting).last == "BlueZ reconnected the probe: /org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF")
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        #expect(try await waitUntil { log.packets == [readingPacket(0)] })
    }

    /// A probe that advertises but refuses the connection is tried again after a second, not in
    /// a tight loop of `Connect` calls.
    @Test func aProbeThatAdvertisesButRefusesIsNotHammered() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.setAdvertising(true)
        let log = EventLog()
        let consumer = consume(BlueZSource(options: longBackoff(fake)), into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { log.count(.connected) == 1 })
        try fake.failNextConnect()
        try fake.dropLink()
        #expect(try await waitUntil(10) { log.count(.connected) == 2 })
        #expect(
            log.details(.disconnected) == [
                "link lost",
                // QA: it said "calling org.bluez.Device1.Connect on /org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF:
                // Connection refused (fake)", where every other failed try names the probe.
                "connecting to AA:BB:CC:DD:EE:FF: Connection refused (fake)",
            ])
        let tries = stamps(log, .connecting)
        #expect(tries.count == 3)  // the first connect, the refused one, the one that held
        #expect(log.details(.connecting).dropFirst().allSatisfy { $0.hasPrefix("probe advertising again") })
        // 1 s apart at the start of each try; the stamps come after a bus connection and a query each.
        #expect(tries[2] - tries[1] > 0.5)
    }

    /// QA: a probe that advertises but keeps refusing was tried every second for as long as it
    /// did (3,600 stored `disconnected` events an hour); the tries now space out, doubling up to
    /// the backoff's cap, and the spacing starts afresh once a try connects.
    @Test func aProbeThatKeepsRefusingIsTriedLessAndLessOften() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.setAdvertising(true)
        var o = longBackoff(fake)
        o.reconnectSpacingSeconds = 0.5
        o.reconnectMaxSeconds = 20
        let log = EventLog()
        let consumer = consume(BlueZSource(options: o), into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { log.count(.connected) == 1 })
        try fake.failConnects(3)
        try fake.dropLink()
        #expect(try await waitUntil(15) { log.count(.connected) == 2 })
        let tries = stamps(log, .connecting).dropFirst()
        #expect(tries.count == 4)  // three refused, the one that held
        let gaps = zip(tries.dropFirst(), tries).map { $0 - $1 }
        // 1, 2 and 4 s between the starts of the tries (0.5 s doubled after each refusal; the
        // stamps come a little after the starts). The old code: 0.5 s each.
        #expect(gaps.count == 3)
        for (gap, least) in zip(gaps, [0.8, 1.8, 3.8]) { #expect(gap > least, "\(gaps)") }
        #expect(gaps[2] < 6, "\(gaps)")
    }

    /// A probe BlueZ does not report (connectable, not discoverable) is still reconnected when the
    /// backoff runs out.
    @Test func withoutAdvertisementsTheBackoffStillReconnects() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        var o = options(fake)
        o.reconnectInitialSeconds = 1
        o.reconnectMaxSeconds = 1
        let log = EventLog()
        let consumer = consume(BlueZSource(options: o), into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { log.count(.connected) == 1 })
        try fake.dropLink()
        #expect(try await waitUntil(5) { try fake.isDiscovering() })
        #expect(try await waitUntil(10) { log.count(.connected) == 2 })
        #expect(try !fake.isDiscovering())
        #expect(log.details(.searching).contains("reconnecting in 1 s, or once the probe advertises"))
        #expect(log.details(.connecting).allSatisfy { !$0.contains("advertising") })
        let dropped = try #require(stamps(log, .disconnected).first)
        let back = try #require(stamps(log, .connected).last)
        #expect(back - dropped > 0.9)
    }

    /// Connects, takes Bluetooth away with `take` (the link drops) and, once the link waits out
    /// its 20 s backoff, gives it back with `give`: the next link must not wait for the backoff.
    /// Returns what the source reported.
    func expectTheWaitEnds(take: (FakeBlueZ) throws -> Void, give: (FakeBlueZ) throws -> Void) async throws
        -> EventLog
    {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let log = EventLog()
        let consumer = consume(BlueZSource(options: longBackoff(fake)), into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil { log.count(.connected) == 1 })
        try take(fake)
        #expect(try await waitUntil(10) { log.details(.searching).contains { $0.hasPrefix("reconnecting in 20 s") } })
        try await Task.sleep(for: .milliseconds(500))  // into the wait
        try give(fake)
        #expect(try await waitUntil(10) { log.count(.connected) == 2 })
        return log
    }

    /// QA: bluetoothd back after a restart was not noticed: the wait after it went away has no
    /// discovery, so the probe advertising went unheard until the backoff ran out (4 s late in
    /// a `live` run, up to the 5 s cap; 20 s here).
    @Test func bluetoothdComingBackEndsTheWait() async throws {
        let log = try await expectTheWaitEnds(take: { try $0.releaseName() }) { fake in
            try fake.setAdvertising(true)  // back before the wait looked, it is discovered instead
            try fake.acquireName()
        }
        #expect(log.details(.disconnected).first == "bluetoothd went away")
    }

    /// QA: an adapter powered on again was not noticed by a wait that had found it off, which
    /// ran out its backoff before the next try.
    @Test func anAdapterPoweredOnEndsTheWait() async throws {
        _ = try await expectTheWaitEnds(take: { try $0.setPowered(false) }) { fake in
            try fake.setAdvertising(true)  // on before the wait looked, it is discovered instead
            try fake.setPowered(true)
        }
    }

    /// QA: an adapter plugged in again (it comes back powered, as `InterfacesAdded`) was not
    /// noticed by a wait that had found none: the probe waited out the backoff, its readings lost.
    @Test func anAdapterPluggedInAgainEndsTheWait() async throws {
        _ = try await expectTheWaitEnds(take: { try $0.removeAdapter() }, give: { try $0.addAdapter() })
    }
}
