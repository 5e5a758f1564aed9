import CookcastCore
import CookcastIngest

/// A hex packet log (`t_s HEX [chN]`, what `live --replay` and `--stdin` read): each packet
/// decoded by `ImportOptions.packetDecoder` (a probe profile's, `--profile ibbq [--pit-probe N]`;
/// the seed probe's by default), every reading of a packet on its own channel, as `live` stores
/// them. The channels are named as `live` names them (`probe 3`, `probe 4 (pit)` for one that
/// reads only the air). A status packet (an iBBQ's battery reply on `ch0`) is a `probe_status`
/// event when it changes, as `live` stores it. Lines that do not parse are bad rows; a packet that
/// does not decode gives no reading (as `predict` leaves it out): it is a `decode_error` event with
/// `live`'s detail (reason, length, bytes) and counted in a note. No wall clock: the start is the
/// file's modification time, as for the canonical CSV.
public struct HexLogReader: SingleFileCookReader {
    public static let formatName = "hexlog"

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    /// Never detected: a log's packets mean nothing without the probe that sent them.
    public static func sniff(_ file: ImportFile) -> Bool { false }

    public func readFile(_ file: ImportFile) throws(ImportError) -> ImportResult {
        let fmt = Self.formatName
        let (replay, bad) = try ReplayFile.parsedForImport(file, as: .hexLog, formatName: fmt)
        let decoder = options.packetDecoder ?? SeedProbeDecoder()
        var readings: [Reading] = []
        var events: [SessionEvent] = []
        var lastStatusBytes: [UInt8]? = nil
        var failures: [(seconds: Double, error: DecodeError)] = []
        for case .packet(let bytes, let t, let channel) in replay.events {
            switch decoder.decode(bytes, elapsedSeconds: t, channel: channel) {
            case .failure(let error):
                // As `live` stores it (`LivePipeline`), so an import of the log holds what its replay does.
                failures.append((t, error))
                events.append(SessionEvent(elapsedSeconds: t, kind: .decodeError, detail: error.description))
            case .status(let status):
                // As `live` stores it (`LivePipeline`: when it changes), so an import of the log
                // holds what its replay does: an iBBQ's battery reply, which `show` and `export` read.
                guard status.bytes != lastStatusBytes else { continue }
                lastStatusBytes = status.bytes
                events.append(
                    SessionEvent(elapsedSeconds: t, kind: .probeStatus, channel: channel, detail: status.eventDetail))
            case let packet: readings += packet.readings
            }
        }
        var notes = replay.notes
        if let first = failures.first {
            notes.append(
                "\(file.fileName): \(Counted.words(failures.count, "packet")) left out, not decodable "
                    + "(the first at \(TemperatureUnit.fixed(first.seconds, decimals: 1)) s: \(first.error))")
        }
        guard !readings.isEmpty else { throw .noReadings(file: file.path, format: fmt) }
        readings.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        let start = replay.unixOriginSeconds.map { Int64($0 * 1000) } ?? options.fallbackStartUnixMs([file])
        let channels = CanonicalCSVReader.channels(of: readings)
        let info = CookAssembly.info(
            format: fmt, files: [file], options: options, startedAtUnixMs: start,
            endedAtUnixMs: start + CookAssembly.ms(readings.last?.elapsedSeconds ?? 0), utcOffsetSeconds: nil,
            fileCut: options.cut(fromLabel: file.stem), fileTarget: nil, fileName: file.stem,
            probeId: options.packetProbeId)
        return ImportResult(
            cooks: [RecordedCook(info: info, channels: channels, readings: readings, events: events)], badRows: [bad],
            notes: notes)
    }
}
