import CookcastCore
import Foundation
import Testing

@testable import CookcastBlueZ

/// A probe another program has connected already (a second recorder, the vendor app).
extension BlueZSourceTests {
    /// QA: a second `live --probe` (another database, or under sudo) used the link the first one
    /// had made, and on its way out called `Device1.Disconnect`, cutting the first one's link (a
    /// notification sent as it reconnected was lost). A link cookcast did not make is now said
    /// to be another program's, and left up on stop.
    @Test func aLinkAnotherProgramMadeIsLeftUpOnStop() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.connectByItself()  // another client's link, up before cookcast comes
        let log = EventLog()
        let source = BlueZSource(options: options(fake))
        let consumer = consume(source, into: log)
        #expect(try await waitUntil { log.count(.connected) == 1 })
        #expect(
            log.details(.connecting).contains {
                $0.hasPrefix("AA:BB:CC:DD:EE:FF is already connected by another program")
            }, "\(log.details(.connecting))")
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        consumer.cancel()
        #expect(await source.waitUntilStopped(upToSeconds: 2))
        #expect(try fake.disconnects() == [])
        #expect(try fake.isConnected())
    }

    /// The link cookcast made itself is still taken down on stop, also once BlueZ brought it back
    /// by itself after a drop: left up, a cheap probe does not advertise and nothing finds it.
    @Test func aLinkCookcastMadeIsTakenDownOnStopEvenAfterBlueZBroughtItBack() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let log = EventLog()
        var o = options(fake)
        o.reconnectInitialSeconds = 5
        o.reconnectMaxSeconds = 5
        let source = BlueZSource(options: o)
        let consumer = consume(source, into: log)
        #expect(try await waitUntil { log.count(.connected) == 1 })
        try fake.setAdvertising(false)
        try fake.dropLink()
        #expect(try await waitUntil { log.count(.disconnected) == 1 })
        try await Task.sleep(for: .milliseconds(300))
        try fake.connectByItself()
        #expect(try await waitUntil { log.count(.connected) == 2 })
        #expect(log.details(.connecting).allSatisfy { !$0.contains("another program") }, "\(log.details(.connecting))")
        consumer.cancel()
        #expect(await source.waitUntilStopped(upToSeconds: 2))
        #expect(try fake.disconnects() == ["dropped the link"])
        #expect(try !fake.isConnected())
    }
}
