import CookcastStore
import Foundation
import Testing

/// `live --stdin < /tmp`: a directory gives no line, and it was taken for an empty stream (a
/// session of no readings, exit 0).
@Suite struct StdinDirectoryTests {
    @Test func aDirectoryOnStandardInputIsAnErrorAndStoresNoSession() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CookcastBinary.path)
        process.arguments = ["live", "--stdin", "--plain", "--cut", "steak", "--db", box.databasePath]
        process.standardInput = FileHandle(forReadingAtPath: box.directory)
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 66, "\(err)")
        #expect(err == "cookcast live: standard input is a directory, not a stream of readings\n", "\(err)")
        let sessions = (try? SessionStore(path: box.databasePath, readOnly: true).sessions()) ?? []
        #expect(sessions.isEmpty)
    }
}
