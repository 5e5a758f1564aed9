import CookcastCore
import Foundation
import Testing
@testable import CookcastIngest

/// One scratch directory per test process, removed when the process exits.
let ingestScratchDirectory: URL = {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-ingest-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: ingestScratchDirectory) }
    return dir
}()

/// Writes `text` to a fresh temporary file with `name` and returns its path.
func temporaryFile(_ name: String, _ text: String) throws -> String {
    let dir = ingestScratchDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// Collects every event of a non-throwing source.
func collect<S: ReadingSource>(_ source: S) async throws -> [SourceEvent] {
    var events: [SourceEvent] = []
    for try await e in source { events.append(e) }
    return events
}

@Suite struct ReplaySourceTests {
    static let cooks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/cooks").path

    /// Rows of a canonical CSV that hold a finite time and at least one finite temperature.
    func countValidRows(_ path: String) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().filter { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 3, let t = Double(f[0]), t.isFinite else { return false }
            let probe = f[1].isEmpty ? nil : Double(f[1])
            let ambient = f[2].isEmpty ? nil : Double(f[2])
            if !f[1].isEmpty && !(probe?.isFinite ?? false) { return false }
            if !f[2].isEmpty && !(ambient?.isFinite ?? false) { return false }
            return probe != nil || ambient != nil
        }.count
    }

    // Source: edwardspeyer/heat-ledger@5910c53 examples/roast-chicken.sqlite (MIT), BlueTherm Duo,
    // normalised to canonical CSV in Tests/Data/cooks, a copy of the shared data (see its README.md).
    // Source: fm75/sous-vide-temperature-study@62b5b17 Swordfish-1-inch.txt, Tappecue, 1/min.
    @Test(arguments: ["heatledger_roast_chicken.csv", "sousvide_swordfish.csv"])
    func realLogYieldsOneReadingPerValidRow(file: String) async throws {
        let path = "\(Self.cooks)/\(file)"
        let expected = try countValidRows(path)
        #expect(expected > 100)
        let source = try ReplaySource(path: path)
        #expect(source.label == "replay:\(file)")
        #expect(source.file.format == .csv)
        #expect(source.file.issues.isEmpty)
        #expect(source.file.validRowCount == expected)
        let events = try await collect(source)
        let readings = events.compactMap { e -> Reading? in
            if case .reading(let r) = e { return r }
            return nil
        }
        #expect(readings.count == expected)
        #expect(events.first == .connection(.connected, elapsedSeconds: 0, detail: "replay started"))
        #expect(
            events.last
                == .connection(.ended, elapsedSeconds: readings.last?.elapsedSeconds ?? -1, detail: "end of file"))
        #expect(readings.allSatisfy { $0.probeCelsius?.isFinite ?? false })
    }

    @Test func brokenLinesAreReportedWithLineNumbersAndTheRestImported() throws {
        let path = try temporaryFile(
            "broken.csv",
            """
            t_s,probe_c,ambient_c
            0,20.0,110.0
            abc,21.0,110.0
            2,22.0
            3,nan,110.0
            4,23.5,
            5,,
            6,24.0,111.5,extra
            7,inf,1
            8,25.0,112.0
            9,52E80,112.0
            10,26.0,-300
            1e300,26.5,112.0
            """)
        let file = try ReplayFile.load(path: path)
        // Lines 5, 9, 11 and 12 keep their plausible temperature (a `nan` or `inf` is left out
        // as an impossible value is); line 13's clock is impossible.
        #expect(file.validRowCount == 7)
        #expect(file.issues.map(\.line) == [3, 4, 5, 7, 8, 9, 11, 12, 13])
        let impossible = file.issues.first { $0.line == 11 }?.description
        #expect(impossible?.hasSuffix(":11: probe_c 5.2e+81 is outside -273.15 to 1000.0 C, left out") == true)
        #expect(file.issues.first?.description.hasPrefix("\(path):3: ") == true)
        let readings = file.readings()
        #expect(readings.map(\.elapsedSeconds) == [0, 3, 4, 7, 8, 9, 10])
        #expect(readings[1].probeCelsius == nil && readings[1].ambientCelsius == 110)
        #expect(readings[3].probeCelsius == nil && readings[3].ambientCelsius == 1)
        #expect(readings[5].probeCelsius == nil && readings[5].ambientCelsius == 112)
        #expect(readings[6].probeCelsius == 26 && readings[6].ambientCelsius == nil)
        #expect(readings[2].ambientCelsius == nil)
        #expect(abs((readings[2].probeCelsius ?? 0) - 23.5) < 1e-9)
    }

    @Test func windowsLineEndsPaddedFieldsAndBlankLines() throws {
        let text =
            "\u{FEFF}t_s, probe_c ,ambient_c\r\n 0.5 , 20.1 ,\t100\r\n\r\n  \r\n1,20.2,\r\n# note\r\n2.5,\t20.3\t,102 \r\n"
        let file = try ReplayFile.parse(text: text, path: "crlf.csv")
        #expect(file.issues.isEmpty, "\(file.issues)")
        let readings = file.readings()
        #expect(readings.map(\.elapsedSeconds) == [0.5, 1, 2.5])
        #expect(readings.map(\.probeCelsius) == [20.1, 20.2, 20.3])
        #expect(readings.map(\.ambientCelsius) == [100, nil, 102])
    }

    /// A log in Fahrenheit says so in its header (`probe_f`, `ambient_f`): read as Celsius, a
    /// 110 F chicken was "done" at a 165 F target.
    @Test func fahrenheitColumnsAreReadAsFahrenheit() throws {
        let file = try ReplayFile.parse(text: "t_s,ambient_f,probe_f\n0,350,41\n30,350.9,212\n", path: "f.csv")
        #expect(file.issues.isEmpty, "\(file.issues)")
        let readings = file.readings()
        #expect(readings.map(\.probeCelsius) == [5, 100])
        #expect(abs((readings[0].ambientCelsius ?? 0) - 176.666_666_7) < 1e-6)
        #expect(abs((readings[1].ambientCelsius ?? 0) - 177.166_666_7) < 1e-6)
        let mixed = try ReplayFile.parse(text: "t_s,probe_c,ambient_f\n0,5,212\n", path: "m.csv").readings()
        #expect(mixed.map(\.probeCelsius) == [5] && mixed.map(\.ambientCelsius) == [100])
    }

    /// A header that names none of the columns is read by position, and the first row says how.
    @Test func aHeaderOfUnknownNamesIsReadByPositionAndSaysSo() throws {
        let file = try ReplayFile.parse(text: "time,temp\n0,20\n10,21\n", path: "tt.csv")
        #expect(file.readings().map(\.probeCelsius) == [20, 21])
        #expect(file.issues.count == 1)
        #expect(file.issues.first?.line == 2)
        #expect(file.issues.first?.message.contains("read as t_s,probe_c by position") == true, "\(file.issues)")
        let known = try ReplayFile.parse(text: "probe_c,t_s\n20,0\n21,10\n", path: "swapped.csv")
        #expect(known.issues.isEmpty && known.readings().map(\.elapsedSeconds) == [0, 10])
    }

    @Test func channelColumnAndExtraColumns() throws {
        let path = try temporaryFile("multi.csv", "t_s,probe_c,ambient_c,channel,note\n0,20,100,2,x\n1,21,,1,y\n")
        let readings = try ReplayFile.load(path: path).readings()
        #expect(readings.map(\.channel) == [2, 1])
        #expect(readings[1].ambientCelsius == nil)
    }

    @Test func fileWithNoValidRowsThrowsOneLineError() throws {
        let path = try temporaryFile("empty.csv", "t_s,probe_c,ambient_c\nx,y,z\n1,nan,nan\n")
        #expect(throws: IngestError.noValidRows(path: path)) { try ReplayFile.load(path: path) }
        #expect(!IngestError.noValidRows(path: path).description.contains("\n"))
        #expect(throws: IngestError.fileNotFound(path: "/nonexistent/cook.csv")) {
            try ReplaySource(path: "/nonexistent/cook.csv")
        }
        let binary = try temporaryFile("weird.dat", "hello world, this is text\nnot numbers here")
        #expect(throws: IngestError.self) { try ReplayFile.load(path: binary) }
        let unknown = try temporaryFile("weird.txt", "hello world\n")
        #expect(throws: IngestError.unknownFormat(path: unknown)) { try ReplayFile.load(path: unknown) }
    }

    @Test func anEmptyOrNonUTF8FileIsBadDataNotAnUnreadableOne() throws {
        // /dev/null said "permission denied or I/O error", and both were 'unreadable' (exit 66).
        #expect(throws: IngestError.emptyFile(path: "/dev/null")) { try ReplayFile.load(path: "/dev/null") }
        let empty = try temporaryFile("zero.csv", "")
        #expect(throws: IngestError.emptyFile(path: empty)) { try ReplayFile.load(path: empty) }
        let latin1 = try temporaryFile("latin1.csv", "")
        // "t_s\n0,20<degree sign in Latin-1>\n"
        try Data([0x74, 0x5F, 0x73, 0x0A, 0x30, 0x2C, 0x32, 0x30, 0xB0, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        #expect(throws: IngestError.notText(path: latin1)) { try ReplayFile.load(path: latin1) }
        #expect(IngestError.notText(path: "a.csv").description == "a.csv: not UTF-8 text")
        #expect(IngestError.emptyFile(path: "a.csv").description == "a.csv: empty file")
    }

    @Test func hexLogReplaysThroughTheDecoder() async throws {
        // Worked examples from protocols.md: 00000064F500FB00DD -> probe 24.5 C, ambient 25.1 C, 87 %;
        // 00000014DE00F000E9 -> 22.2 C / 24.0 C; 0001B70D01FFFFFF is the status packet.
        let path = try temporaryFile(
            "capture.hex",
            """
            # seed probe capture
            12.5 00000064F500FB00DD
            13.0 0001B70D01FFFFFF
            13.5 00 00 00 14 DE 00 F0 00 E9   # spaced bytes and a trailing comment
            14.0 ZZZZ
            14.5 00000064F5
            """)
        let source = try ReplaySource(path: path)
        #expect(source.file.format == .hexLog)
        #expect(source.file.issues.map(\.line) == [5])
        let decoder = try #require(source.decoder)
        var readings: [Reading] = []
        var statuses = 0
        var failures = 0
        for await event in source {
            guard case .packet(let bytes, let t, let channel) = event else { continue }
            switch decoder.decode(bytes, elapsedSeconds: t, channel: channel) {
            case .reading(let r): readings.append(r)
            case .readings(let rs): readings += rs
            case .status: statuses += 1
            case .failure: failures += 1
            }
        }
        #expect(statuses == 1)
        #expect(failures == 1)
        #expect(readings.count == 2)
        #expect(readings[0].elapsedSeconds == 12.5)
        #expect(abs((readings[0].probeCelsius ?? 0) - 24.5) < 1e-9)
        #expect(abs((readings[0].ambientCelsius ?? 0) - 25.1) < 1e-9)
        #expect((readings[0].batteryPercent ?? 0).rounded() == 87)
        #expect(abs((readings[1].probeCelsius ?? 0) - 22.2) < 1e-9)
        #expect(abs((readings[1].ambientCelsius ?? 0) - 24.0) < 1e-9)
    }

    @Test func jsonLines() throws {
        let path = try temporaryFile(
            "cook.jsonl",
            """
            {"t_s": 0, "probe_c": 4.5, "ambient_c": 120.0, "battery_pct": 90, "channel": 1}
            {"t_s": 1.5, "probe_c": 4.6}
            {"t_s": "soon", "probe_c": 4.7}
            not json
            {"t_s": 3, "ambient_c": 121, "channel": 2}
            {"t_s": 4, "probe_c": 4.8, "ambient_c": 1e300}
            {"t_s": 5, "probe_c": 4.9, "battery_pct": 250}
            """)
        let file = try ReplayFile.load(path: path)
        #expect(file.format == .jsonLines)
        #expect(file.issues.map(\.line) == [3, 4, 6, 7])
        let readings = file.readings()
        #expect(readings.count == 5)
        #expect(readings[3].ambientCelsius == nil && readings[4].batteryPercent == nil)
        #expect(readings[0].batteryPercent == 90)
        #expect(readings[2].channel == 2 && readings[2].probeCelsius == nil)
    }

    @Test func formatIsGuessedFromContentWithoutKnownExtension() throws {
        let path = try temporaryFile("cook.data", "# hi\n0.5 00000064F500FB00DD\n")
        #expect(try ReplayFile.load(path: path).format == .hexLog)
    }
}

@Suite struct StdinSourceTests {
    @Test func readsMixedLinesFromAPipeUntilEOF() async throws {
        let pipe = Pipe()
        let issues = IssueBox()
        let source = StdinSource(fileHandle: pipe.fileHandleForReading) { issues.append($0) }
        let writer = pipe.fileHandleForWriting
        writer.write(
            Data(
                "1.0 00000064F500FB00DD\n00000014DE00F000E9\nt_s,probe_c,ambient_c\n2.0,30.5,100\ngarbage!\n3.0 0001B70D01FF"
                    .utf8))
        try writer.close()
        let events = try await collect(source)
        #expect(events.count == 6)
        #expect(events.first == .connection(.connected, elapsedSeconds: 0, detail: "reading standard input"))
        guard case .packet(let b0, let t0, _) = events[1], case .packet(_, let t1, _) = events[2],
            case .reading(let r) = events[3], case .packet(let b4, _, _) = events[4]
        else {
            Issue.record("unexpected events \(events)")
            return
        }
        #expect(b0 == Hex.bytes(from: "00000064F500FB00DD"))
        #expect(t0 == 1.0)
        #expect(t1 >= 0 && t1 < 10)  // wall clock since start
        #expect(r.probeCelsius == 30.5 && r.elapsedSeconds == 2.0)
        #expect(b4.count == 6)  // last line without newline still read
        guard case .connection(.ended, _, _) = events[5] else {
            Issue.record("no .ended")
            return
        }
        #expect(issues.lines == [5])
    }

    /// QA (scale): the reader thread parsed all of standard input into an unbounded buffer, however
    /// far ahead of the pipeline storing it: a 3-day, 4-probe log piped in (2 M lines) took 170 MB
    /// in its first 5 s. It now stays `readAheadLimit` events ahead. Every other line here is
    /// broken and reported as the reader reaches it, so the issues count the lines read.
    @Test func theReaderStaysALimitedWayAheadOfItsConsumer() async throws {
        let path = try temporaryFile("ahead.csv", (0..<4000).map { "\($0).0,20,100\nbroken\n" }.joined())
        let issues = IssueBox()
        let handle = try #require(FileHandle(forReadingAtPath: path))
        var events = StdinSource(fileHandle: handle, readAheadLimit: 8) { issues.append($0) }.makeAsyncIterator()
        _ = await events.next()  // connected
        _ = await events.next()  // the first reading
        try await Task.sleep(for: .milliseconds(300))
        // Two received and eight pending: the reader has read past the ninth reading's broken line at most.
        #expect(issues.lines.count <= 10, "\(issues.lines.count) lines read ahead")
        var received = 2
        while await events.next() != nil { received += 1 }
        #expect(received == 4002)
        #expect(issues.lines.count == 4000)
    }
}

extension StdinSourceTests {
    /// QA (adversarial input): a 100 MB line on standard input (binary junk, a feeder gone wrong)
    /// was searched again for its end with every 64 KiB read, and `live --stdin` hung at full CPU
    /// for minutes (this 24 MB one: over 2 minutes), the readings after it never stored. It is now
    /// skipped past 16 MiB, with its line number; the next line is a reading.
    @Test func aHugeLineIsSkippedAndTheReadingsAfterItArrive() async throws {
        // Read from a file, not a pipe: in the full parallel suite other tests' child processes
        // inherited a pipe's ends and held this test up for 100 s (0.9 s on its own).
        let line = String(repeating: "9", count: 24 << 20)
        let path = try temporaryFile("huge.csv", "1.0,20.5,100\n" + line + "\n2.0,21.5,100\n")
        let handle = try #require(FileHandle(forReadingAtPath: path))
        let issues = IssueBox()
        let source = StdinSource(fileHandle: handle) { issues.append($0) }
        var readings: [Reading] = []
        for await event in source {
            if case .reading(let r) = event { readings.append(r) }
        }
        #expect(readings.map(\.probeCelsius) == [20.5, 21.5])
        #expect(issues.lines == [2])
    }

    /// The hang itself, without a clock (a timed test measured its wait for a turn in the full
    /// suite, up to six minutes on two cores): fed in 64 KiB chunks, as standard input is read,
    /// the 24 MB line is searched for its end once, byte by byte, not again with every chunk (as
    /// the old reader did: 2.7 GB searched).
    @Test func aHugeLineIsSearchedOnce() {
        let input =
            Array("1.0,20.5,100\n".utf8) + [UInt8](repeating: 0x39, count: 24 << 20) + Array("\n2.0,21.5,100".utf8)
        let (lines, searched) = Self.split(input, chunkBytes: 64 * 1024, maximumLineBytes: StdinSource.maximumLineBytes)
        #expect(lines == ["1.0,20.5,100", "(too long)", "2.0,21.5,100"])
        #expect(searched <= input.count, "\(searched) bytes searched of \(input.count)")
    }

    /// Lines cut across chunks at every place come out whole.
    @Test func linesCutAcrossChunksComeOutWhole() {
        let bytes = Array("a,1\nbb,22\n\nccc,333".utf8)
        for size in 1...bytes.count {
            let (lines, _) = Self.split(bytes, chunkBytes: size, maximumLineBytes: 8)
            #expect(lines == ["a,1", "bb,22", "", "ccc,333"], "chunks of \(size)")
        }
    }

    /// `input` fed to a `LineSplitter` in chunks of `chunkBytes`: its lines ("(too long)" for one
    /// skipped) and the bytes it searched.
    static func split(_ input: [UInt8], chunkBytes: Int, maximumLineBytes: Int) -> (lines: [String], searched: Int) {
        var splitter = LineSplitter(maximumLineBytes: maximumLineBytes)
        var lines: [String] = []
        func take(_ piece: LineSplitter.Piece) {
            switch piece {
            case .line(let bytes): lines.append(String(decoding: bytes, as: UTF8.self))
            case .tooLong: lines.append("(too long)")
            }
        }
        var offset = 0
        while offset < input.count {
            let end = min(input.count, offset + chunkBytes)
            splitter.feed(Array(input[offset..<end]), take)
            offset = end
        }
        splitter.finish(take)
        return (lines, splitter.bytesSearched)
    }
}

final class IssueBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ReplayIssue] = []
    func append(_ issue: ReplayIssue) { lock.withLock { items.append(issue) } }
    var lines: [Int] { lock.withLock { items.map(\.line) } }
}

