import Foundation
import Testing

@testable import CookcastCLI

/// `cookcast decode --profile NAME`: a packet of that probe profile (Models/probes.json).
@Suite struct DecodeProfileTests {
    @Test func ibbqPacketIsAReadingPerPluggedProbe() async {
        let box = Sandbox()
        defer { box.cleanup() }
        // F5 00 = 24.5 C | F6 FF = empty socket | 4C 04 = 110.0 C | F6 FF
        let r = await box.run(["decode", "--profile", "ibbq", "F5 00 F6 FF 4C 04 F6 FF"])
        #expect(r.status == 0)
        #expect(r.out == "probe 1 24.5 C\nprobe 3 110.0 C\n")
        let alias = await box.run(["decode", "--profile", "IBT-4XS", "F500F6FF4C04F6FF", "--json", "--unit", "f"])
        #expect(alias.out.contains(#""channel":3"#) && alias.out.contains(#""probe_c":110"#))
        let battery = await box.run(["decode", "--profile", "ibbq", "--settings", "24 A0 0F 98 19 00"])
        #expect(battery.out == "battery 61 % (voltage word 4000)\n")
        let odd = await box.run(["decode", "--profile", "ibbq", "F5 00 4C"])
        #expect(odd.status == 65)
    }

    /// QA: `decode --json` of a packet that does not decode printed text alone (on stderr), so a
    /// script reading stdout got nothing to parse; it gets the line `live --json` gives.
    @Test func aBadPacketWithJSONIsADecodeErrorLine() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run(["decode", "000000", "--json"])
        #expect(r.status == 65)
        #expect(r.err.contains("unexpected packet length 3"), "\(r.err)")
        let line = try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], "\(r.out)")
        #expect(line["type"] as? String == "decode_error")
        #expect(line["reason"] as? String == "unexpected_length")
        #expect(line["length"] as? Int == 3)
        #expect(line["bytes"] as? String == "000000")
    }

    @Test func withoutAProfileItIsTheSeedProbe() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let seed = await box.run(["decode", "--profile", "seed", "00000064F500FB00DD"])
        #expect(seed.out == "probe 24.5 C, ambient 25.1 C, battery 87 %\n")
        let plain = await box.run(["decode", "F5 00 F6 FF"])
        #expect(plain.status == 65)
    }

    @Test func anUnknownProfileIsOneLineNamingTheKnownOnes() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run(["decode", "--profile", "meater", "F500"])
        #expect(r.status == 64)
        #expect(r.err.hasPrefix("cookcast decode: unknown probe profile 'meater' (known: seed, ibbq)"))
        let settings = await box.run(["decode", "--settings", "24A00F981900"])
        #expect(settings.status == 64)
    }
}
