import Foundation
import Testing

/// `-o -` is standard output for `export` and `plot`, as for most Unix tools (it wrote a file
/// named "-" in the working directory).
@Suite struct StandardOutputDashTests {
    @Test func exportAndPlotWriteStandardOutputForADash() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let cook = SharedData.cook("heatledger_roast_chicken.csv")
        #expect(await box.run(["import", cook, "--cut", "chicken"]).status == 0)
        let plain = await box.run(["export", "1"])
        let dashed = await box.run(["export", "1", "-o", "-"])
        #expect(dashed.status == 0)
        #expect(dashed.out == plain.out)
        #expect(dashed.out.hasPrefix("t_s,probe_c,ambient_c"))
        let plot = await box.run(["plot", "1", "-o", "-"])
        #expect(plot.status == 0)
        #expect(plot.out.hasPrefix("<svg") || plot.out.hasPrefix("<?xml"))
        #expect(!plot.out.contains("wrote -"))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }
}