/// A clock whose time moves only when something sleeps on it: pacing is checked without waiting
/// and without depending on how loaded the machine is.
final class VirtualClock: Clock, @unchecked Sendable {
    typealias Instant = ContinuousClock.Instant
    private let lock = NSLock()
    private let origin = ContinuousClock.now
    private var elapsed = Duration.zero
    private var waits: [Duration] = []

    var now: Instant { lock.withLock { origin.advanced(by: elapsed) } }
    var minimumResolution: Duration { .nanoseconds(1) }
    /// Every wait asked for, in order.
    var sleeps: [Duration] { lock.withLock { waits } }
    /// Virtual time gone by.
    var elapsedTime: Duration { lock.withLock { elapsed } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        lock.withLock {
            let wait = origin.advanced(by: elapsed).duration(to: deadline)
            waits.append(wait)
            if wait > .zero { elapsed += wait }
        }
    }
}

/// True when `a` and `b` differ by less than `tolerance`.
func near(_ a: Duration, _ b: Duration, within tolerance: Duration) -> Bool {
    a - b < tolerance && b - a < tolerance
}

@Suite struct PacedSourceTests {
    /// 1001 readings, one per second of session time: 1000 s.
    func thousandSecondFile() throws -> ReplayFile {
        let rows = (0...1000).map { "\($0),\(20 + Double($0) * 0.01),100" }.joined(separator: "\n")
        return try ReplayFile.parse(text: "t_s,probe_c,ambient_c\n" + rows, path: "paced.csv")
    }

