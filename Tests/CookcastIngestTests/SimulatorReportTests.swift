import CookcastCore
import Foundation
import Testing
@testable import CookcastIngest

/// Prints a table of simulated cooks (for tuning and the report); asserts nothing beyond sanity.
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
                let ttt = sim.trueTimeToTargetSeconds.map { String(format: "%.2fh", $0 / 3600) } ?? "none"
                line += " [s\(seed) \(ttt) stall \(String(format: "%.1fh@%.0f", stall.hours, stall.celsius))"
                line += sim.wrapSeconds.map { String(format: " wrap %.1fh", $0 / 3600) } ?? ""
                line += "]"
            }
            print(line)
        }
    }
}
