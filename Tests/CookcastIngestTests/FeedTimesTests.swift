import CookcastCore
import Foundation
import Testing

@testable import CookcastIngest

/// Unix times and stray times in a feed (QA sweep: a feeder writing `date +%s`).
@Suite struct FeedTimesTests {
    /// The readings `text` gives on standard input, and the lines reported.
    func stdin(_ text: String) async throws -> (readings: [Reading], issues: [Int], notes: [String], warnings: [String])
    {
        let path = try temporaryFile("feed.csv", text)
        let handle = try #require(FileHandle(forReadingAtPath: path))
        let issues = IssueBox()
        let notes = NoteBox()
        let warnings = NoteBox()
        let source = StdinSource(
            fileHandle: handle, onIssue: { issues.append($0) }, onNotice: { notes.append($0) },
            onWarning: { warnings.append($0) })
        var readings: [Reading] = []
        for await event in source {
            if case .reading(let r) = event { readings.append(r) }
        }
        return (readings, issues.lines, notes.lines, warnings.lines)
    }

    /// QA: the cook's clock read 481,501 hours and the session ended in 2081.
    @Test func unixTimesOnStandardInputCountFromTheFirstLine() async throws {
        let fed = try await stdin("t_s,probe_c,ambient_c\n1733400000,5,120\n1733400030,5.5,120\n1733400060,6,120\n")
        #expect(fed.readings.map(\.elapsedSeconds) == [0, 30, 60])
        #expect(fed.issues.isEmpty)
        #expect(fed.notes.count == 1)
        #expect(fed.notes.first?.contains("Unix times") == true)
    }

    /// QA: one stray Unix time in a feed counting from zero made the clock jump 55 years (and
    /// raised a false probe-lost alarm): it is refused as a bad line, the lines after it kept.
    @Test func aStrayTimeFarAheadIsRefused() async throws {
        let fed = try await stdin(
            "t_s,probe_c,ambient_c\n0,5,120\n30,5.5,120\n60,6,120\n1733400000,7,120\n90,6.5,120\n")
        #expect(fed.readings.map(\.elapsedSeconds) == [0, 30, 60, 90])
        #expect(fed.issues == [5])
    }

    /// A cook can go quiet for hours (a probe out of range overnight): a gap under a day is kept.
    @Test func aGapOfHoursIsKept() async throws {
        let fed = try await stdin("0,5,120\n30,5.5,120\n43230,60,120\n43260,60.5,120\n")
        #expect(fed.readings.map(\.elapsedSeconds) == [0, 30, 43230, 43260])
        #expect(fed.issues.isEmpty)
    }

    /// QA: times stepped back 10 minutes were stored interleaved with the earlier ones, unsaid
    /// (`predict` warned of the same file). They are stored at their times, said in one line.
    @Test func aClockThatGoesBackwardsIsSaidOnce() async throws {
        let fed = try await stdin("0,5,120\n30,5.5,120\n60,6,120\n90,6.5,120\n45,9,120\n75,9.5,120\n120,10,120\n")
        #expect(fed.readings.map(\.elapsedSeconds) == [0, 30, 60, 90, 45, 75, 120])
        #expect(fed.warnings.count == 1)
        #expect(fed.warnings.first?.contains("went backwards: 2 lines") == true)
        let forward = try await stdin("0,5,120\n30,5.5,120\n30,5.5,120\n")
        #expect(forward.warnings.isEmpty)
    }

    /// `predict`, `import` and `live --replay` read a file's times alike.
    @Test func aFileOfUnixTimesAndAStrayLine() throws {
        let unix = try ReplayFile.parse(
            text: "t_s,probe_c,ambient_c\n1733400000,5,120\n1733400030,5.5,120\n", path: "u.csv")
        #expect(unix.events.map(\.elapsedSeconds) == [0, 30])
        #expect(unix.unixOriginSeconds == 1_733_400_000)
        #expect(unix.notes.count == 1)
        let stray = try ReplayFile.parse(
            text: "t_s,probe_c,ambient_c\n0,5,120\n30,5.5,120\n1733400000,7,120\n60,6,120\n", path: "s.csv")
        #expect(stray.events.map(\.elapsedSeconds) == [0, 30, 60])
        #expect(stray.issues.map(\.line) == [4])
        #expect(stray.lateRows.count == 0)
    }
}

/// Notices heard from another thread.
final class NoteBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
