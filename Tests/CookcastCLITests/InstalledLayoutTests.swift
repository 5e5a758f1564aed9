import Foundation
import Testing

/// An installed cookcast (`<prefix>/bin/cookcast` + `<prefix>/share/cookcast/Models`, as setup.sh
/// lays it out) finds its model data when started by name from PATH in any working directory.
@Suite struct InstalledLayoutTests {
    @Test func installedBinaryFindsModelsFromAnyDirectory() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let fm = FileManager.default
        let prefix = box.directory + "/prefix"
        try fm.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: prefix + "/share/cookcast", withIntermediateDirectories: true)
        try fm.copyItem(atPath: CookcastBinary.path, toPath: prefix + "/bin/cookcast")
        try fm.copyItem(atPath: SharedData.models, toPath: prefix + "/share/cookcast/Models")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "cookcast live --simulate steak --cut beef_steak --speed max --plain --db '\(box.databasePath)'",
        ]
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
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("session 1 source ended"))
    }
}
