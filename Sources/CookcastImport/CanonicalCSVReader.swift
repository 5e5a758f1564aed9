import CookcastCore
import CookcastIngest
import Foundation

/// cookcast's canonical CSV (`t_s,probe_c,ambient_c[,channel][,battery_pct]`, as in `data/cooks/` and
/// `cookcast export --format csv`): seconds since the first reading, Celsius, empty = no value; a
/// log in Fahrenheit names its columns `probe_f`/`ambient_f` (converted as `live --replay` does).
/// A channel whose rows only ever have `ambient_c` is the pit (role `ambient`), any other is meat;
/// each is named as `live` names it (`probe 3`, `probe 4 (pit)`, `ChannelInfo.probeName`).
/// No wall clock: the start is `--start`/the file's modification time.
public struct CanonicalCSVReader: SingleFileCookReader {
    public static let formatName = "csv"

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    /// A file whose first line (after blank and `#` lines) is a header naming `t_s` and a
    /// temperature column, in any order, case, quoting or spacing: the files `live --replay` and
    /// `predict` read by their header. Only `t_s,probe_c...` and `t_s,probe_f...` were recognised,
    /// so `t_s,ambient_c,probe_c` or a spreadsheet's `"t_s","probe_c"` was "unknown format".
    public static func sniff(_ file: ImportFile) -> Bool {
        let head = TextDecoding.prefix(file.bytes, maxBytes: 512)
        let first = TextDecoding.lines(of: head).first {
            let line = $0.trimmingCharacters(in: .whitespaces)
            return !line.isEmpty && !line.hasPrefix("#")
        }
        return first.map { ReplayLineParser.namesCanonicalColumns(Substring($0)) } ?? false
    }

    public func readFile(_ file: ImportFile) throws(ImportError) -> ImportResult {
        let fmt = Self.formatName
        // The same line parser as `live --replay`, so both read the canonical CSV identically
        // (t_s, probe_c, ambient_c, optional channel and battery_pct columns).
        let (replay, bad) = try ReplayFile.parsedForImport(file, as: .csv, formatName: fmt)
        let readings = replay.importReadings(decoder: SeedProbeDecoder())
        guard !readings.isEmpty else { throw .noReadings(file: file.path, format: fmt) }
        // A file of Unix times started at its first line's.
        let start = replay.unixOriginSeconds.map { Int64($0 * 1000) } ?? options.fallbackStartUnixMs([file])
        let channels = Self.channels(of: readings)
        let info = CookAssembly.info(
            format: fmt, files: [file], options: options, startedAtUnixMs: start,
            endedAtUnixMs: start + CookAssembly.ms(readings.last?.elapsedSeconds ?? 0), utcOffsetSeconds: nil,
            fileCut: options.cut(fromLabel: file.stem), fileTarget: nil, fileName: file.stem)
        return ImportResult(
            cooks: [RecordedCook(info: info, channels: channels, readings: readings)], badRows: [bad],
            notes: replay.notes)
    }

    /// The channels of `readings`: one whose rows only ever have `ambient_c` is a pit/oven/bath
    /// sensor (role `ambient`), as every importer stores one and `cookcast export` writes it; the
    /// others are meat. Without this a Combustion cook's ambient thermistor came back as meat.
    static func channels(of readings: [Reading]) -> [ChannelInfo] {
        var hasProbe = Set<Int>()
        var hasAmbient = Set<Int>()
        for reading in readings {
            if reading.probeCelsius != nil { hasProbe.insert(reading.channel) }
            if reading.ambientCelsius != nil { hasAmbient.insert(reading.channel) }
        }
        return Set(readings.map(\.channel)).sorted().map { channel in
            let role: ChannelRole = hasAmbient.contains(channel) && !hasProbe.contains(channel) ? .ambient : .meat
            return ChannelInfo(channel: channel, name: ChannelInfo.probeName(channel, role: role), role: role)
        }
    }

    /// The hash of `cook`'s readings without their battery levels, when it was read from a
    /// canonical CSV and has any (nil otherwise): `export --format csv` gives every row the level a
    /// thermometer reported apart from its readings (an iBBQ's, stored as `probe_status` events,
    /// `ThermometerBattery`), so the file's readings differ from the stored ones in that column
    /// alone, and the session it came from holds the hash of readings without it. A file of the
    /// same times and temperatures, to the bit, on every channel is that cook whatever its battery.
    static func batteryFreeHash(of cook: RecordedCook) -> String? {
        guard cook.info.source == "import:" + formatName, cook.readings.contains(where: { $0.batteryPercent != nil })
        else { return nil }
        var hash = ContentHash()
        for reading in cook.readings {
            var withoutBattery = reading
            withoutBattery.batteryPercent = nil
            hash.combine(withoutBattery)
        }
        return hash.readingsHash
    }
}
