import CookcastCore
import Foundation
import Testing
@testable import CookcastIngest

/// Prints a table of simulated cooks (for tuning and the report), run with `SIM_REPORT=1`; checks
/// that every cook it lists decodes to readings and reaches its target.
@Suite struct SimulatorReportTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SIM_REPORT"] != nil))
    func report() {
        for preset in SimulationPreset.all {
            var line = "\(preset.name):"
            for seed: UInt64 in 1...8 {
                var sim = CookSimulator(preset: preset, seed: seed)
                let events = sim.run()
                let decoded = SimulationSupport.decode(events)
                let stall = SimulationSupport.longestStall(decoded.readings)
                #expect(!decoded.readings.isEmpty, "\(preset.name) seed \(seed): no readings")
                #expect(sim.trueTimeToTargetSeconds != nil, "\(preset.name) seed \(seed): never reached its target")
                let ttt = sim.trueTimeToTargetSeconds.map { String(format: "%.2fh", $0 / 3600) } ?? "none"
                line += " [s\(seed) \(ttt) stall \(String(format: "%.1fh@%.0f", stall.hours, stall.celsius))"
                line += sim.wrapSeconds.map { String(format: " wrap %.1fh", $0 / 3600) } ?? ""
                line += "]"
            }
            print(line)
        }
    }
}
