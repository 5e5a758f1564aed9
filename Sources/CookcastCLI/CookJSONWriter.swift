import CookcastCore
import Foundation

/// `export --format json`'s document written in pieces: byte for byte what `JSONEncoder` (sorted
/// keys, pretty-printed) makes of the whole `RecordedCook`, without the whole cook or its JSON in
/// memory.
///
/// Everything but the readings (session, channels, events, series: small) is encoded at once,
/// with no readings, and cut where the empty readings array stands. Each chunk of readings is
/// encoded by the same encoder as an array and moved two levels in, so numbers, escapes and
/// spacing are the encoder's own. Built whole, a 72 h, 4-probe cook's 202 MB document took
/// 1.39 GB.
///
/// ```swift
/// var writer = try CookJSONWriter(head: cookWithoutReadings)
/// emit(writer.opening)
/// for chunk in chunks { emit(try writer.readings(chunk)) }
/// emit(writer.closing)
/// ```
struct CookJSONWriter {
    /// The encoder `export` has always used.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    /// The document up to the readings' value: `{ ... "readings" : `.
    let opening: String
    private let emptyReadings: String
    private let rest: String
    private var wroteReadings = false
    private let encoder = CookJSONWriter.encoder()

    /// Prepares the document of `head`, whose readings are ignored (they come through `readings(_:)`).
    init(head: RecordedCook) throws {
        var cook = head
        cook.readings = []
        let whole = String(decoding: try encoder.encode(cook), as: UTF8.self) + "\n"
        // Both keys are at the top level, two spaces in; no string value holds a raw newline.
        guard let key = whole.range(of: "\n  \"readings\" : "),
            let next = whole.range(of: ",\n  \"series\" : ", range: key.upperBound..<whole.endIndex)
        else { throw CookJSONWriterError.unexpectedLayout }
        opening = String(whole[..<key.upperBound])
        emptyReadings = String(whole[key.upperBound..<next.lowerBound])
        rest = String(whole[next.lowerBound...])
    }

    /// The text that continues the document with `chunk`, the next readings in order.
    mutating func readings(_ chunk: [Reading]) throws -> String {
        guard !chunk.isEmpty else { return "" }
        // `[\n  {...},\n  {...}\n]`: the elements, one level in; the document has them two.
        let array = try encoder.encode(chunk)
        guard array.count > 4, array.first == UInt8(ascii: "["), array.last == UInt8(ascii: "]") else {
            throw CookJSONWriterError.unexpectedLayout
        }
        let elements = array[array.startIndex + 2..<array.endIndex - 2]
        var out: [UInt8] = []
        out.reserveCapacity(elements.count + elements.count / 8 + 8)
        out += wroteReadings ? Array(",\n  ".utf8) : Array("[\n  ".utf8)
        for byte in elements {
            out.append(byte)
            if byte == UInt8(ascii: "\n") { out += [UInt8(ascii: " "), UInt8(ascii: " ")] }
        }
        wroteReadings = true
        return String(decoding: out, as: UTF8.self)
    }

    /// The end of the document, after the last chunk.
    var closing: String { (wroteReadings ? "\n  ]" : emptyReadings) + rest }
}

/// The encoder's output was not laid out as `CookJSONWriter` expects (a Foundation change).
enum CookJSONWriterError: Error, CustomStringConvertible {
    case unexpectedLayout

    var description: String { "the JSON encoder's layout is not the one the export writer splices" }
}
