import CookcastCore

/// cookcast's canonical CSV (`t_s,probe_c,ambient_c[,channel]`, as in `data/cooks/` and
/// `cookcast export --format csv`): seconds since the first reading, Celsius, empty = no value.
/// No wall clock: the start is `--start`/the file's modification time.
public struct CanonicalCSVReader: CookFormatReader {
    public static let formatName = "csv"

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    public static func sniff(_ file: ImportFile) -> Bool {
        let head = TextDecoding.prefix(file.bytes, maxBytes: 256)
        return head.hasPrefix("t_s,probe_c")
    }

    public func read(_ files: [ImportFile]) throws(ImportError) -> ImportResult {
        var result = ImportResult()
        for file in files { result.merge(try readFile(file)) }
        return result
    }

    private func readFile(_ file: ImportFile) throws(ImportError) -> ImportResult {
        let fmt = Self.formatName
        let lines = TextDecoding.lines(file.bytes)
        guard let headerLine = lines.first else { throw .noReadings(file: file.path, format: fmt) }
        let header = CSVLine.fields(headerLine)
        guard let cT = header.firstIndex(of: "t_s"), let cP = header.firstIndex(of: "probe_c") else {
            throw .malformed(file: file.path, format: fmt, reason: "header must start with t_s,probe_c")
        }
        let cA = header.firstIndex(of: "ambient_c")
        let cC = header.firstIndex(of: "channel")
        var bad = BadRows(file: file.path)
        var readings: [Reading] = []
        for i in 1..<max(lines.count, 1) {
            if lines[i].trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let f = CSVLine.fields(lines[i])
            func opt(_ c: Int?) -> Double?? {
                guard let c else { return .some(nil) }
                if c >= f.count || f[c].isEmpty { return .some(nil) }
                guard let v = Double(f[c]), v.isFinite else { return nil }
                return .some(v)
            }
            let channel = cC.flatMap { $0 < f.count ? Int(f[$0]) : nil } ?? 1
            guard cT < f.count, let t = Double(f[cT]), t.isFinite, let p = opt(cP), let a = opt(cA), p != nil || a != nil,
                channel >= 1
            else {
                bad.add(line: i + 1)
                continue
            }
            readings.append(Reading(channel: channel, elapsedSeconds: t, probeCelsius: p, ambientCelsius: a))
        }
        guard !readings.isEmpty else { throw .noReadings(file: file.path, format: fmt) }
        readings.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        let start = options.fallbackStartUnixMs([file])
        let channels = Set(readings.map(\.channel)).sorted().map { ChannelInfo(channel: $0) }
        let info = CookAssembly.info(
            format: fmt, files: [file], options: options, startedAtUnixMs: start,
            endedAtUnixMs: start + CookAssembly.ms(readings.last?.elapsedSeconds ?? 0), utcOffsetSeconds: nil,
            fileCut: options.cut(fromLabel: file.stem), fileTarget: nil, fileName: file.stem)
        return ImportResult(cooks: [RecordedCook(info: info, channels: channels, readings: readings)], badRows: [bad])
    }
}
