import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// The ambient alarm says the temperature and the range it left, in `--unit`.
@Suite struct AmbientAlarmWordsTests {
    /// QA: "ambient above the expected range for 5 min" said neither how hot the pit was nor
    /// what was expected. Both are said now: stored in Celsius, shown in `--unit`.
    @Test func theAmbientAlarmSaysTheTemperatureAndTheRangeInTheDisplayUnit() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("hot.csv", LiveOptionTests.hotAmbientCSV())
        let live = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--unit", "f", "--target", "194",
            "--ambient-range", "221:257",
        ])
        #expect(live.status == 0, "\(live.err)")
        #expect(
            live.out.contains(
                "ALARM ambient_out_of_range: ambient above the expected range for 5 min: 302.0 F "
                    + "(range 221.0 to 257.0 F)"), "\(live.out)")
        let events = try SessionStore(path: box.databasePath, readOnly: true).events(session: 1)
        #expect(
            events.contains {
                $0.detail.hasSuffix("ambient above the expected range for 5 min: 150.0 C (range 105.0 to 125.0 C)")
            },
            "\(events)")
        let show = await box.run(["show", "1", "--unit", "f"])
        #expect(show.out.contains("302.0 F (range 221.0 to 257.0 F)"), "\(show.out)")
    }
}
