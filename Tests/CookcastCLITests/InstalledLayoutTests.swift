import Foundation
import Testing

/// An installed cookcast (`<prefix>/bin/cookcast` + `<prefix>/share/cookcast/Models`, as setup.sh
/// lays it out) finds its model data when started by name from PATH in any working directory.
@Suite struct InstalledLayoutTests {
    /// Installs the built binary and `Models/` under `prefix` as setup.sh does, then runs
    /// `command` with /bin/sh from `/`, `cookcast` found on PATH; returns its status and output.
    static func runInstalled(_ command: String, prefix: String) throws -> (status: Int32, output: String) {
        let fm = FileManager.default
        try fm.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: prefix + "/share/cookcast", withIntermediateDirectories: true)
        try fm.copyItem(atPath: CookcastBinary.path, toPath: prefix + "/bin/cookcast")
        try fm.copyItem(atPath: SharedData.models, toPath: prefix + "/share/cookcast/Models")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = prefix + "/bin:/usr/bin:/bin"
        env.removeValue(forKey: "COOKCAST_MODELS")
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func installedBinaryFindsModelsFromAnyDirectory() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let run = try Self.runInstalled(
            "cookcast live --simulate steak --cut beef_steak --speed max --plain --db '\(box.databasePath)'",
            prefix: box.directory + "/prefix")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("session 1 source ended"))
    }

    /// The sample cooks travel with the model data: `live --sample brisket`, what setup.sh suggests
    /// next, finds its file in `<prefix>/share/cookcast/Models/samples`.
    @Test func installedBinaryFindsTheSampleCooks() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let run = try Self.runInstalled(
            "cookcast live --sample brisket --speed max --json --db '\(box.databasePath)'",
            prefix: box.directory + "/prefix")
        #expect(run.status == 0, "\(run.output)")
        // tempfit_brisket_2021_p1.csv (DevinBerchtold/TempFit, MIT): 788 readings.
        let summary = run.output.split(separator: "\n").first { $0.contains("\"type\":\"summary\"") }
        #expect(summary?.contains("\"readings\":788") == true, "\(run.output.suffix(500))")
    }
}
