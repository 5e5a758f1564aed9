import Foundation
import Testing

/// `live --probe` while the link cannot be made: what it prints.
extension ProbeCommandTests {
    /// QA: with the adapter off, `--json` (and `--plain`) printed a search, a connect, a
    /// "disconnected" and a wait at every try, 4 lines every 5 s, and called the first failure a
    /// disconnect of a link never made. The outage is now said once, as "not connected yet", its
    /// repeats collapsed, and the link back with the count of failed attempts.
    @Test func anOutageAtTheStartIsSaidOnceAndTheLinkBackWithItsCount() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.setPowered(false)
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = Pipe()
        let live = try cookcast(["live", "--probe", FakeBlueZ.address, "--json", "--db", db], fake: fake, output: out)
        try await Task.sleep(for: .milliseconds(4_500))  // tries at 0, 1 and 3 s
        try fake.setPowered(true)
        #expect(try await waitUntil(10) { try fake.notify(readingPacket(0)) })
        try await interrupt(live)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let links = text.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["type"] as? String == "connection"
            else { return nil }
            return object
        }
        #expect(
            links.map { $0["change"] as? String ?? "?" } == [
                "searching", "connecting", "not_connected_yet", "searching", "connected",
            ], "\(text)")
        #expect(links.map { $0["state"] as? String ?? "?" }.filter { $0 == "disconnected" }.count == 1, "\(text)")
        #expect((links.last?["failed_attempts"] as? Int ?? 0) >= 3, "\(text)")
    }
}
