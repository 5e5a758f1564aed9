import Foundation
import Testing
@testable import CookcastCore

/// Worked examples from protocols.md and the original write-up (../shared/seed), byte for byte.
@Suite struct SeedProbeDecoderTests {
    let decoder = SeedProbeDecoder()

    func reading(_ hex: String) throws -> Reading {
        let bytes = try #require(Hex.bytes(from: hex))
        guard case .reading(let r) = decoder.decode(bytes, elapsedSeconds: 1.5, channel: 1) else {
            Issue.record("expected a reading for \(hex)")
            throw DecodeError(.noValidChannel, bytes: bytes)
        }
        return r
    }

    @Test func capturedPacket2() throws {
        // 00 00 00 64 | F5 00 = 245 -> 24.5 C | FB 00 = 251 -> 25.1 C | DD = 221/255 = 86.7 %
        let r = try reading("00 00 00 64 F5 00 FB 00 DD")
        #expect(abs(r.probeCelsius! - 24.5) < 1e-9)
        #expect(abs(r.ambientCelsius! - 25.1) < 1e-9)
        #expect(abs(r.batteryPercent! - 86.67) < 0.01)
        #expect(r.batteryPercent!.rounded() == 87)
        #expect(r.elapsedSeconds == 1.5)
    }

    @Test func capturedPacket4() throws {
        // ambient FA 00 = 250 -> 25.0 C
        let r = try reading("00 00 00 64 F5 00 FA 00 DD")
        #expect(abs(r.probeCelsius! - 24.5) < 1e-9)
        #expect(abs(r.ambientCelsius! - 25.0) < 1e-9)
        #expect(r.batteryPercent!.rounded() == 87)
    }

    @Test func capturedPacketOtherHeader() throws {
        // header byte 3 = 14 | DE 00 = 222 -> 22.2 C | F0 00 = 240 -> 24.0 C | E9 = 233 -> 91.4 %
        let r = try reading("0x00000014DE00F000E9")
        #expect(abs(r.probeCelsius! - 22.2) < 1e-9)
        #expect(abs(r.ambientCelsius! - 24.0) < 1e-9)
        #expect(abs(r.batteryPercent! - 91.37) < 0.01)
        #expect(r.batteryPercent!.rounded() == 91)
    }

    @Test func statusPacketIsNeverATemperature() throws {
        let bytes = try #require(Hex.bytes(from: "00 01 B7 0D 01 FF FF FF"))
        guard case .status(let s) = decoder.decode(bytes, elapsedSeconds: 0, channel: 1) else {
            Issue.record("expected status")
            return
        }
        #expect(s.rawWord == 3511)
        #expect(s.bytes == bytes)
    }

    @Test func negativeTemperaturesAreSigned() throws {
        // FF FF would be the sentinel; EC FF = -20 tenths = -2.0 C (ice bath below zero)
        let r = try reading("00 00 00 64 EC FF 14 00 DD")
        #expect(abs(r.probeCelsius! - (-2.0)) < 1e-9)
        #expect(abs(r.ambientCelsius! - 2.0) < 1e-9)
    }

    @Test func sentinelAndOutOfRangeMeanNoValue() throws {
        // probe FF FF (unplugged), ambient 0xFB 0x00 valid
        let unplugged = try reading("00 00 00 64 FF FF FB 00 DD")
        #expect(unplugged.probeCelsius == nil)
        #expect(abs(unplugged.ambientCelsius! - 25.1) < 1e-9)
        // probe 0x1000 = 4096 -> 409.6 C, out of range
        let hot = try reading("00 00 00 64 00 10 FB 00 DD")
        #expect(hot.probeCelsius == nil)
        // -40.1 C is out of range, -40.0 is in
        let cold = try reading("00 00 00 64 6F FE 70 FE DD")
        #expect(cold.probeCelsius == nil)
        #expect(abs(cold.ambientCelsius! - (-40.0)) < 1e-9)
    }

