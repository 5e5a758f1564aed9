import Foundation
import Testing

@testable import CookcastCLI

/// A temporary directory with a database path, removed by `cleanup()`.
struct Sandbox {
    let directory: String
    var databasePath: String { directory + "/cookcast.db" }
    /// `COOKCAST_MODELS` for the commands run, when not the repository's `Models/`.
    private(set) var modelsDirectory: String?

    init() {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-cli-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func cleanup() { try? FileManager.default.removeItem(atPath: directory) }

    /// A sandbox whose model data is the shipped one without the cooks the shipped priors were
    /// learned from (`priors.json`'s `cooks`): `cookcast fit` then learns from the stored cooks
    /// alone, which is what a test of which stored cooks count needs (`LearningFromCooksTests`
    /// covers the shipped cooks joining them).
    static func withoutShippedCooks() throws -> Sandbox {
        var box = Sandbox()
        let priors = try Data(contentsOf: URL(fileURLWithPath: SharedData.models + "/priors.json"))
        var json = try #require(try JSONSerialization.jsonObject(with: priors) as? [String: Any])
        json.removeValue(forKey: "cooks")
        try box.useModels(priorsJSON: try JSONSerialization.data(withJSONObject: json))
        return box
    }

    /// From now on the commands run with the shipped model data but `priorsJSON` as `priors.json`
    /// (in this sandbox's `models` directory).
    mutating func useModels(priorsJSON: Data) throws {
        let models = directory + "/models"
        let fm = FileManager.default
        try fm.createDirectory(atPath: models, withIntermediateDirectories: true)
        for file in ["cuts.json", "probes.json"] where !fm.fileExists(atPath: models + "/" + file) {
            try fm.copyItem(atPath: SharedData.models + "/" + file, toPath: models + "/" + file)
        }
        try priorsJSON.write(to: URL(fileURLWithPath: models + "/priors.json"))
        modelsDirectory = models
    }

    /// Runs `cookcast` in-process against this sandbox's database.
    func run(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let console = CapturingConsole()
        var env = ProcessInfo.processInfo.environment
        env["COOKCAST_DB"] = databasePath
        if let modelsDirectory { env["COOKCAST_MODELS"] = modelsDirectory }
        let status = await CookcastMain.run(arguments, environment: env, console: console)
        return (status, console.standardOutput, console.standardError)
    }

    /// `cookcast live --replay FILE --profile ibbq --pit-probe 4 --speed max --plain`: an iBBQ hex
    /// log played as it was captured, its probe 4 the pit.
    func replayIBBQLog(_ file: String) async -> (status: Int32, out: String, err: String) {
        await run(["live", "--replay", file, "--profile", "ibbq", "--pit-probe", "4", "--speed", "max", "--plain"])
    }

    func write(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        let written = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        precondition(written, "cannot write the test file \(path)")
        return path
    }
}

extension Process {
    /// Runs the process to its end with its standard output discarded: its exit status and all it
    /// wrote to standard error.
    func runCollectingStandardError() throws -> (status: Int32, err: String) {
        let errors = Pipe()
        standardError = errors
        standardOutput = FileHandle.nullDevice
        try run()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        waitUntilExit()
        return (terminationStatus, err)
    }
}

/// The real cook logs vendored in `Tests/Data` (see its README for provenance).
enum SharedData {
    static let root: String = {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("Tests/Data").path
    }()

    static func cook(_ name: String) -> String { root + "/cooks/" + name }

    /// The repository's shipped model data (`Models/`).
    static let models: String = URL(fileURLWithPath: root).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Models").path
}

/// The built `cookcast` executable, next to the test bundle.
enum CookcastBinary {
    static var path: String {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [
            bundleDir, bundleDir.deletingLastPathComponent(),
            bundleDir.deletingLastPathComponent().deletingLastPathComponent(),
        ] {
            let p = candidate.appendingPathComponent("cookcast").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return bundleDir.appendingPathComponent("cookcast").path
    }
}

extension CookcastBinary {
    /// Runs the binary with `arguments` to its end, in the test's environment with `environment`
    /// over it: its exit status and standard output (standard error discarded).
    static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, out)
    }

    /// Starts `cookcast live --stdin --plain --db database` plus `arguments` as a separate process;
    /// returns it and the writing end of its standard input. Its standard error goes to
    /// `standardError` (discarded by default), its standard output is discarded.
    static func startLive(
        _ arguments: [String], database: String, standardError: Any = FileHandle.nullDevice
    ) throws -> (Process, FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["live", "--stdin", "--plain", "--db", database] + arguments
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = standardError
        try process.run()
        return (process, input.fileHandleForWriting)
    }

    /// Runs `cookcast live --stdin --plain --db database` plus `arguments` to its end, fed `text`
    /// and then end of input: its exit status and all it wrote to standard error.
    static func live(
        _ arguments: [String], feeding text: String, database: String
    ) throws -> (status: Int32, err: String) {
        let errors = Pipe()
        let (process, input) = try startLive(arguments, database: database, standardError: errors)
        input.write(Data(text.utf8))
        try input.close()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, err)
    }
}