    @Test func speedThousandSpreadsAThousandSecondsOverOneSecond() async throws {
        let clock = VirtualClock()
        let source = PacedSource(ReplaySource(file: try thousandSecondFile()), speed: 1000, clock: clock)
        #expect(source.label == "replay:paced.csv")
        let events = try await collect(source)
        #expect(events.count == 1003)
        #expect(near(clock.elapsedTime, .seconds(1), within: .microseconds(10)), "\(clock.elapsedTime)")
        // One reading per session second: each waits a thousandth of a second.
        #expect(clock.sleeps.count == 1000)
        #expect(clock.sleeps.allSatisfy { near($0, .milliseconds(1), within: .microseconds(1)) })
    }

    @Test func realTimePacingReallySleeps() async throws {
        let file = try ReplayFile.parse(
            text: "t_s,probe_c,ambient_c\n0,20,100\n1,20.1,100\n2,20.2,100\n", path: "short.csv")
        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            _ = try await collect(PacedSource(ReplaySource(file: file), speed: 10))
        }
        // Two session seconds at ten times real time: at least 0.2 s of wall time went by.
        #expect(elapsed >= .milliseconds(190), "took \(elapsed)")
    }

    @Test func unpacedNeverSleeps() async throws {
        let clock = VirtualClock()
        let events = try await collect(
            PacedSource(ReplaySource(file: try thousandSecondFile()), speed: Pacing.unpaced, clock: clock))
        #expect(events.count == 1003)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aTinySpeedWaitsTheLongestWaitInsteadOfOverflowing() async throws {
        // 1 s of session time at speed 1e-21 is 1e21 s, more than a Duration holds: it trapped.
        let file = try ReplayFile.parse(text: "t_s,probe_c,ambient_c\n0,20,100\n1,21,100\n", path: "tiny.csv")
        for speed in [1e-21, 1e-300, Double.leastNonzeroMagnitude] {
            let clock = VirtualClock()
            let paced = PacedSource(ReplaySource(file: file), speed: speed, maxWaitSeconds: 2, clock: clock)
            let events = try await collect(paced)
            #expect(events.count == 4)
            #expect(clock.sleeps.filter { $0 > .zero } == [.seconds(2)])
        }
    }

    @Test func aLongGapIsCutToTheLongestWaitAndTheScheduleShifts() async throws {
        // A 10-hour gap at speed 1000 would be 36 s; it is capped at maxWaitSeconds, and the
        // reading one session second later still comes a thousandth of a second after it.
        let gap = try ReplayFile.parse(
            text: "t_s,probe_c,ambient_c\n0,20,100\n36000,21,100\n36001,21,100\n", path: "gap.csv")
        let clock = VirtualClock()
        let events = try await collect(
            PacedSource(ReplaySource(file: gap), speed: 1000, maxWaitSeconds: 0.2, clock: clock))
        #expect(events.filter { if case .reading = $0 { true } else { false } }.count == 3)
        let waits = clock.sleeps.filter { $0 > .zero }
        #expect(waits.count == 2)
        #expect(near(waits[0], .milliseconds(200), within: .microseconds(1)))
        #expect(near(waits[1], .milliseconds(1), within: .microseconds(1)))
    }
}

