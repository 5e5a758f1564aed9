import Foundation
import Testing

/// README's examples that quote what a command prints quote its real output. QA: `predict
/// --sample roast-chicken --at 2000` was quoted as `probe 43.4 C` (the fitted level, json
/// `parameters.probe_c`) where it prints the reading, `probe 43.7 C`, and the `--plain` example
/// showed one line of the four it prints.
@Suite struct ReadmeExamplesTests {
    static let readme: [String] = {
        let root = URL(fileURLWithPath: SharedData.root).deletingLastPathComponent().deletingLastPathComponent()
        let text = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return text.components(separatedBy: "\n")
    }()

    /// The lines of the first fenced block that contains `marker`, or that starts after it.
    static func block(at marker: String) -> [String]? {
        guard let at = readme.firstIndex(where: { $0.contains(marker) }) else { return nil }
        let fences = readme.indices.filter { readme[$0].hasPrefix("```") }
        guard let open = fences.last(where: { $0 < at }), let close = fences.first(where: { $0 > at }) else {
            return nil
        }
        // The marker inside a block (`$ cookcast ...`), else the block after it.
        if fences.firstIndex(of: open).map({ $0 % 2 == 0 }) == true {
            return Array(readme[(open + 1)..<close])
        }
        guard let next = fences.first(where: { $0 > close }) else { return nil }
        return Array(readme[(close + 1)..<next])
    }

    /// `text` with its clock times of day (`22:28`, not `[00:00:00]`'s) as `hh:mm`: they are the run's.
    static func withoutClockTimes(_ text: String) -> String {
        // A clock time's day suffix ("00:07+1d") is the time of day the test runs at, as the time is.
        text.replacingOccurrences(
            of: #"(?<![:\d])\d\d:\d\d(?:\+\d+d)?(?![:\d])"#, with: "hh:mm", options: .regularExpression)
    }

    @Test func thePredictExampleIsWhatItPrints() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let command = "$ cookcast predict --sample roast-chicken --at 2000"
        let lines = try #require(Self.block(at: command))
        let quoted = lines.drop { $0 != command }.dropFirst()
        let r = await box.run(["predict", "--sample", "roast-chicken", "--at", "2000"])
        #expect(r.status == 0, "\(r.err)")
        #expect(!quoted.isEmpty && r.out == quoted.joined(separator: "\n") + "\n", "\(r.out)")
    }

    @Test func thePlainExampleIsItsWholeOutput() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let quoted = try #require(Self.block(at: "| cookcast live --stdin --cut steak --plain`"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CookcastBinary.path)
        process.arguments = ["live", "--stdin", "--cut", "steak", "--plain", "--db", box.databasePath]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("0 00000064F500FB00DD\n".utf8))
        try input.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(
            Self.withoutClockTimes(out) == Self.withoutClockTimes(quoted.joined(separator: "\n") + "\n"), "\(out)")
    }

    /// The usage lines `cookcast decode ... # OUTPUT`: the comment is what it prints, each
    /// backquoted part a line of it when there are several.
    @Test func theDecodeExamplesAreWhatTheyPrint() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let lines = Self.readme.filter { $0.hasPrefix("cookcast decode ") && $0.contains("#") }
        #expect(lines.count == 2)
        for line in lines {
            let parts = line.split(separator: "#", maxSplits: 1)
            let arguments = parts[0].split(separator: " ").dropFirst().map(String.init)
            let comment = parts[1].trimmingCharacters(in: .whitespaces)
            let quoted = comment.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            let expected = quoted.isEmpty ? comment + "\n" : quoted.map { $0 + "\n" }.joined()
            let r = await box.run(arguments)
            #expect(r.status == 0 && r.out == expected, "\(line): \(r.out)")
        }
    }
}
