/// Decoder for the Inkbird iBBQ family (IBT-2X, IBT-4XS, IBT-6XS and their rebrands); see
/// protocols.md and the `ibbq` profile in `Models/probes.json`.
///
/// - Realtime data (characteristic `FFF4`): one 16-bit little-endian word per probe socket, in
///   tenths of a degree Celsius; `0xFFF6` = no probe plugged in. Socket k (0-based) becomes a
///   reading of channel k + 1, probe temperature only: an iBBQ probe has no air sensor. It comes
///   on channel `firstSocketChannel`; on any other (a hex log's `ch7`) it is a decode error: its
///   sockets counted from there were stored as probes 7 to 10, the pit probe among them as meat.
///   Words are read as **signed** (two's complement), as for the seed probe, so a probe in a
///   freezer reads below 0 C; `0xFFF6` itself would be -1.0 C and stays "unplugged", and
///   `0xFFFF` and anything outside -40...400 C are "no value" too.
/// - Setting results (characteristic `FFF1`, passed as channel `ProbeProfile.settingsChannel`):
///   a battery reply `24 cc cc mm mm` (current and maximum voltage words, LE) becomes a status
///   with `batteryPercent` = 100 * current / maximum (a maximum of 0 counts as 6550); any other
///   reply is a status without a battery.
///
/// A notification with every socket empty is a status (the thermometer is on, nothing plugged
/// in), not a decode error: it arrives every second until a probe is plugged in.
public struct IBBQDecoder: ProbeDecoder {
    /// The word an empty probe socket reports.
    public static let unpluggedWord: UInt16 = 0xFFF6
    /// Valid temperature range in degrees Celsius; values outside are "no value".
    public static let validCelsius = SignedTenths.validCelsius
    /// Most probe sockets a realtime notification may describe (the IBT-6XS has 6; some
    /// rebrands 8).
    public static let maxSockets = 8
    /// First byte of a battery reply on the settings characteristic.
    public static let batteryReplyHeader: UInt8 = 0x24
    /// Maximum voltage word assumed when a battery reply gives 0.
    public static let defaultMaxVoltageWord: UInt16 = 6550
    /// The channel realtime data comes on (the data characteristic's), and socket 1's number.
    public static let firstSocketChannel = 1

    /// Creates the decoder (stateless).
    public init() {}

    public func decode(_ bytes: [UInt8], elapsedSeconds: Double, channel: Int) -> DecodedPacket {
        guard !bytes.isEmpty else { return .failure(DecodeError(.empty, bytes: bytes)) }
        if channel == ProbeProfile.settingsChannel { return settingResult(bytes) }
        guard channel == Self.firstSocketChannel else {
            return .failure(DecodeError(.unexpectedChannel, bytes: bytes))
        }
        guard bytes.count.isMultiple(of: 2), bytes.count <= 2 * Self.maxSockets else {
            return .failure(DecodeError(.unexpectedLength, bytes: bytes))
        }
        var cursor = ByteCursor(bytes)
        var readings: [Reading] = []
        var socket = 0
        while let word = cursor.readUInt16LE() {
            if let celsius = Self.celsius(fromWord: word) {
                readings.append(
                    Reading(
                        channel: Self.firstSocketChannel + socket, elapsedSeconds: elapsedSeconds,
                        probeCelsius: celsius, ambientCelsius: nil))
            }
            socket += 1
        }
        guard !readings.isEmpty else { return .status(ProbeStatus(bytes: bytes, rawWord: nil)) }
        return .readings(readings)
    }

    /// A reply on the settings characteristic: a battery level, or a status without one.
    private func settingResult(_ bytes: [UInt8]) -> DecodedPacket {
        var cursor = ByteCursor(bytes)
        guard cursor.readUInt8() == Self.batteryReplyHeader, let current = cursor.readUInt16LE(),
            let maximum = cursor.readUInt16LE()
        else { return .status(ProbeStatus(bytes: bytes, rawWord: nil)) }
        let full = maximum == 0 ? Self.defaultMaxVoltageWord : maximum
        let percent = min(max(100.0 * Double(current) / Double(full), 0), 100)
        return .status(ProbeStatus(bytes: bytes, rawWord: current, batteryPercent: percent))
    }

    /// Celsius from a word in signed tenths, or nil for an empty socket and out-of-range values.
    static func celsius(fromWord word: UInt16) -> Double? {
        word == unpluggedWord ? nil : SignedTenths.celsius(fromWord: word)
    }

    /// Encodes a realtime notification as the thermometer sends it (the simulator, tests and the
    /// fake BlueZ use it): one word per socket, nil for an empty one.
    ///
    /// - Parameter celsius: each socket's temperature, rounded to 0.1 C and clamped to
    ///   `validCelsius`; nil (or not finite) encodes `0xFFF6`.
    public static func encodeRealtime(celsius: [Double?]) -> [UInt8] {
        celsius.flatMap { SignedTenths.bytes(celsius: $0, missing: [0xF6, 0xFF]) }
    }
}