/// A row with several impossible values names each one it leaves out (the battery's went unsaid
/// after the probe's).
@Test func everyImpossibleValueOfARowIsNamed() {
    let (kept, reason) = Reading(elapsedSeconds: 5, probeCelsius: -300, ambientCelsius: 110, batteryPercent: 150)
        .plausiblePart()
    #expect(kept?.probeCelsius == nil && kept?.batteryPercent == nil && kept?.ambientCelsius == 110)
    #expect(
        reason == "probe_c -300.0 is outside -273.15 to 1000.0 C; battery_pct 150.0 is outside 0.0 to 100.0 %",
        "\(reason ?? "")")
}

/// A logger's `nan` or `inf` for one value leaves that value out, the row's others kept: the whole
/// reading was lost (a probe at 22 C dropped for the air's `nan`). A word is still no number.
@Test func aNonFiniteValueIsLeftOutOfItsRowNotTheRow() {
    var parser = ReplayLineParser(format: .csv)
    let outcomes = ["t_s,probe_c,ambient_c", "0,22,nan", "60,inf,100", "90,NaN,nan", "120,abc,100"].map {
        parser.parse(Substring($0))
    }
    guard case .eventWithIssue(.reading(let first), let why) = outcomes[1] else {
        Issue.record("\(outcomes[1])")
        return
    }
    #expect(first.probeCelsius == 22 && first.ambientCelsius == nil)
    #expect(why == "ambient_c nan is not a finite number, left out", "\(why)")
    guard case .eventWithIssue(.reading(let second), _) = outcomes[2] else {
        Issue.record("\(outcomes[2])")
        return
    }
    #expect(second.probeCelsius == nil && second.ambientCelsius == 100)
    #expect(outcomes[3] == .issue("probe_c nan is not a finite number; ambient_c nan is not a finite number"))
    #expect(outcomes[4] == .issue("probe_c is not a number"))
}

