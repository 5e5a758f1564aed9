import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `sessions --unit`: taken, shown, and said in the usage.
@Suite struct SessionsUnitTests {
    /// QA: `sessions --unit f` printed the max temperatures in Fahrenheit, but its usage line
    /// (`--help`, and after a usage error) did not name `--unit`.
    @Test func theUsageLineNamesTheUnitOptionItTakes() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try SessionStore(path: box.databasePath)
        let id = try store.createSession(
            SessionInfo(startedAtUnixMs: 1_733_400_000_000, targetCelsius: 74, source: "stdin", status: .finished),
            channels: [ChannelInfo(channel: 1, name: "probe", role: .meat)])
        try store.append(Reading(elapsedSeconds: 0, probeCelsius: 100, ambientCelsius: 110), session: id)
        let sessions = await box.run(["sessions", "--unit", "f"])
        #expect(sessions.status == 0, "\(sessions.err)")
        #expect(sessions.out.contains("212.0 F"), "\(sessions.out)")
        let help = await box.run(["sessions", "--help"])
        #expect(help.out.contains("usage: cookcast sessions [--json] [--db PATH] [--unit c|f]"), "\(help.out)")
        let bad = await box.run(["sessions", "--bogus"])
        #expect(bad.err.contains("usage: cookcast sessions [--json] [--db PATH] [--unit c|f]"), "\(bad.err)")
    }
}
