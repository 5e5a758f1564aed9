import Foundation

/// JSON text for the `parameters`, `mean`, `covariance` and `parameter_names` columns.
///
/// Keys are sorted so equal values give equal text; NaN and infinities, which JSON lacks, are
/// written as the strings "NaN", "Infinity" and "-Infinity".
enum JSONCoding {
    private static let strategy = (positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")

    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: strategy.positiveInfinity, negativeInfinity: strategy.negativeInfinity,
            nan: strategy.nan)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String, table: String, column: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: strategy.positiveInfinity, negativeInfinity: strategy.negativeInfinity,
            nan: strategy.nan)
        do {
            return try decoder.decode(type, from: Data(text.utf8))
        } catch {
            throw StoreError.unexpectedValue(table: table, column: column)
        }
    }
}
