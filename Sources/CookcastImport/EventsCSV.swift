import CookcastCore
import Foundation

/// A session's events as CSV, `t_s,kind,channel,detail`: what `cookcast live` saves next to the
/// readings it could not store (`<database>-unsaved-<session>-<UTC>Z-events.csv`), and what
/// `cookcast import FILE --into SESSION` adds back to the session.
///
/// `t_s` is seconds on the session's clock (0 = its start), `kind` an event kind
/// (`disconnected`, `alarm`, ...: lowercase letters, digits and `_`), `channel` empty for the
/// whole session, 0 for the thermometer itself (`ProbeProfile.settingsChannel`: an iBBQ's battery
/// reply), else the probe's, `detail` quoted (`""` for a quote inside). Reading is strict: a row that is not
/// an event makes the whole file refused, with its line, as a recovery file is cookcast's own
/// output and a wrong row means a damaged file.
///
/// ```swift
/// let text = EventsCSV.render(error.unsavedEvents)
/// let events = try EventsCSV.events(in: ImportFile(path: "cookcast.db-unsaved-3-20261130T231500Z-events.csv"))
/// ```
public enum EventsCSV {
    /// The header line's columns.
    public static let header = "t_s,kind,channel,detail"
    /// How an events file's name ends, after its readings file's name without `.csv`.
    public static let fileSuffix = "-events.csv"
    /// The format's name in messages.
    static let formatName = "events"

    /// The whole file for `events`, in the order given.
    public static func render(_ events: [SessionEvent]) -> String {
        var text = header + "\n"
        for e in events {
            let detail = "\"" + e.detail.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            text += "\(e.elapsedSeconds),\(e.kind.rawValue),\(e.channel.map(String.init) ?? ""),\(detail)\n"
        }
        return text
    }

    /// The events file saved with the readings file at `path` (`X.csv` -> `X-events.csv`); nil
    /// when `path` is not a `.csv` file or is an events file itself.
    public static func siblingPath(ofReadings path: String) -> String? {
        guard path.hasSuffix(".csv"), !path.hasSuffix(fileSuffix) else { return nil }
        return String(path.dropLast(4)) + fileSuffix
    }

    /// True when `file` is an events file: its first line starts `t_s,kind`, or its name ends in
    /// `-events.csv` and no import format recognises it (so a damaged header is still read, and
    /// refused, as one).
    public static func isEventsFile(_ file: ImportFile) -> Bool {
        sniff(file) || (file.path.hasSuffix(fileSuffix) && FormatDetector.detect(file) == nil)
    }

    /// True when the file's first line starts `t_s,kind` (cheap: looks at the first bytes).
    static func sniff(_ file: ImportFile) -> Bool {
        TextDecoding.prefix(file.bytes, maxBytes: sniffBytes).hasPrefix("t_s,kind")
    }

    /// How many bytes `sniff` looks at.
    static let sniffBytes = 64

    /// Whether the file at `path` can be an events file (`isEventsFile`), from its name and its
    /// first bytes alone: a cook's export is not read whole to be told apart (`import --into`
    /// read every input twice, once here and once to import it).
    public static func mayBeEventsFile(path: String) -> Bool {
        if path.hasSuffix(fileSuffix) { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: sniffBytes)).map { [UInt8]($0) } ?? []
        return sniff(ImportFile(path: path, bytes: head))
    }

    /// The events of `file`, in file order.
    ///
    /// - Throws: `ImportError.malformed` naming the file and the first line that is not an event
    ///   (wrong header, wrong column count, a time that is not seconds >= 0 or is beyond
    ///   `Reading.plausibleSeconds`, a kind that is not lowercase letters, digits and `_`, a
    ///   channel that is not an integer >= 0, an unterminated quote).
    public static func events(in file: ImportFile) throws(ImportError) -> [SessionEvent] {
        func refuse(_ line: Int, _ reason: String) -> ImportError {
            .malformed(file: file.path, format: formatName, reason: "line \(line): \(reason)")
        }
        let records: [Record]
        do { records = try Self.records(TextDecoding.text(file.bytes)) } catch {
            throw refuse(error.line, error.reason)
        }
        guard let first = records.first else { throw refuse(1, "no header line (\(header))") }
        let found = first.fields.map(trimmed).joined(separator: ",")
        guard found == header else { throw refuse(first.line, "header '\(found)' is not \(header)") }
        var events: [SessionEvent] = []
        for record in records.dropFirst() {
            let f = record.fields
            guard f.count == 4 else { throw refuse(record.line, "expected 4 columns, found \(f.count)") }
            guard let t = Double(trimmed(f[0])), t.isFinite, t >= 0 else {
                throw refuse(record.line, "t_s '\(f[0])' is not a number of seconds >= 0")
            }
            // A session clock no cook has (1e300 was stored as 9e12 s, "[2500000000:00:00]").
            if let why = Reading.clockImplausibility(seconds: t) { throw refuse(record.line, why) }
            let kind = trimmed(f[1])
            guard isKind(kind) else {
                throw refuse(record.line, "kind '\(kind)' is not an event kind (lowercase letters, digits, _)")
            }
            let channelText = trimmed(f[2])
            var channel: Int? = nil
            if !channelText.isEmpty {
                // 0 is the thermometer's own channel: the recovery file of an iBBQ cook has its
                // battery replies there, and refusing them refused the whole file.
                guard let n = Int(channelText), n >= ProbeProfile.settingsChannel else {
                    throw refuse(record.line, "channel '\(channelText)' is not an integer >= 0")
                }
                channel = n
            }
            events.append(
                SessionEvent(elapsedSeconds: t, kind: EventKind(rawValue: kind), channel: channel, detail: f[3]))
        }
        return events
    }

    /// A kind as events are named: a lowercase letter, then lowercase letters, digits and `_`.
    /// Any such name is taken (the kinds are an open set); anything else is a damaged row.
    static func isKind(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// One CSV record: its fields (quotes removed) and the line it starts on (1-based).
    struct Record {
        var fields: [String]
        var line: Int
    }

    /// Why the text is not CSV.
    struct SyntaxError: Error {
        var line: Int
        var reason: String
    }

    /// The records of `text` (RFC 4180: a quoted field may hold commas, `""` and line ends);
    /// blank lines are skipped; `\r\n` ends a line as `\n` does.
    static func records(_ text: String) throws(SyntaxError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var wasQuoted = false
        var quoteLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) {
                records.append(Record(fields: fields, line: recordLine))
            }
            fields = []
            field = ""
            wasQuoted = false
        }
        while let c = next {
            next = scalars.next()
            if inQuotes {
                if c == "\"" {
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                        next = scalars.next()
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard field.allSatisfy({ $0 == " " || $0 == "\t" }), !wasQuoted else {
                    throw SyntaxError(line: line, reason: "a quote inside an unquoted field")
                }
                field = ""
                inQuotes = true
                wasQuoted = true
                quoteLine = line
            case ",":
                fields.append(field)
                field = ""
                wasQuoted = false
            case "\r" where next == "\n":
                break
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                if wasQuoted, c != " ", c != "\t" {
                    throw SyntaxError(line: line, reason: "text after a closing quote")
                }
                if !wasQuoted { field.unicodeScalars.append(c) }
            }
        }
        if inQuotes { throw SyntaxError(line: quoteLine, reason: "a quote that is never closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}
