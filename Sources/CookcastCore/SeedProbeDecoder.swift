/// Decoder for the seed probe (see protocols.md and the original write-up).
///
/// Two notifications alternate, roughly every 0.5 s:
/// - 8 bytes, status: `00 01 B7 0D 01 FF FF FF`; bytes 2-3 LE = 3511 (battery mV, unconfirmed).
/// - 9 bytes, reading: `[0..3]` unexplained (kept raw), `[4..5]` probe and `[6..7]` ambient,
///   signed 16-bit LE tenths of a degree Celsius, `[8]` battery 0-255 scaled to percent.
///
/// `0xFFFF` and values outside -40...400 C mean "no value" for that channel.
public struct SeedProbeDecoder: ProbeDecoder {
    /// Length of a status notification in bytes.
    public static let statusLength = 8
    /// Length of a reading notification in bytes.
    public static let readingLength = 9
    /// Valid temperature range in degrees Celsius; values outside are "no value".
    public static let validCelsius = SignedTenths.validCelsius

    /// Creates the decoder (stateless).
    public init() {}

    public func decode(_ bytes: [UInt8], elapsedSeconds: Double, channel: Int) -> DecodedPacket {
        // The seed probe has no settings characteristic: a `ch0` line of a hex log is no probe 0.
        guard channel != ProbeProfile.settingsChannel || bytes.isEmpty else {
            return .failure(DecodeError(.noSettingsChannel, bytes: bytes))
        }
        switch bytes.count {
        case 0:
            return .failure(DecodeError(.empty, bytes: bytes))
        case Self.statusLength:
            var cursor = ByteCursor(bytes)
            cursor.skip(2)
            return .status(ProbeStatus(bytes: bytes, rawWord: cursor.readUInt16LE()))
        case Self.readingLength:
            // Every captured reading starts 00 00 00 64; nine zero bytes are a notification the
            // probe had not filled (0.0 C twice and a flat battery, which sounded `battery_low`).
            guard bytes.contains(where: { $0 != 0 }) else { return .failure(DecodeError(.allZero, bytes: bytes)) }
            var cursor = ByteCursor(bytes)
            guard cursor.skip(4), let probeWord = cursor.readUInt16LE(), let ambientWord = cursor.readUInt16LE(),
                let batteryRaw = cursor.readUInt8()
            else { return .failure(DecodeError(.unexpectedLength, bytes: bytes)) }
            let probe = SignedTenths.celsius(fromWord: probeWord)
            let ambient = SignedTenths.celsius(fromWord: ambientWord)
            guard probe != nil || ambient != nil else {
                return .failure(DecodeError(.noValidChannel, bytes: bytes))
            }
            let battery = (Double(batteryRaw) / 255.0 * 100.0)
            return .reading(
                Reading(
                    channel: channel, elapsedSeconds: elapsedSeconds, probeCelsius: probe,
                    ambientCelsius: ambient, batteryPercent: battery))
        default:
            return .failure(DecodeError(.unexpectedLength, bytes: bytes))
        }
    }

    /// Encodes a reading packet as the probe would send it (used by the simulator and tests).
    ///
    /// - Parameters:
    ///   - probeCelsius: probe temperature, rounded to 0.1 C; nil encodes `0xFFFF`.
    ///   - ambientCelsius: ambient temperature, rounded to 0.1 C; nil encodes `0xFFFF`.
    ///   - batteryPercent: 0...100, encoded as 0...255.
    ///   - header: the four unexplained leading bytes.
    public static func encodeReading(
        probeCelsius: Double?, ambientCelsius: Double?, batteryPercent: Double,
        header: [UInt8] = [0x00, 0x00, 0x00, 0x64]
    ) -> [UInt8] {
        func tenths(_ c: Double?) -> [UInt8] { SignedTenths.bytes(celsius: c, missing: [0xFF, 0xFF]) }
        let battery = UInt8(min(max((batteryPercent / 100.0 * 255.0).rounded(), 0), 255))
        return Array(header.prefix(4)) + tenths(probeCelsius) + tenths(ambientCelsius) + [battery]
    }

    /// The status packet of the original captures.
    public static let capturedStatus: [UInt8] = [0x00, 0x01, 0xB7, 0x0D, 0x01, 0xFF, 0xFF, 0xFF]
}
