import CookcastCore
import Foundation

/// The line formats a replay file or stdin may use.
public enum ReplayFormat: String, Sendable, Hashable, CaseIterable {
    /// `t_s,probe_c,ambient_c[,channel]` with a header (extra columns ignored).
    case csv
    /// One JSON object per line: `{"t_s":..,"probe_c":..,"ambient_c":..,"battery_pct":..,"channel":..}`.
    case jsonLines
    /// `t_s HEX [chN]` per line: raw probe notifications, decoded by the probe's decoder (the
    /// profile's, `live --profile`); `chN` is the channel it came on: 1 (the default) the data
    /// characteristic, 0 a profile's settings characteristic (an iBBQ battery reply).
    case hexLog

    /// The format implied by a file name's extension, nil when it says nothing.
    public static func from(path: String) -> ReplayFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "csv": return .csv
        case "jsonl", "ndjson", "json": return .jsonLines
        case "hex", "hexlog", "log": return .hexLog
        default: return nil
        }
    }

    /// The format of a file named `path` whose text begins with `head` (the whole file or its
    /// first bytes): its extension's, else the one its first data line looks like; nil when
    /// neither says (`predict` and `import --profile` tell a hex packet log from readings).
    public static func of(path: String, head: String) -> ReplayFormat? {
        from(path: path) ?? of(head: head)
    }

    /// The format the first data line of `head` (a file's first bytes) looks like, whatever the
    /// file's name; nil when there is none or it looks like none.
    public static func of(head: String) -> ReplayFormat? {
        firstDataLine(of: lines(of: head)).flatMap(guess(line:))
    }

    /// The lines of `text` one at a time, as `split` on the newline byte gives them (empty ones
    /// kept; a "\r\n" line keeps its "\r"), without splitting the whole text up front.
    static func lines(of text: String) -> UnfoldSequence<Substring, String.Index?> {
        let utf8 = text.utf8
        return sequence(state: Optional(utf8.startIndex)) { start in
            guard let from = start else { return nil }
            let end = utf8[from...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            start = end == utf8.endIndex ? nil : utf8.index(after: end)
            return Substring(utf8[from..<end])
        }
    }

    /// The first line that is neither blank nor a `#` comment, trimmed.
    static func firstDataLine(of lines: some Sequence<Substring>) -> Substring? {
        for line in lines {
            let t = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if t.isEmpty || t.hasPrefix("#") { continue }
            return Substring(t)
        }
        return nil
    }

    /// The format a line looks like (after comments and blank lines are skipped).
    public static func guess(line: Substring) -> ReplayFormat? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("{") { return .jsonLines }
        // `;`: a spreadsheet's CSV with decimal commas (not in a hex line's `#` comment).
        if trimmed.contains(",") || trimmed.prefix(while: { $0 != "#" }).contains(";") { return .csv }
        var tokens = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if tokens.count > 1, let last = tokens.last, ReplayLineParser.isChannelToken(last) { tokens.removeLast() }
        guard let last = tokens.last, Hex.isHexLike(last) else { return nil }
        return .hexLog
    }
}

extension Hex {
    /// True when `text` is a plausible packet: an even number (>= 2) of hex digits.
    static func isHexLike(_ text: Substring) -> Bool {
        text.count >= 2 && text.count % 2 == 0 && text.allSatisfy(\.isHexDigit)
    }
}
