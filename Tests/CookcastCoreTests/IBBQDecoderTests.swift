import Foundation
import Testing
@testable import CookcastCore

/// The Inkbird iBBQ protocol from its public descriptions, byte for byte:
/// - sworisbreathing/go-ibbq `ibbq/const.go`: FFF1 setting results (notify), FFF2 account and
///   verify (login write `21 07 06 05 04 03 02 01 B8 22 00 00 00 00 00`), FFF4 realtime data
///   (notify), FFF5 setting data (writes `0B 01 00 00 00 00` enable realtime, `02 00 ...` Celsius,
///   `08 24 ...` battery); `ibbq/ibbq.go`: realtime = UInt16 LE per probe / 10; a setting result
///   starting `24` is the battery: current voltage LE at [1..2], max at [3..4], max 0 -> 6550,
///   percent = 100 * current / max.
/// - pcr20/uibbq `uibbq.py`: one `<H` per probe / 10, 6552.6 (`0xFFF6`) -> no probe; the battery
///   reply unpacked as `<BHH` with header 0x24.
/// Both read the words unsigned; we read them signed like the seed probe (a probe in a freezer),
/// which agrees with them over every cooking temperature (0...3276.7 C).
@Suite struct IBBQDecoderTests {
    let decoder = IBBQDecoder()

    func readings(_ hex: String, channel: Int = 1) throws -> [Reading] {
        let bytes = try #require(Hex.bytes(from: hex))
        guard case .readings(let r) = decoder.decode(bytes, elapsedSeconds: 3.5, channel: channel) else {
            Issue.record("expected readings for \(hex)")
            return []
        }
        return r
    }

    @Test func sixProbesEveryChannel() throws {
        // F5 00 = 245 -> 24.5 C | 4C 04 = 1100 -> 110.0 C | E8 03 = 1000 -> 100.0 C |
        // 00 00 -> 0.0 C | 01 00 -> 0.1 C | 0F 27 = 9999 -> out of range (999.9 C), no value
        let r = try readings("F5 00 4C 04 E8 03 00 00 01 00 0F 27")
        #expect(r.map(\.channel) == [1, 2, 3, 4, 5])
        let expected = [24.5, 110.0, 100.0, 0.0, 0.1]
        for (reading, celsius) in zip(r, expected) {
            #expect(abs((reading.probeCelsius ?? .nan) - celsius) < 1e-9)
            #expect(reading.ambientCelsius == nil, "an iBBQ probe has no air sensor")
            #expect(reading.batteryPercent == nil)
            #expect(reading.elapsedSeconds == 3.5)
        }
    }

    @Test func unpluggedProbesAreLeftOut() throws {
        // IBT-4XS, probes 1 and 3 plugged: F6 FF = 0xFFF6 = empty socket
        let r = try readings("F5 00 F6 FF 4C 04 F6 FF")
        #expect(r.map(\.channel) == [1, 3])
        #expect(abs((r[1].probeCelsius ?? 0) - 110.0) < 1e-9)
    }

    @Test func everySocketEmptyIsAStatusNotAnError() throws {
        let bytes = try #require(Hex.bytes(from: "F6 FF F6 FF"))
        guard case .status(let s) = decoder.decode(bytes, elapsedSeconds: 0, channel: 1) else {
            Issue.record("expected a status")
            return
        }
        #expect(s.bytes == bytes)
        #expect(s.batteryPercent == nil)
    }

    @Test func negativeTemperaturesAreSigned() throws {
        // CE FF = -50 -> -5.0 C (a probe in a freezer) | 70 FE = -400 -> -40.0 C (the limit) |
        // 6F FE = -401 -> -40.1 C, out of range | FF FF -> no value
        let r = try readings("CE FF 70 FE 6F FE FF FF")
        #expect(r.map(\.channel) == [1, 2])
        #expect(abs((r[0].probeCelsius ?? 0) + 5.0) < 1e-9)
        #expect(abs((r[1].probeCelsius ?? 0) + 40.0) < 1e-9)
    }

