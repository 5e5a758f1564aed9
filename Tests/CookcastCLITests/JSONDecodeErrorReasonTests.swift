import Foundation
import Testing

/// `live --json`'s `decode_error` lines name their reason with a snake_case identifier, as its
/// phases, link changes and endings are: QA found `"reason":"unexpectedLength"`, a Swift case name.
@Suite struct JSONDecodeErrorReasonTests {
    @Test func aShortPacketsReasonIsUnexpectedLength() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("short.hex", "0 00000064F500FB00DD\n1 000000\n2 00000064F500FB00DD\n")
        let r = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--cut", "steak"])
        #expect(r.status == 0, "\(r.err)")
        let lines = try r.out.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let errors = lines.filter { $0["type"] as? String == "decode_error" }
        #expect(errors.count == 1, "\(r.out)")
        #expect(errors.first?["reason"] as? String == "unexpected_length", "\(r.out)")
    }
}
