/// A temperature as a signed 16-bit little-endian word in tenths of a degree Celsius, as the seed
/// probe and the iBBQ both send it: `0xFFFF`, and anything outside `validCelsius`, is no value.
enum SignedTenths {
    /// The temperatures a probe word may hold (a frozen roast to a hot grill); outside, the
    /// sensor is unplugged or faulted.
    static let validCelsius: ClosedRange<Double> = -40...400

    /// Celsius from `word`, or nil for `0xFFFF` and values outside `validCelsius`.
    static func celsius(fromWord word: UInt16) -> Double? {
        guard word != 0xFFFF else { return nil }
        let value = Double(Int16(bitPattern: word)) / 10.0
        return validCelsius.contains(value) ? value : nil
    }

    /// The two bytes (little-endian) of `celsius`, rounded to 0.1 C and clamped to
    /// `validCelsius`; `missing` for nil or a value that is not finite.
    static func bytes(celsius: Double?, missing: [UInt8]) -> [UInt8] {
        guard let celsius, celsius.isFinite else { return missing }
        let clamped = min(max(celsius, validCelsius.lowerBound), validCelsius.upperBound)
        let word = UInt16(bitPattern: Int16((clamped * 10).rounded()))
        return [UInt8(word & 0xFF), UInt8(word >> 8)]
    }
}