/// QA: `Double(_:)` reads hexadecimal, so a probe column's `0x10` was a 16 C reading and a time
/// of `0x3C` 60 s. A number in a log is decimal; the others are said as any word is.
@Test func hexadecimalIsNoNumberInALog() {
    var parser = ReplayLineParser(format: .csv)
    let outcomes = ["t_s,probe_c,ambient_c", "0,0x10,100", "0x3C,20,100", "90,20,0X78"].map {
        parser.parse(Substring($0))
    }
    #expect(outcomes[1] == .issue("probe_c is not a number"))
    #expect(outcomes[2] == .issue("t_s is not a finite number"), "\(outcomes[2])")
    #expect(outcomes[3] == .issue("ambient_c is not a number"))
}

/// Rows without a header line, as a feeder pipes them to `live --stdin`.
@Suite struct HeaderlessRowTests {
    /// Two probes' rows, `t_s,probe_c,ambient_c,channel`: the 4th column was ignored, every row
    /// went to probe 1, and the second probe's rows were dropped as duplicates of the first's.
    @Test func aFourthColumnIsTheChannel() {
        var parser = ReplayLineParser(format: nil)
        let outcomes = ["0,5,120,1", "0,6,,2", "30,5.5,121,1", "30,6.5,,2"].map { parser.parse(Substring($0)) }
        var readings: [Reading] = []
        var notes: [String] = []
        for outcome in outcomes {
            switch outcome {
            case .event(.reading(let r)): readings.append(r)
            case .eventWithIssue(.reading(let r), let note):
                readings.append(r)
                notes.append(note)
            default: break
            }
        }
        #expect(readings.map(\.channel) == [1, 2, 1, 2])
        #expect(readings.map(\.probeCelsius) == [5, 6, 5.5, 6.5])
        #expect(notes == ["no header line: columns read as t_s,probe_c,ambient_c,channel"])
        var three = ReplayLineParser(format: nil)
        if case .event(.reading(let r)) = three.parse("10,20,110") {
            #expect(r.channel == 1 && r.ambientCelsius == 110)
        } else {
            Issue.record("a three-column row is a reading")
        }
    }
}

