import CookcastIngest
import Foundation

/// Turns export bytes into lines: UTF-8 (with or without BOM) or UTF-16 with a BOM, any of
/// `\n`, `\r\n`, `\r` as line ends. Never fails: invalid UTF-8 is repaired with U+FFFD.
enum TextDecoding {
    /// The text of `bytes`.
    static func text(_ bytes: [UInt8]) -> String {
        // The decoding `predict` and `live --replay` read UTF-16 with (`ReplayFile.load`).
        if let text = UTF16Text.decoded(bytes) { return text }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return String(decoding: bytes.dropFirst(3), as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when the bytes start with a UTF-16 byte-order mark.
    static func isUTF16(_ bytes: [UInt8]) -> Bool { UTF16Text.hasByteOrderMark(bytes) }

    /// The lines of `bytes`, without line ends; a trailing empty line is dropped.
    static func lines(_ bytes: [UInt8]) -> [String] {
        lines(of: text(bytes))
    }

    /// The lines of `text`, without line ends; a trailing empty line is dropped.
    static func lines(of text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                result.append(current)
                current = ""
                previousWasCR = true
                continue
            }
            if scalar == "\n" {
                if !previousWasCR { result.append(current) }
                current = ""
                previousWasCR = false
                continue
            }
            previousWasCR = false
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The first `maxBytes` bytes decoded, for format sniffing.
    static func prefix(_ bytes: [UInt8], maxBytes: Int = 4096) -> String {
        text(Array(bytes.prefix(maxBytes)))
    }
}

/// Splits one CSV line into fields: `,` (or another single-character separator), double quotes
/// around fields that contain the separator, `""` inside quotes for a quote. Fields are trimmed
/// of surrounding spaces.
enum CSVLine {
    static func fields(_ line: String, separator: Character = ",") -> [String] {
        if !line.contains("\"") {
            return line.split(separator: separator, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        var fields: [String] = []
        var current = ""
        var inQuotes = false
        var iterator = Array(line).makeIterator()
        var pending: Character? = nil
        while let c = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if c == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { current.append("\"") } else { inQuotes = false; pending = next }
                    } else {
                        inQuotes = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                inQuotes = true
            } else if c == separator {
                fields.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(c)
            }
        }
        fields.append(current.trimmingCharacters(in: .whitespaces))
        return fields
    }
}