    @Test func bothChannelsInvalidIsAnError() throws {
        let bytes = try #require(Hex.bytes(from: "00 00 00 64 FF FF FF FF DD"))
        #expect(
            decoder.decode(bytes, elapsedSeconds: 0, channel: 1)
                == .failure(DecodeError(.noValidChannel, bytes: bytes)))
    }

    /// QA: nine zero bytes were stored as probe 0.0 C, ambient 0.0 C, battery 0 %, and sounded
    /// `battery_low`. A real 0.0 C reading keeps its header bytes and battery.
    /// A seed-probe log's `ch0` line (the settings channel, which this probe has not) is a
    /// decode error, not a reading of a "probe 0".
    @Test func aPacketOnTheSettingsChannelIsNoReading() throws {
        let bytes: [UInt8] = [0x00, 0x00, 0x00, 0x64, 0xF5, 0x00, 0xFB, 0x00, 0xDD]
        let packet = SeedProbeDecoder().decode(bytes, elapsedSeconds: 1, channel: ProbeProfile.settingsChannel)
        #expect(packet.readings.isEmpty)
        guard case .failure(let error) = packet else {
            Issue.record("expected a decode error, got \(packet)")
            return
        }
        #expect(
            error.description == "settings packet (channel 0) for a probe without settings replies: 00000064F500FB00DD")
        #expect(SeedProbeDecoder().decode(bytes, elapsedSeconds: 1, channel: 1).readings.count == 1)
    }

    @Test func anAllZeroPacketIsNoReading() throws {
        let zeros = [UInt8](repeating: 0, count: 9)
        #expect(decoder.decode(zeros, elapsedSeconds: 0, channel: 1) == .failure(DecodeError(.allZero, bytes: zeros)))
        let iced = try #require(Hex.bytes(from: "00 00 00 64 00 00 00 00 DD"))
        guard case .reading(let r) = decoder.decode(iced, elapsedSeconds: 0, channel: 1) else {
            Issue.record("an ice bath at 0.0 C is a reading")
            return
        }
        #expect(r.probeCelsius == 0 && r.ambientCelsius == 0)
    }

    @Test func truncatedEmptyAndOverlongPackets() throws {
        #expect(decoder.decode([], elapsedSeconds: 0, channel: 1) == .failure(DecodeError(.empty, bytes: [])))
        for n in [1, 2, 5, 7, 10, 20, 255] {
            let bytes = [UInt8](repeating: 0x42, count: n)
            #expect(
                decoder.decode(bytes, elapsedSeconds: 0, channel: 1)
                    == .failure(DecodeError(.unexpectedLength, bytes: bytes)))
        }
    }

    @Test func encodeRoundTripsTheCapturedBytes() throws {
        let encoded = SeedProbeDecoder.encodeReading(
            probeCelsius: 24.5, ambientCelsius: 25.1, batteryPercent: 221.0 / 255.0 * 100)
        #expect(Hex.string(from: encoded) == "00000064F500FB00DD")
        let cold = SeedProbeDecoder.encodeReading(probeCelsius: -2.0, ambientCelsius: nil, batteryPercent: 100)
        #expect(Hex.string(from: cold) == "00000064ECFFFFFFFF")
    }

    @Test func fuzzRandomBytesNeverCrash() {
        var rng = SplitMix64(seed: 42)
        var readings = 0
        for _ in 0..<100_000 {
            let n = Int(rng.next() % 14)
            let bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if case .reading(let r) = decoder.decode(bytes, elapsedSeconds: 0, channel: 1) {
                readings += 1
                if let p = r.probeCelsius { #expect(SeedProbeDecoder.validCelsius.contains(p)) }
                if let a = r.ambientCelsius { #expect(SeedProbeDecoder.validCelsius.contains(a)) }
                #expect((0...100).contains(r.batteryPercent!))
            }
        }
        #expect(readings > 0)
    }
}

/// A tiny deterministic generator for tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct ReceptionStamperTests {
    @Test func aBurstGetsDistinctMilliseconds() {
        var stamper = ReceptionStamper()
        let stamps = [1.0, 1.0, 1.0002, 0.9, 2.5].map { stamper.stamp(receivedAtSeconds: $0) }
        #expect(stamps == [1.0, 1.001, 1.002, 1.003, 2.5])
    }
}

@Suite struct AmbientAlarmTests {
    func reading(_ t: Double, ambient: Double) -> Reading {
        Reading(elapsedSeconds: t, probeCelsius: 40, ambientCelsius: ambient)
    }

    @Test func settledPitThatDropsFiresOnceAfterTheGrace() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 95))
        var fired: [Alarm] = []
        // Preheat ramp 20 -> 120 C over 20 min, then steady at 120 C with +-5 C cycling: no alarm.
        for i in 0..<(3 * 3600 / 10) {
            let t = Double(i) * 10
            let ambient = t < 1200 ? 20 + t / 12 : 120 + 5 * sin(t / 300)
            fired += engine.observe(reading(t, ambient: ambient))
        }
        #expect(fired.isEmpty)
        // The fire dies: 70 C for 10 minutes -> one alarm, after the 5-minute grace.
        for i in 0..<60 { fired += engine.observe(reading(3 * 3600 + Double(i) * 10, ambient: 70)) }
        #expect(fired.map(\.kind) == [.ambientOutOfRange])
        #expect(fired.first?.message.contains("below") == true)
        #expect((fired.first?.elapsedSeconds ?? 0) >= 3 * 3600 + 300)
    }

    @Test func aBriefLidOpeningDoesNotFire() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 74))
        var fired: [Alarm] = []
        for i in 0..<(2 * 3600 / 10) {
            let t = Double(i) * 10
            let lidOpen = t > 5000 && t < 5120  // two minutes at room temperature
            fired += engine.observe(reading(t, ambient: lidOpen ? 40 : 180))
        }
        #expect(fired.isEmpty)
    }

    @Test func anExplicitRangeIsUsedAsGiven() {
        var engine = AlarmEngine(rules: AlarmRules(targetCelsius: 56.5, ambientRangeCelsius: 56...58))
        var fired: [Alarm] = []
        for i in 0..<(2 * 3600 / 10) { fired += engine.observe(reading(Double(i) * 10, ambient: 54.5)) }
        #expect(fired.map(\.kind) == [.ambientOutOfRange])
    }
}

@Suite struct QuantileTests {
    @Test func invertedCDFMatchesTheScorer() {
        // numpy.quantile(method="inverted_cdf") on 1...10: median 5, p90 9.
        let values = (1...10).map(Double.init).shuffled()
        #expect(Quantile.invertedCDF(values, 0.5) == 5)
        #expect(Quantile.invertedCDF(values, 0.9) == 9)
        #expect(Quantile.invertedCDF(values, 0) == 1)
        #expect(Quantile.invertedCDF([], 0.5).isNaN)
    }
}

@Suite struct DecodeErrorTests {
    @Test func aHugePacketIsDescribedByItsFirstBytesAndItsSize() {
        let huge = DecodeError(.unexpectedLength, bytes: Array(repeating: 0xAB, count: 1_000_000))
        let shown = String(repeating: "AB", count: 64) + "... (1000000 bytes)"
        #expect(huge.description == "unexpected packet length 1000000: " + shown)
        let short = DecodeError(.noValidChannel, bytes: [0x00, 0x01])
        #expect(short.description == "no valid temperature in packet 0001")
    }
}
