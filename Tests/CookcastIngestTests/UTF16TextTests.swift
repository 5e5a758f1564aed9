import Testing

@testable import CookcastIngest

/// `UTF16Text` decodes as the standard library does, both byte orders, repairs included.
@Suite struct UTF16TextTests {
    static func bytes(_ units: [UInt16], littleEndian: Bool, oddByte: Bool = false) -> [UInt8] {
        var out: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for u in units {
            let low = UInt8(u & 0xFF), high = UInt8(u >> 8)
            out += littleEndian ? [low, high] : [high, low]
        }
        return oddByte ? out + [0x41] : out
    }

    @Test(arguments: [true, false])
    func decodesAsTheStandardLibraryDoes(littleEndian: Bool) {
        let cases: [[UInt16]] = [
            Array("t_s,probe_c\r\n0,5.5\n".utf16), Array("é ° 😀 ü".utf16), [0x41, 0xD800], [0xD800, 0x41], [0xDC00],
            [0xD800, 0xD800, 0xDC00], [0xFEFF, 0x41], [],
        ]
        for units in cases {
            let expected = String(decoding: units, as: UTF16.self)
            #expect(UTF16Text.decoded(Self.bytes(units, littleEndian: littleEndian)) == expected, "\(units)")
            #expect(UTF16Text.decoded(Self.bytes(units, littleEndian: littleEndian, oddByte: true)) == expected)
        }
    }

    @Test func withoutAByteOrderMarkItIsNotUTF16() {
        #expect(UTF16Text.decoded(Array("t_s,probe_c\n".utf8)) == nil)
        #expect(UTF16Text.decoded([0xFF]) == nil)
        #expect(!UTF16Text.hasByteOrderMark([UInt8]()))
    }
}
