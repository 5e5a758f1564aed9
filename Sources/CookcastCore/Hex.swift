/// Hexadecimal text <-> bytes, for packet logs and `cookcast decode`.
public enum Hex {
    /// Parses hex digits, ignoring spaces, colons, dashes and an optional `0x` prefix.
    /// Returns nil for an odd number of digits or a non-hex character.
    public static func bytes(from text: String) -> [UInt8]? {
        var digits = Substring(text)
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
        var result: [UInt8] = []
        result.reserveCapacity(digits.count / 2)
        var high: UInt8?
        for scalar in digits.unicodeScalars {
            if scalar == " " || scalar == ":" || scalar == "-" || scalar == "\t" { continue }
            guard let nibble = nibbleValue(scalar) else { return nil }
            if let h = high {
                result.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return high == nil ? result : nil
    }

    /// Upper-case hex without separators, e.g. `00000064F500FB00DD`.
    public static func string(from bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func nibbleValue(_ s: Unicode.Scalar) -> UInt8? {
        switch s.value {
        case 0x30...0x39: return UInt8(s.value - 0x30)
        case 0x41...0x46: return UInt8(s.value - 0x41 + 10)
        case 0x61...0x66: return UInt8(s.value - 0x61 + 10)
        default: return nil
        }
    }
}
