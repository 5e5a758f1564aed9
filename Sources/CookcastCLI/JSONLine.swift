import CookcastCore

/// Minimal JSON writer for one-line output (`--json`): keys sorted, numbers with at most 3 decimals.
public enum JSONLine {
    /// A JSON value.
    public enum Value {
        case string(String)
        case number(Double?)
        case integer(Int64)
        case bool(Bool)
        case object([String: Value])
        case array([Value])
        case null
    }

    /// Serialises an object to one line.
    public static func object(_ fields: [String: Value]) -> String { render(.object(fields)) }

    /// Serialises any value.
    public static func render(_ value: Value) -> String {
        switch value {
        case .string(let s): return quote(s)
        case .number(let d):
            guard let d, d.isFinite else { return "null" }
            if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
            var text = TemperatureUnit.fixed(d, decimals: 3)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        case .integer(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(render).joined(separator: ",") + "]"
        case .object(let fields):
            return "{"
                + fields.keys.sorted().map { quote($0) + ":" + render(fields[$0] ?? .null) }.joined(separator: ",")
                + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
