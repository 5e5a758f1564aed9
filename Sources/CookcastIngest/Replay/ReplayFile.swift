import CookcastCore
import Foundation

/// A whole replay file parsed up front: its events, and the lines that were skipped.
///
/// ```swift
/// let file = try ReplayFile.load(path: "cook.csv")
/// for issue in file.issues { print(issue) }   // "cook.csv:17: probe_c is not a number"
/// let readings = file.readings()              // hex packets decoded, status packets dropped
/// ```
public struct ReplayFile: Sendable {
    /// The path as given.
    public let path: String
    /// The format used.
    public let format: ReplayFormat
    /// Readings (CSV, JSON lines) or packets (hex log) in file order; no connection events.
    public let events: [SourceEvent]
    /// Lines skipped as broken, with their line numbers.
    public let issues: [ReplayIssue]
    /// Rows timed earlier than a row before them: the estimator leaves them out, as live leaves
    /// out readings that arrive late (a file written newest first has nearly every row here).
    public let lateRows: LateRows

    /// Rows of a file timed earlier than a row before them.
    public struct LateRows: Sendable, Equatable {
        /// How many rows.
        public var count = 0
        /// The line of the first one (1-based), nil when there is none.
        public var firstLine: Int?
    }

    /// What was decided about the file as a whole, one line each (its times read as Unix times).
    public var notes: [String] = []
    /// The first line's Unix time when the file's times are Unix times (`FeedTimes`): its times
    /// are then seconds from it.
    public var unixOriginSeconds: Double?

    /// Number of rows that produced an event.
    public var validRowCount: Int { events.count }
    /// Time of the last event in seconds (0 when empty).
    public var lastElapsedSeconds: Double { events.last?.elapsedSeconds ?? 0 }

    /// Reads and parses the file at `path`; the format comes from the extension, else the content.
    ///
    /// - Throws: `IngestError` when the file is missing or unreadable, or when it is empty, neither
    ///   UTF-8 text nor UTF-16 with a byte-order mark, of unknown format or without a valid row
    ///   (bad data).
    public static func load(path: String, format: ReplayFormat? = nil) throws -> ReplayFile {
        let data: Data
        do { data = try FileBytes.read(path: path) } catch {
            switch error {
            case .noSuchFile: throw IngestError.fileNotFound(path: path)
            case .unreadable(let reason): throw IngestError.unreadable(path: path, reason: reason)
            }
        }
        guard !data.isEmpty else { throw IngestError.emptyFile(path: path) }
        // UTF-16 with a byte-order mark (a Windows tool's export) as `import` reads it; UTF-8, the
        // usual file, as it was (the plain rows then read from their bytes).
        guard let text = UTF16Text.decoded(data) ?? String(data: data, encoding: .utf8) else {
            throw IngestError.notText(path: path)
        }
        return try parse(text: text, path: path, format: format ?? ReplayFormat.from(path: path))
    }

    /// Parses `text` as the content of `path` (nil format: guessed from the first data line).
    public static func parse(text: String, path: String, format: ReplayFormat? = nil) throws -> ReplayFile {
        var chosen = format
        if chosen == nil {
            guard let firstLine = ReplayFormat.firstDataLine(of: ReplayFormat.lines(of: text)) else {
                throw IngestError.noValidRows(path: path)
            }
            guard let guess = ReplayFormat.guess(line: firstLine) else { throw IngestError.unknownFormat(path: path) }
            chosen = guess
        }
        guard let resolved = chosen else { throw IngestError.noValidRows(path: path) }
        var parser = ReplayLineParser(format: resolved)
        var events: [SourceEvent] = []
        var issues: [ReplayIssue] = []
        var late = LateRows()
        var feedTimes = FeedTimes()
        var contiguous = text
        // Line by line over the UTF-8 bytes, split on the newline byte ("\r\n" lines keep their
        // "\r", which the parser drops): plain CSV rows are read from the bytes, other lines as
        // Substrings of `text` (a [Substring] of every line cost 30 ms for 172,800 rows).
        contiguous.withUTF8 { bytes in
            events.reserveCapacity(bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
            let utf8 = text.utf8
            var lineNumber = 0
            var lineStart = 0
            while lineStart <= bytes.count {
                let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                lineNumber += 1
                let outcome = parser.parse(utf8: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])) {
                    let first = utf8.index(utf8.startIndex, offsetBy: lineStart)
                    return Substring(utf8[first..<utf8.index(first, offsetBy: lineEnd - lineStart)])
                }
                // An event, and whether it is timed before one already read (`FeedTimes` counts them).
                func append(_ timed: SourceEvent) {
                    let lateBefore = feedTimes.lateCount
                    let placement = feedTimes.place(timed.elapsedSeconds)
                    if let refusal = placement.refusal {
                        issues.append(ReplayIssue(path: path, line: lineNumber, message: refusal))
                        return
                    }
                    let e = feedTimes.originSeconds == 0 ? timed : timed.shifted(bySeconds: -feedTimes.originSeconds)
                    events.append(e)
                    if feedTimes.lateCount > lateBefore { late.firstLine = late.firstLine ?? lineNumber }
                }
                switch outcome {
                case .event(let e): append(e)
                case .skip: break
                case .issue(let message): issues.append(ReplayIssue(path: path, line: lineNumber, message: message))
                case .eventWithIssue(let e, let message):
                    append(e)
                    issues.append(ReplayIssue(path: path, line: lineNumber, message: message))
                case .untimedPacket:
                    issues.append(
                        ReplayIssue(
                            path: path, line: lineNumber, message: "packet without a time (expected t_s HEX)"))
                }
                lineStart = lineEnd + 1
            }
        }
        guard !events.isEmpty else { throw IngestError.noValidRows(path: path) }
        late.count = feedTimes.lateCount
        var file = ReplayFile(path: path, format: resolved, events: events, issues: issues, lateRows: late)
        file.notes = feedTimes.note.map { ["\(path): \($0)"] } ?? []
        file.unixOriginSeconds = feedTimes.originSeconds > 0 ? feedTimes.originSeconds : nil
        return file
    }

    /// Every reading: CSV/JSON rows as they are, hex packets through `decoder`, every reading
    /// of a multi-probe packet (status and undecodable packets are left out; see `events`).
    public func readings(decoder: any ProbeDecoder = SeedProbeDecoder()) -> [Reading] {
        // A loop, not a flatMap: a one-element array per reading cost 7 ms for 172,800.
        var readings: [Reading] = []
        readings.reserveCapacity(events.count)
        for event in events {
            switch event {
            case .reading(let r): readings.append(r)
            case .packet(let bytes, let t, let channel):
                readings.append(contentsOf: decoder.decode(bytes, elapsedSeconds: t, channel: channel).readings)
            case .connection: break
            }
        }
        return readings
    }
}
