/// Plain decimal numerals (`-12.25`, `+.5`, `5.`, `3e2`) converted straight from their UTF-8
/// bytes, to exactly the Double `Double(String)` gives (the nearest one, ties to even), without
/// making a String: `Double(Substring)` copied each field into one for the C parser, a good part
/// of the 2.4 us a CSV line took.
///
/// nil means "not converted here", never "not a number": every other form (`nan`, `inf`, hex
/// floats, spaces, more than 19 digits, an exponent beyond the exact cases below) is left to
/// `Double(_:)`, which says what it is.
enum PlainDecimal {
    /// The value of `bytes`, a whole numeral `[+-]digits[.digits][(e|E)[+-]digits]` with at least
    /// one digit before the exponent; nil for any other text, or when it is not one of the cases
    /// converted exactly here.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        var i = 0
        var isNegative = false
        if i < count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            isNegative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var significand: UInt64 = 0
        let integerEnd = digits(bytes, from: i, into: &significand)
        let integerDigits = integerEnd - i
        i = integerEnd
        var fractionDigits = 0
        if i < count, bytes[i] == UInt8(ascii: ".") {
            let fractionStart = i + 1
            i = digits(bytes, from: fractionStart, into: &significand)
            fractionDigits = i - fractionStart
        }
        // 19 digits at most, leading zeros included (0.000123 has 7): the wrapping arithmetic of
        // `digits` did not overflow.
        guard (1...19).contains(integerDigits + fractionDigits) else { return nil }
        var exponent = 0
        if i < count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var isExponentNegative = false
            if i < count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                isExponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            let first = i
            while i < count {
                let digit = bytes[i] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Four digits at most: larger exponents are left to `Double(_:)`.
                guard i - first < 4 else { return nil }
                exponent = exponent * 10 + Int(digit)
                i += 1
            }
            guard i > first else { return nil }
            if isExponentNegative { exponent = -exponent }
        }
        guard i == count else { return nil }
        let scale = exponent - fractionDigits
        let magnitude: Double
        if significand <= 1 << 53, (-22...22).contains(scale) {
            // Both operands are exact Doubles (10^22 is the largest exact power of ten), so the
            // one rounding of the division or product is the correct one (Clinger's fast path).
            let power = powersOfTen[abs(scale)]
            magnitude = scale < 0 ? Double(significand) / power : Double(significand) * power
        } else if significand > 1 << 53, (-19 ... -1).contains(scale),
            let quotient = quotient(significand, overPowerOfTen: -scale)
        {
            magnitude = quotient
        } else {
            return nil
        }
        return isNegative ? -magnitude : magnitude
    }

    /// The index after the decimal digits from `start`, each appended to `significand` (wrapping:
    /// the caller checks that there were 19 at most).
    private static func digits(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into significand: inout UInt64
    ) -> Int {
        var i = start
        while i < bytes.count {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            significand = significand &* 10 &+ UInt64(digit)
            i += 1
        }
        return i
    }

    /// `significand / 10^exponent` correctly rounded (ties to even), by one integer division:
    /// the 17-digit numerals Swift prints for most Doubles have more than 53 bits, where the
    /// fast path above cannot be exact. Nil when the shifted dividend would not fit 128 bits.
    static func quotient(_ significand: UInt64, overPowerOfTen exponent: Int) -> Double? {
        let divisor = integerPowersOfTen[exponent]
        let significandBits = UInt64.bitWidth - significand.leadingZeroBitCount
        let divisorBits = UInt64.bitWidth - divisor.leadingZeroBitCount
        // Shifted so that the quotient has 55 or 56 bits (at least 54 however large the
        // significand): the 53 kept, the rounding bit, and the rest with the remainder say which
        // way to round.
        let shift = max(0, 55 + divisorBits - significandBits)
        guard shift < UInt64.bitWidth else { return nil }
        let high = shift == 0 ? 0 : significand >> (UInt64.bitWidth - shift)
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: significand << shift))
        let dropped = UInt64.bitWidth - quotient.leadingZeroBitCount - 53
        let kept = quotient >> dropped
        let rest = quotient & ((1 << dropped) - 1)
        let half: UInt64 = 1 << (dropped - 1)
        let roundsUp = rest > half || (rest == half && (remainder != 0 || kept & 1 == 1))
        // At most 2^53 and a normal result (about 1e-3 to 2e18): the scaling is exact.
        return Double(sign: .plus, exponent: dropped - shift, significand: Double(kept + (roundsUp ? 1 : 0)))
    }

    /// 10^0 to 10^22, each exactly a Double.
    static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// 10^0 to 10^19, the powers of ten a UInt64 holds.
    static let integerPowersOfTen: [UInt64] = (0...19).map { exponent in
        (0..<exponent).reduce(1 as UInt64) { value, _ in value * 10 }
    }
}
