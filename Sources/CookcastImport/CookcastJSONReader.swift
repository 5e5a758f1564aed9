import CookcastCore
import Foundation

/// cookcast's own JSON export: one `RecordedCook` (default `JSONEncoder` keys), or an array of
/// them. Imported as is, except: no database id, status `.imported`, source `import:json` (the
/// original source is kept in the notes), and the content hash kept when present (so a cook
/// exported and imported back into the same database is recognised) else the file's hash.
public struct CookcastJSONReader: CookFormatReader {
    public static let formatName = "json"

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    public static func sniff(_ file: ImportFile) -> Bool {
        let head = TextDecoding.prefix(file.bytes, maxBytes: 4096)
        guard let c = head.first(where: { !$0.isWhitespace }), c == "{" || c == "[" else { return false }
        return head.contains("\"info\"") || head.contains("\"readings\"")
    }

    public func read(_ files: [ImportFile]) throws(ImportError) -> ImportResult {
        var result = ImportResult()
        for file in files {
            let data = Data(file.bytes)
            let decoder = JSONDecoder()
            var cooks: [RecordedCook]
            if let one = try? decoder.decode(RecordedCook.self, from: data) {
                cooks = [one]
            } else {
                do {
                    cooks = try decoder.decode([RecordedCook].self, from: data)
                } catch {
                    throw .malformed(
                        file: file.path, format: Self.formatName,
                        reason: "not a cookcast JSON export (\(Self.short(error)))")
                }
            }
            guard !cooks.isEmpty else { throw .noReadings(file: file.path, format: Self.formatName) }
            for (i, var cook) in cooks.enumerated() {
                try Self.check(&cook, file: file.path, notes: &result.notes)
                let original = cook.info.source
                cook.info.id = nil
                cook.info.status = .imported
                // Which other session of its database held the same cook is no fact of this one.
                cook.info.sameCookHash = nil
                cook.info.source = "import:\(Self.formatName)"
                if !original.hasPrefix("import:json") {
                    cook.info.notes = [cook.info.notes, "exported from \(original)"].compactMap { $0 }.joined(
                        separator: "; ")
                }
                if cook.info.contentHash == nil {
                    cook.info.contentHash = ContentHash.of([file], suffix: cooks.count > 1 ? String(i) : nil)
                }
                if let name = options.name { cook.info.name = name }
                if let target = options.targetCelsius { cook.info.targetCelsius = target }
                if let cut = options.cut { cook.info.cut = options.normalizedCut(cut) }
                result.cooks.append(cook)
            }
        }
        return result
    }

    /// The latest start a cook may have, Unix milliseconds (2200-01-01).
    static let latestStartUnixMs: Int64 = 7_258_118_400_000

    /// What a hand-edited export may get wrong, put right or refused (from QA): a start outside
    /// 1970-2200 (`-9e18` was stored, "started -285196677-06-10") is malformed; readings on a
    /// channel the file does not list (`"channels": []` stored 988 readings of no channel) get
    /// the channel, meat or pit by what they read, with a note; an end before the last reading is
    /// moved to it.
    static func check(_ cook: inout RecordedCook, file: String, notes: inout [String]) throws(ImportError) {
        guard (0...latestStartUnixMs).contains(cook.info.startedAtUnixMs) else {
            throw .malformed(
                file: file, format: formatName,
                reason: "its start (\(cook.info.startedAtUnixMs) ms since 1970) is not a date between 1970 and 2200")
        }
        let listed = Set(cook.channels.map(\.channel))
        var probeChannels: Set<Int> = []
        var unlisted: Set<Int> = []
        for reading in cook.readings where !listed.contains(reading.channel) {
            unlisted.insert(reading.channel)
            if reading.probeCelsius != nil { probeChannels.insert(reading.channel) }
        }
        for channel in unlisted.sorted() {
            let role: ChannelRole = probeChannels.contains(channel) ? .meat : .ambient
            cook.channels.append(
                ChannelInfo(channel: channel, name: ChannelInfo.probeName(channel, role: role), role: role))
            notes.append(
                "\(file): channel \(channel) has readings but is not listed in the file: added as \(role == .meat ? "a meat probe" : "the pit")"
            )
        }
        if let last = cook.readings.map(\.elapsedSeconds).max(), let end = cook.info.endedAtUnixMs {
            cook.info.endedAtUnixMs = max(end, cook.info.startedAtUnixMs + SessionClock.milliseconds(seconds: last))
        }
    }

    private static func short(_ error: any Error) -> String {
        if case DecodingError.keyNotFound(let key, _) = error { return "missing key \(key.stringValue)" }
        if case DecodingError.dataCorrupted = error { return "invalid JSON" }
        if case DecodingError.typeMismatch(_, let ctx) = error {
            return "wrong type at \(ctx.codingPath.map(\.stringValue).joined(separator: "."))"
        }
        return "cannot decode"
    }
}
