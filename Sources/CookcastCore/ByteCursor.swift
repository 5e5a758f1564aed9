/// Reads little-endian integers from a byte buffer, returning `nil` when bytes run out.
///
/// Decoders read through a cursor so a short or malformed packet can never crash them.
public struct ByteCursor: Sendable {
    private let bytes: [UInt8]
    /// Index of the next byte to read.
    public private(set) var offset: Int

    /// A cursor at the start of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.offset = 0
    }

    /// Number of bytes not yet read.
    public var remaining: Int { bytes.count - offset }

    /// Reads one byte, or nil at the end.
    public mutating func readUInt8() -> UInt8? {
        guard remaining >= 1 else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads an unsigned 16-bit little-endian integer, or nil if fewer than 2 bytes remain.
    public mutating func readUInt16LE() -> UInt16? {
        guard remaining >= 2 else { return nil }
        defer { offset += 2 }
        return UInt16(bytes[offset]) | (UInt16(bytes[offset + 1]) << 8)
    }

    /// Skips `count` bytes; returns false (and does not move) if fewer remain.
    @discardableResult
    public mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, remaining >= count else { return false }
        offset += count
        return true
    }
}
