import Foundation
import Testing
@testable import CookcastCore

/// `Models/probes.json` as shipped: the seed probe and the iBBQ, its UUIDs and writes as go-ibbq
/// (`ibbq/const.go`) and pcr20/uibbq (`uibbq.py`) give them.
@Suite struct ProbeProfileTests {
    func shipped() throws -> ProbeProfileCatalog {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Models/probes.json")
        return try ProbeProfileCatalog(jsonData: try Data(contentsOf: url))
    }

    @Test func ibbqProfile() throws {
        let catalog = try shipped()
        #expect(catalog.names == ["seed", "ibbq"])
        let ibbq = try #require(catalog.profile(named: "IBT-4XS"))
        #expect(ibbq.name == "ibbq")
        #expect(ibbq.probeProtocol == .ibbq)
        #expect(ibbq.serviceUUID == "0000fff0-0000-1000-8000-00805f9b34fb")
        #expect(ibbq.dataNotifyUUID == "0000fff4-0000-1000-8000-00805f9b34fb")
        #expect(ibbq.settingsNotifyUUID == "0000fff1-0000-1000-8000-00805f9b34fb")
        #expect(ibbq.channelCount == 6)
        #expect(ibbq.pitChannel == nil)
        #expect(ibbq.writes.map(\.purpose) == ["login", "enable realtime data", "units Celsius", "battery request"])
        #expect(
            ibbq.writes.map { String($0.characteristicUUID.prefix(8)) } == [
                "0000fff2", "0000fff5", "0000fff5", "0000fff5",
            ])
        #expect(
            ibbq.writes.map(\.bytes) == [
                [0x21, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0xB8, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00],
                [0x0B, 0x01, 0x00, 0x00, 0x00, 0x00], [0x02, 0x00, 0x00, 0x00, 0x00, 0x00],
                [0x08, 0x24, 0x00, 0x00, 0x00, 0x00],
            ])
        // Only the battery request is made again while connected, every 60 s as go-ibbq asks.
        #expect(ibbq.writes.map(\.everySeconds) == [nil, nil, nil, 60])
        #expect(ibbq.decoder() is IBBQDecoder)
        #expect(ibbq.decoder(pitChannel: 2) is PitChannelDecoder)
    }

    @Test func seedProfileDiscoversItsCharacteristic() throws {
        let seed = try #require(try shipped().profile(named: "seed"))
        #expect(seed.probeProtocol == .seed)
        #expect(seed.dataNotifyUUID == nil && seed.settingsNotifyUUID == nil && seed.writes.isEmpty)
        #expect(seed.decoder() is SeedProbeDecoder)
    }

    @Test func unknownProtocolOrBadBytesAreRejected() {
        let unknown = #"{"probes": [{"name": "x", "protocol": "meater"}]}"#
        #expect(throws: (any Error).self) { try ProbeProfileCatalog(jsonData: Data(unknown.utf8)) }
        let badBytes =
            #"{"probes": [{"name": "x", "protocol": "ibbq", "writes": [{"characteristic": "fff2", "bytes": "ZZ"}]}]}"#
        #expect(throws: (any Error).self) { try ProbeProfileCatalog(jsonData: Data(badBytes.utf8)) }
        for every in ["0", "-60", "1e300"] {
            let badPeriod =
                #"{"probes": [{"name": "x", "protocol": "ibbq", "writes": [{"characteristic": "fff5", "bytes": "08", "every_s": "#
                + every + "}]}]}"
            #expect(throws: (any Error).self) { try ProbeProfileCatalog(jsonData: Data(badPeriod.utf8)) }
        }
    }

    @Test func shortUUIDsAreExpanded() {
        #expect(ProbeProfile.fullUUID("FFF4") == "0000fff4-0000-1000-8000-00805f9b34fb")
    }
}
