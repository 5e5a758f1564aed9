import CookcastCore

/// FNV-1a 64-bit hash of an imported cook: cheap, stable across platforms, good enough to notice
/// that the same cook is imported twice (not a security hash).
public struct ContentHash: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A fresh hash.
    public init() {}

    /// Adds bytes.
    public mutating func combine(_ bytes: [UInt8]) {
        var h = state
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        state = h
    }

    /// Adds the UTF-8 bytes of a string.
    public mutating func combine(_ text: String) { combine(Array(text.utf8)) }

    /// 16 lower-case hex digits.
    public var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Adds the bits of an integer (little-endian).
    public mutating func combine(_ value: UInt64) {
        combine((0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) })
    }

    /// Hash of a cook's parsed readings (channel, millisecond, probe, ambient and battery values),
    /// prefixed `readings:fnv1a64:`: the same cook re-exported with other bytes (a trailing newline,
    /// `20.00` for `20.0`, other line ends) hashes the same, so it is recognised on import.
    public static func of(readings: [Reading]) -> String {
        var hash = ContentHash()
        for r in readings { hash.combine(r) }
        return hash.readingsHash
    }

    /// Adds one reading as `of(readings:)` does (its channel, millisecond and values), for a
    /// cook hashed as it is read in chunks.
    public mutating func combine(_ r: Reading) {
        combine(UInt64(bitPattern: Int64(r.channel)))
        combine(UInt64(bitPattern: SessionClock.milliseconds(seconds: r.elapsedSeconds)))
        for value in [r.probeCelsius, r.ambientCelsius, r.batteryPercent] {
            // A value and its absence must differ; 0.0 and -0.0 are the same reading.
            combine(value.map { ($0 == 0 ? 0.0 : $0).bitPattern } ?? 0x7FF8_DEAD_0000_0001)
        }
    }

    /// The hash of the readings combined (`combine(_:)`), as `of(readings:)` gives it.
    public var readingsHash: String { "readings:fnv1a64:" + hex }

    /// `of(readings:)` over the readings in time order (channel within a millisecond): the same
    /// for a file and for the store, whatever order each lists them in.
    public static func ofInTimeOrder(readings: [Reading]) -> String {
        func key(_ r: Reading) -> (Int64, Int) { (SessionClock.milliseconds(seconds: r.elapsedSeconds), r.channel) }
        return of(readings: readings.sorted { key($0) < key($1) })
    }

    /// Hash of several files in a stable order (sorted by file name, then path), each followed by
    /// a separator so that moving bytes between files changes the hash; prefixed `fnv1a64:`.
    public static func of(_ files: [ImportFile], suffix: String? = nil) -> String {
        var hash = ContentHash()
        for file in files.sorted(by: { ($0.fileName, $0.path) < ($1.fileName, $1.path) }) {
            hash.combine(file.bytes)
            hash.combine([0])
        }
        let base = "fnv1a64:" + hash.hex
        return suffix.map { base + "/" + $0 } ?? base
    }
}
