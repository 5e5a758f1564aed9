import CookcastCore
import CookcastStore
import Foundation
import Testing

/// `live --stdin --resume N` of a session recorded with `--profile ibbq --pit-probe 4` decodes
/// the rest of the cook as that session was: resumed without them, every iBBQ packet was taken
/// for a seed-probe status (stored as 500 `probe_status` events, not one reading, no warning),
/// and the pit probe became a meat probe at 110 C.
@Suite struct LiveProfileResumeTests {
    /// Ten minutes of an iBBQ log from `first` (packets every 10 s): sockets 1 and 3 in the meat,
    /// 4 in the pit at 110 C.
    static func log(packets: Range<Int>) -> String {
        packets.map { i in
            let packet = IBBQDecoder.encodeRealtime(celsius: [20 + Double(i) * 0.1, nil, 30 + Double(i) * 0.1, 110])
            return "\(i * 10) \(Hex.string(from: packet))\n"
        }.joined()
    }

    /// Runs `live --stdin` with `arguments`, feeding it `text`; returns the exit status and stderr.
    static func feed(_ text: String, _ arguments: [String], database: String) throws -> (Int32, String) {
        try CookcastBinary.live(arguments, feeding: text, database: database)
    }

    @Test func aResumedIBBQSessionKeepsItsProfileAndPit() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let first = try Self.feed(
            Self.log(packets: 0..<60), ["--profile", "ibbq", "--pit-probe", "4", "--cut", "brisket"],
            database: box.databasePath)
        #expect(first.0 == 0, "\(first.1)")
        let second = try Self.feed(Self.log(packets: 60..<120), ["--resume", "1"], database: box.databasePath)
        #expect(second.0 == 0, "\(second.1)")
        #expect(second.1.contains("session 1 was recorded with --profile ibbq"), "\(second.1)")
        #expect(second.1.contains("probe 4 of session 1 is its pit"), "\(second.1)")

        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let byChannel = Dictionary(grouping: try store.readings(session: 1), by: \.channel)
        #expect(byChannel.keys.sorted() == [1, 3, 4])
        #expect(byChannel[1]?.count == 120)
        #expect(byChannel[3]?.count == 120)
        #expect(byChannel[4]?.count == 120)
        #expect(byChannel[4]?.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius == 110 } == true)
        let statuses = try store.events(session: 1).filter { $0.kind == .probeStatus }
        #expect(statuses.isEmpty, "\(statuses.count) packets stored as statuses")
    }

    /// Given again, `--pit-probe` wins over the session's pit and nothing is said about it.
    @Test func aPitProbeGivenOnResumeIsTaken() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        _ = try Self.feed(
            Self.log(packets: 0..<30), ["--profile", "ibbq", "--pit-probe", "4"], database: box.databasePath)
        let second = try Self.feed(
            Self.log(packets: 30..<60), ["--resume", "1", "--pit-probe", "4"], database: box.databasePath)
        #expect(second.0 == 0, "\(second.1)")
        #expect(!second.1.contains("is its pit"), "\(second.1)")
        #expect(!second.1.contains("ignored"), "\(second.1)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let pit = try store.readings(session: 1).filter { $0.channel == 4 }
        #expect(pit.count == 60)
        #expect(pit.allSatisfy { $0.probeCelsius == nil })
    }
}