/// A broken JSON line says which field is wrong (`{"t_s":30,"probe_c":"x"}` was "not a JSON
/// object with a numeric t_s"), and a channel beyond 64, in CSV or JSON, is refused as
/// `--channel` refuses it (65 and 1000 were stored, then `export --channel` would not take them).
@Test func aBrokenLineNamesItsFieldAndChannelsStopAtSixtyFour() {
    var json = ReplayLineParser(format: .jsonLines)
    let lines = [
        #"{"t_s":30,"probe_c":"x"}"#, #"{"t_s":"a"}"#, #"{"t_s":40,"probe_c":20,"channel":2.5}"#,
        #"{"t_s":60,"probe_c":21,"channel":65}"#, #"{"t_s":60,"probe_c":21,"channel":64}"#,
    ]
    let outcomes = lines.map { json.parse(Substring($0)) }
    #expect(outcomes[0] == .issue("probe_c is not a number"))
    #expect(outcomes[1] == .issue("not a JSON object with a numeric t_s"))
    #expect(outcomes[2] == .issue("channel is not 1 to 64"))
    #expect(outcomes[3] == .issue("channel is not 1 to 64"))
    #expect(
        outcomes[4] == .event(.reading(Reading(channel: 64, elapsedSeconds: 60, probeCelsius: 21, ambientCelsius: nil)))
    )
    var csv = ReplayLineParser(format: .csv)
    let rows = ["t_s,probe_c,ambient_c,channel", "0,20,100,65", "0,20,100,1000", "0,20,100,0"].map {
        csv.parse(Substring($0))
    }
    #expect(rows.dropFirst().allSatisfy { $0 == .issue("channel is not 1 to 64") })
}
