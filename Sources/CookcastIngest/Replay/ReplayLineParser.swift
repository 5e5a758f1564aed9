import CookcastCore
import Foundation

/// Parses replay lines (CSV, JSON lines, hex packet log) one at a time; shared by replay and stdin.
///
/// Stateful only for CSV, whose header names the columns. With `format == nil` each line's format
/// is guessed (stdin may mix hex lines and CSV rows).
public struct ReplayLineParser: Sendable {
    /// What one line turned out to be.
    public enum Outcome: Sendable, Hashable {
        /// A reading or packet with its time.
        case event(SourceEvent)
        /// A packet without a time (`HEX` alone, or `HEX chN`): the caller stamps it (stdin uses
        /// the wall clock).
        case untimedPacket([UInt8], channel: Int)
        /// Blank, comment or header.
        case skip
        /// Broken: skipped, with the reason.
        case issue(String)
        /// A reading with an impossible value left out (`Reading.plausiblePart`): kept, and the
        /// reason reported like a broken line's.
        case eventWithIssue(SourceEvent, String)
    }

    /// `reading` as an outcome: as it is, without its impossible values, or an issue when nothing
    /// real is left.
    static func outcome(_ reading: Reading) -> Outcome {
        let (kept, reason) = reading.plausiblePart()
        guard let kept else { return .issue(reason ?? "no temperature") }
        guard let reason else { return .event(.reading(kept)) }
        return .eventWithIssue(.reading(kept), reason + ", left out")
    }

    /// Where the CSV columns are.
    struct Columns: Sendable, Hashable {
        var count: Int?
        var time = 0
        var probe: Int? = 1
        var ambient: Int? = 2
        var channel: Int?
        var battery: Int?
        /// The units of the probe's and the air's columns (`probe_f`, `ambient_f`: Fahrenheit).
        var probeUnit = TemperatureUnit.celsius
        var ambientUnit = TemperatureUnit.celsius
        /// Said with the first row: how a header that names none of the known columns was read.
        var note: String?
        /// The byte between fields: `,`, or `;` (with decimal commas) for a file whose first line has one.
        var separator = UInt8(ascii: ",")
    }

    /// The separator of a CSV whose first line is `line`: `;` when it has one (a spreadsheet saved
    /// where the comma is the decimal mark: `t_s;probe_c;ambient_c`, `0;21,5;110`), else `,`.
    static func separator(of line: Substring) -> UInt8 {
        line.utf8.contains(semicolon) ? semicolon : UInt8(ascii: ",")
    }

    /// `;`, the separator of a CSV with decimal commas.
    static let semicolon = UInt8(ascii: ";")

    /// The fixed format, or nil to guess per line.
    public let format: ReplayFormat?
    private(set) var columns: Columns?

    /// A parser for `format` (nil: guess each line).
    public init(format: ReplayFormat?) {
        self.format = format
    }

    /// Parses one line (without its newline).
    public mutating func parse(_ rawLine: Substring) -> Outcome {
        if let outcome = rawLine.utf8.withContiguousStorageIfAvailable(plainCSVOutcome) ?? nil { return outcome }
        return parseLine(rawLine)
    }

