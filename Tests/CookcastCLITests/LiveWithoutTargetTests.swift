import Foundation
import Testing

/// A recording without `--target` or `--cut` has no ETA, and the view says so for the whole cook:
/// it said "ETA: collecting data" (as if one were coming) for hours.
@Suite struct LiveWithoutTargetTests {
    @Test func theViewSaysThereIsNoTargetInsteadOfCollectingData() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let cook = SharedData.cook("heatledger_roast_chicken.csv")
        let plain = await box.run(["live", "--replay", cook, "--speed", "max", "--plain"])
        #expect(plain.status == 0)
        let statusLines = plain.out.split(separator: "\n").filter { $0.contains(" probe ") }
        #expect(statusLines.count > 3)
        #expect(statusLines.allSatisfy { $0.contains("ETA: none (no target: give --target or --cut)") })
        #expect(!plain.out.contains("collecting data"))
        let json = await box.run(["live", "--replay", cook, "--speed", "max", "--json"])
        let readings = json.out.split(separator: "\n").filter { $0.contains("\"type\":\"reading\"") }
        #expect(!readings.isEmpty)
        #expect(readings.allSatisfy { $0.contains("\"phase\":\"no_target\"") && $0.contains("\"eta_s\":null") })
    }
}
