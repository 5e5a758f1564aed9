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

    private static func short(_ error: any Error) -> String {
        if case DecodingError.keyNotFound(let key, _) = error { return "missing key \(key.stringValue)" }
        if case DecodingError.dataCorrupted = error { return "invalid JSON" }
        if case DecodingError.typeMismatch(_, let ctx) = error {
            return "wrong type at \(ctx.codingPath.map(\.stringValue).joined(separator: "."))"
        }
        return "cannot decode"
    }
}