    /// Parses one line (without its newline) as text: what `parse(_:)` does with every line
    /// `plainCSVOutcome` does not read from its bytes.
    mutating func parseLine(_ rawLine: Substring) -> Outcome {
        // `trimmed` also drops a Windows line end's "\r".
        let line = rawLine.first == "\u{FEFF}" ? rawLine.dropFirst() : rawLine
        let trimmed = Self.trimmed(line)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .skip }
        guard let lineFormat = format ?? ReplayFormat.guess(line: trimmed) else {
            return .issue("not CSV, JSON or t_s HEX")
        }
        switch lineFormat {
        case .csv: return parseCSV(trimmed)
        case .jsonLines: return Self.parseJSON(String(trimmed))
        case .hexLog: return Self.parseHex(String(trimmed))
        }
    }

    /// `text` without leading and trailing spaces, tabs and carriage returns. Byte-level: Foundation's
    /// `trimmingCharacters(in:)` made parsing a 24 h log at 2 Hz take a second.
    static func trimmed(_ text: Substring) -> Substring {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !isBlank($0) }),
            let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return text[text.endIndex...] }
        return Substring(bytes[first...last])
    }

    /// `field` without the double quotes around it, trimmed inside them: a spreadsheet's
    /// `"21.5"` (LibreOffice's "quote all text cells" quotes numbers kept as text) is 21.5.
    static func unquoted(_ field: Substring) -> Substring {
        guard field.utf8.count >= 2, field.utf8.first == UInt8(ascii: "\""), field.utf8.last == UInt8(ascii: "\"")
        else { return field }
        return trimmed(field.dropFirst().dropLast())
    }

    /// The bytes `trimmed(_:)` drops: space, tab, carriage return.
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// A finite number, or nil.
    static func number(_ text: Substring) -> Double? {
        guard let value = decimal(trimmed(text)), value.isFinite else { return nil }
        return value
    }

    /// A number written in decimal (`nan` and `inf` included, which `Reading.plausiblePart`
    /// leaves out), not in hexadecimal: `Double(_:)` read a probe column's `0x10` as 16 C.
    static func decimal(_ text: Substring) -> Double? {
        guard !text.contains(where: { $0 == "x" || $0 == "X" }) else { return nil }
        return Double(text)
    }

    private mutating func parseCSV(_ line: Substring) -> Outcome {
        // A file's first line decides its separator: `;` is a spreadsheet's CSV in a locale whose
        // decimal mark is the comma (`0;21,5;110`), read with either mark.
        let separator = columns?.separator ?? Self.separator(of: line)
        var fields = line.utf8.split(separator: separator, omittingEmptySubsequences: false)
            .map { Self.unquoted(Self.trimmed(Substring($0))) }
        if separator == Self.semicolon {
            fields = fields.map { Substring($0.replacingOccurrences(of: ",", with: ".")) }
        }
        if columns == nil, let first = fields.first, Double(first) == nil {
            columns = Self.columns(header: fields)
            columns?.separator = separator
            return .skip
        }
        // Said with the first row read: how its header, or the lack of one, was read.
        var firstRowNote = columns?.note
        if columns == nil {
            // No header: the canonical order, t_s,probe_c,ambient_c[,channel][,battery_pct]. A 4th
            // column was ignored, and two probes' rows at one time became one probe's duplicates.
            guard fields.count <= 5 else {
                let order = "t_s,probe_c,ambient_c,channel,battery_pct"
                return .issue("\(fields.count) columns without a header line (\(order))")
            }
            columns = Columns(
                count: fields.count, ambient: fields.count > 2 ? 2 : nil, channel: fields.count > 3 ? 3 : nil,
                battery: fields.count > 4 ? 4 : nil, separator: separator)
            if fields.count > 3 {
                let names = ["t_s", "probe_c", "ambient_c", "channel", "battery_pct"].prefix(fields.count)
                firstRowNote = "no header line: columns read as \(names.joined(separator: ","))"
            }
        }
        guard let c = columns else { return .skip }
        if let expected = c.count, fields.count != expected {
            return .issue("expected \(expected) columns, found \(fields.count)")
        }
        guard c.time < fields.count, let t = Self.number(fields[c.time]) else {
            return .issue("t_s is not a finite number")
        }
        func optional(_ index: Int?, _ name: String) -> Result<Double?, ParseFailure> {
            guard let index, index < fields.count, !fields[index].isEmpty else { return .success(nil) }
            // `nan`, `inf` are numbers a logger wrote for no value: left out of the row by
            // `Reading.plausiblePart`, the row's other values kept (the whole row was lost).
            guard let v = Self.decimal(Self.trimmed(fields[index])) else {
                return .failure(ParseFailure(message: "\(name) is not a number"))
            }
            return .success(v)
        }
        do {
            let probe = try optional(c.probe, "probe_\(c.probeUnit.rawValue)").get().map(c.probeUnit.celsius(from:))
            let ambient = try optional(c.ambient, "ambient_\(c.ambientUnit.rawValue)").get()
                .map(c.ambientUnit.celsius(from:))
            let battery = try optional(c.battery, "battery_pct").get()
            guard probe != nil || ambient != nil else { return .issue("no temperature") }
            var channel = 1
            if let ci = c.channel, ci < fields.count, !fields[ci].isEmpty {
                guard let n = Int(fields[ci]), ChannelInfo.numbers.contains(n) else { return .issue(Self.badChannel) }
                channel = n
            }
            let outcome = Self.outcome(
                Reading(
                    channel: channel, elapsedSeconds: t, probeCelsius: probe, ambientCelsius: ambient,
                    batteryPercent: battery))
            if let firstRowNote, case .event(let event) = outcome {
                columns?.note = nil
                return .eventWithIssue(event, firstRowNote)
            }
            return outcome
        } catch {
            return .issue(error.message)
        }
    }

    private struct ParseFailure: Error { var message: String }

    /// The columns a header names: `t_s`, `probe_c` or `probe_f`, `ambient_c` or `ambient_f`,
    /// `channel`, `battery_pct`, in any order. A header without `t_s` or without any temperature
    /// column is read by position (t_s, probe_c, ambient_c), said with the first row: a
    /// `t_s,probe_f,ambient_f` file was read as Celsius without a word, a 110 F chicken "done".
    static func columns(header: [Substring]) -> Columns {
        let names = headerNames(header)
        var c = Columns(count: names.count)
        let probeC = names.firstIndex(of: "probe_c"), probeF = names.firstIndex(of: "probe_f")
        let ambientC = names.firstIndex(of: "ambient_c"), ambientF = names.firstIndex(of: "ambient_f")
        let namedProbe = probeC ?? probeF, namedAmbient = ambientC ?? ambientF
        c.time = names.firstIndex(of: "t_s") ?? 0
        c.probe = namedProbe ?? (names.count > 1 ? 1 : nil)
        if probeC == nil, probeF != nil { c.probeUnit = .fahrenheit }
        c.ambient = namedAmbient ?? (names.count > 2 && namedProbe == nil ? 2 : nil)
        if ambientC == nil, ambientF != nil { c.ambientUnit = .fahrenheit }
        c.channel = names.firstIndex(of: "channel")
        c.battery = names.firstIndex(of: "battery_pct")
        if names.firstIndex(of: "t_s") == nil || (namedProbe == nil && namedAmbient == nil) {
            let read = ["t_s", "probe_c", "ambient_c"].prefix(min(3, names.count)).joined(separator: ",")
            c.note =
                "header '\(names.joined(separator: ","))' names no t_s or no probe_c/probe_f/ambient_c/ambient_f column: read as \(read) by position"
        }
        return c
    }

    /// A header's column names as `columns(header:)` reads them: lower case, without quotes or spaces.
    static func headerNames(_ header: [Substring]) -> [String] {
        header.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")) }
    }

    /// Whether `line` is a CSV header that names the columns it is read by: `t_s` and a
    /// temperature column (`probe_c`, `probe_f`, `ambient_c`, `ambient_f`), in any order, any case,
    /// quoted or spaced, as `live --replay` and `predict` read a file's header. What `import`
    /// recognises a canonical CSV by.
    public static func namesCanonicalColumns(_ line: Substring) -> Bool {
        let fields = line.utf8.split(separator: separator(of: line), omittingEmptySubsequences: false)
        let names = headerNames(fields.map { trimmed(Substring($0)) })
        return names.contains("t_s")
            && names.contains { ["probe_c", "probe_f", "ambient_c", "ambient_f"].contains($0) }
    }

    private struct JSONRow: Decodable {
        var t_s: Double
        var probe_c: Double?
        var ambient_c: Double?
        var battery_pct: Double?
        var channel: Int?
    }

    private static func parseJSON(_ line: String) -> Outcome {
        guard let row = try? JSONDecoder().decode(JSONRow.self, from: Data(line.utf8)) else {
            return .issue(jsonIssue(line))
        }
        guard row.t_s.isFinite else { return .issue("t_s is not a finite number") }
        guard row.probe_c != nil || row.ambient_c != nil else { return .issue("no temperature") }
        if let channel = row.channel, !ChannelInfo.numbers.contains(channel) { return .issue(badChannel) }
        return outcome(
            Reading(
                channel: row.channel ?? 1, elapsedSeconds: row.t_s, probeCelsius: row.probe_c,
                ambientCelsius: row.ambient_c, batteryPercent: row.battery_pct))
    }

    /// Why a JSON line is no reading: the field that is not a number (`{"t_s":30,"probe_c":"x"}`
    /// was "not a JSON object with a numeric t_s"), else that it is no such object.
    private static func jsonIssue(_ line: String) -> String {
        let whole = "not a JSON object with a numeric t_s"
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
            object["t_s"] is NSNumber
        else { return whole }
        for key in ["probe_c", "ambient_c", "battery_pct", "channel"] {
            if let value = object[key], !(value is NSNull), !(value is NSNumber) || value is Bool {
                return "\(key) is not a number"
            }
        }
        if let channel = object["channel"] as? NSNumber, channel.doubleValue.rounded() != channel.doubleValue {
            return badChannel
        }
        return whole
    }

    /// The issue of a row whose channel is not one of `ChannelInfo.numbers`, as `--channel N`
    /// takes them: 65 and 1000 were stored from a CSV that `export --channel` and
    /// `predict --channel` then refused.
    static let badChannel = "channel is not 1 to \(ChannelInfo.numbers.upperBound)"

    /// Channels a hex log's `chN` may name: 0, a profile's settings characteristic
    /// (`ProbeProfile.settingsChannel`: an iBBQ's battery reply), else the first probe channel
    /// of the packet (1, the default: the data characteristic).
    public static let packetChannels = 0...64

    private static func parseHex(_ line: String) -> Outcome {
        var text = Substring(line)
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var channel = 1
        // `chN` last: the characteristic the packet came on, as `live --probe` passes it on.
        if tokens.count > 1, let last = tokens.last, Self.isChannelToken(last) {
            guard let n = Int(last.dropFirst(2)), packetChannels.contains(n) else {
                return .issue("channel is not ch0 to ch\(packetChannels.upperBound)")
            }
            channel = n
            tokens.removeLast()
        }
        guard let first = tokens.first else { return .skip }
        if tokens.count == 1 {
            guard let bytes = Hex.bytes(from: String(first)), !bytes.isEmpty else { return .issue("bad hex packet") }
            return .untimedPacket(bytes, channel: channel)
        }
        guard let t = number(first) else { return .issue("t_s is not a finite number") }
        if let why = Reading.clockImplausibility(seconds: t) { return .issue(why) }
        let hex = tokens.dropFirst().joined()
        guard let bytes = Hex.bytes(from: hex), !bytes.isEmpty else { return .issue("bad hex packet") }
        return .event(.packet(bytes: bytes, elapsedSeconds: t, channel: channel))
    }

    /// Whether `token` is a hex log's channel (`ch0`, `ch1`, ...): `h` is no hex digit, so it
    /// cannot be a packet's byte.
    static func isChannelToken(_ token: Substring) -> Bool {
        token.count > 2 && token.prefix(2).lowercased() == "ch"
    }
}
