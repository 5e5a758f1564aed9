import CookcastCore
import Foundation
import Testing

@testable import CookcastBlueZ

/// A probe looked for among many devices that advertise (a campsite, a block of flats).
extension BlueZSourceTests {
    /// QA: looking for a probe BlueZ did not know, the link asked BlueZ for its whole object tree
    /// after every signal, and with 50 devices advertising around it that was some 300
    /// `GetManagedObjects` a second, over half a core (and the D-Bus daemon's and bluetoothd's
    /// time too), for as long as the probe stayed away. It now asks once a second at most, and
    /// the probe's own `InterfacesAdded` tells of it at once.
    @Test func lookingForTheProbeInACrowdDoesNotAskBlueZAtEverySignal() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        for i in 0..<50 { try fake.addOtherDevice(address: String(format: "10:00:00:00:00:%02X", i), rssi: -60) }
        try fake.setOthersAdvertising(true)
        try fake.removeDevice()
        let log = EventLog()
        let consumer = consume(BlueZSource(options: options(fake)), into: log)
        defer { consumer.cancel() }
        #expect(try await waitUntil(10) { try fake.isDiscovering() })
        let before = try fake.managedObjectsCalls()
        try await Task.sleep(for: .seconds(2))
        let calls = try fake.managedObjectsCalls() - before
        #expect(calls <= 10, "\(calls) GetManagedObjects in 2 s")
        try fake.setAdvertising(true)  // the probe back: BlueZ adds it again
        #expect(try await waitUntil(10) { log.count(.connected) == 1 })
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        #expect(try await waitUntil { log.packets == [readingPacket(0)] })
    }
}