    /// Realtime data comes on channel 1 only: on ch3 its sockets were stored as probes 3 and 4.
    @Test func realtimeDataOnAnotherChannelIsAnError() throws {
        let bytes = try #require(Hex.bytes(from: "F5 00 F5 00"))
        for channel in [2, 3, 7] {
            #expect(
                decoder.decode(bytes, elapsedSeconds: 0, channel: channel)
                    == .failure(DecodeError(.unexpectedChannel, bytes: bytes)))
        }
        #expect(try readings("F5 00 F5 00", channel: 1).map(\.channel) == [1, 2])
    }

    @Test func oddAndOversizedLengthsAreErrors() throws {
        for hex in ["F5", "F5 00 4C", "F5 00 4C 04 E8"] {
            let bytes = try #require(Hex.bytes(from: hex))
            #expect(
                decoder.decode(bytes, elapsedSeconds: 0, channel: 1)
                    == .failure(DecodeError(.unexpectedLength, bytes: bytes)))
        }
        let long = [UInt8](repeating: 0x10, count: 18)  // 9 sockets: no iBBQ has that many
        #expect(
            decoder.decode(long, elapsedSeconds: 0, channel: 1) == .failure(DecodeError(.unexpectedLength, bytes: long))
        )
        #expect(decoder.decode([], elapsedSeconds: 0, channel: 1) == .failure(DecodeError(.empty, bytes: [])))
    }

    @Test func batteryReplyOnTheSettingsChannel() throws {
        // 24 | A0 0F = 4000 current | 98 19 = 6552 max -> 61.05 %
        let bytes = try #require(Hex.bytes(from: "24 A0 0F 98 19 00"))
        guard case .status(let s) = decoder.decode(bytes, elapsedSeconds: 0, channel: ProbeProfile.settingsChannel)
        else {
            Issue.record("expected a battery status")
            return
        }
        #expect(s.rawWord == 4000)
        #expect(abs((s.batteryPercent ?? 0) - 61.05) < 0.01)
        // max 0 counts as 6550: 3275 / 6550 = 50 %; over-full is clamped to 100 %
        let half = decoder.decode([0x24, 0xCB, 0x0C, 0x00, 0x00], elapsedSeconds: 0, channel: 0)
        #expect(half == .status(ProbeStatus(bytes: [0x24, 0xCB, 0x0C, 0x00, 0x00], rawWord: 3275, batteryPercent: 50)))
        guard case .status(let full) = decoder.decode([0x24, 0xFF, 0xFF, 0x10, 0x00], elapsedSeconds: 0, channel: 0)
        else { return }
        #expect(full.batteryPercent == 100)
    }

    @Test func otherSettingRepliesAreStatusWithoutBattery() {
        for bytes: [UInt8] in [[0x0B, 0x01, 0x00, 0x00, 0x00, 0x00], [0x24, 0x01], [0x24]] {
            #expect(
                decoder.decode(bytes, elapsedSeconds: 0, channel: 0) == .status(ProbeStatus(bytes: bytes, rawWord: nil))
            )
        }
    }

    @Test func encodeRoundTrips() throws {
        let bytes = IBBQDecoder.encodeRealtime(celsius: [24.5, nil, -5.0, 110.04])
        #expect(bytes == [0xF5, 0x00, 0xF6, 0xFF, 0xCE, 0xFF, 0x4C, 0x04])
        let r = try readings(Hex.string(from: bytes))
        #expect(r.map(\.channel) == [1, 3, 4])
    }

    @Test func fuzzNeverCrashes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...24, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for channel in [0, 1] {
                let packet = decoder.decode(bytes, elapsedSeconds: 1, channel: channel)
                for r in packet.readings {
                    #expect(IBBQDecoder.validCelsius.contains(r.probeCelsius ?? .nan))
                }
            }
        }
    }

    @Test func pitChannelReadsTheAir() throws {
        let pit = PitChannelDecoder(base: decoder, pitChannel: 2)
        let bytes = try #require(Hex.bytes(from: "F5 00 4C 04"))
        let r = pit.decode(bytes, elapsedSeconds: 0, channel: 1).readings
        #expect(r.count == 2)
        #expect(abs((r[0].probeCelsius ?? 0) - 24.5) < 1e-9)
        #expect(r[0].ambientCelsius == nil)
        #expect(r[1].probeCelsius == nil)
        #expect(abs((r[1].ambientCelsius ?? 0) - 110.0) < 1e-9)
    }
}
