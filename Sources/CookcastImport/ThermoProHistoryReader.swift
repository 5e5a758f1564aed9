import CookcastCore

/// ThermoPro-style app history export: `history_probe_<N>_<yyyyMMddHHmmss>.csv`, UTF-16 with BOM,
/// tab separated, `Time\tTemperature\tUnit`, local wall-clock times like
/// `2021-11-13 02:23:30 AM`, unit `F` or `C`; one file per probe.
///
/// Files of one cook (export stamps within `groupWindowSeconds` of each other, distinct probe
/// numbers) become one session; probe N is channel N. Sentinels are dropped, never stored:
/// 32.0 F / 0.0 C = no reading, >= 600 F / 315 C = probe error (the app writes ~670 F).
///
/// A probe whose median sits `pitMarginCelsius` or more above every other probe's is the pit
/// (`--pit-probe N` names it instead). Storage of the pit, as in `data/cooks/tempfit_*.csv`:
/// the pit is its own channel (role `.ambient`, rows with `probe_c` nil and the pit value in
/// `ambient_c`), and every meat reading also carries the pit value aligned by `AmbientAligner`
/// (first pit sample at or after it) as `ambient_c`, so one channel's rows are a complete cook.
/// Time zero is the earliest meat reading; pit rows before it are not stored.
public struct ThermoProHistoryReader: CookFormatReader {
    public static let formatName = "thermopro"
    /// Export stamps of one cook's files lie within this many seconds of each other.
    public static let groupWindowSeconds = 600.0
    /// How far (Celsius) a probe's median must sit above all others to be taken for the pit.
    public static let pitMarginCelsius = 25.0

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    public static func sniff(_ file: ImportFile) -> Bool {
        let head = TextDecoding.prefix(file.bytes, maxBytes: 256)
        return head.hasPrefix("Time\tTemperature")
    }

    /// Probe number and export stamp from `history_probe_<N>_<yyyyMMddHHmmss>`.
    static func nameParts(_ file: ImportFile) -> (probe: Int, stamp: CivilTime)? {
        let parts = file.stem.split(separator: "_")
        guard parts.count == 4, parts[0] == "history", parts[1] == "probe", let probe = Int(parts[2]),
            parts[3].count == 14, parts[3].allSatisfy(\.isNumber)
        else { return nil }
        let s = Array(parts[3])
        func n(_ a: Int, _ b: Int) -> Int { Int(String(s[a..<b])) ?? 0 }
        let c = CivilTime(
            year: n(0, 4), month: n(4, 6), day: n(6, 8), hour: n(8, 10), minute: n(10, 12), second: Double(n(12, 14)))
        return c.isValid ? (probe, c) : nil
    }

    public static func group(_ files: [ImportFile]) -> [[ImportFile]] {
        var named: [(file: ImportFile, probe: Int, stamp: Double)] = []
        var groups: [[ImportFile]] = []
        for file in files {
            if let p = nameParts(file) {
                named.append((file, p.probe, p.stamp.secondsAsIfUTC))
            } else {
                groups.append([file])
            }
        }
        named.sort { ($0.stamp, $0.probe) < ($1.stamp, $1.probe) }
        var current: [(file: ImportFile, probe: Int, stamp: Double)] = []
        for entry in named {
            if let first = current.first, entry.stamp - first.stamp <= groupWindowSeconds,
                !current.contains(where: { $0.probe == entry.probe })
            {
                current.append(entry)
            } else {
                if !current.isEmpty { groups.append(current.map(\.file)) }
                current = [entry]
            }
        }
        if !current.isEmpty { groups.append(current.map(\.file)) }
        return groups
    }

    private struct ProbeLog {
        var file: ImportFile
        var probe: Int
        var samples: [(utc: Double, celsius: Double)] = []
        var offsetAtFirst: Int? = nil
    }

    public func read(_ files: [ImportFile]) throws(ImportError) -> ImportResult {
        let fmt = Self.formatName
        var logs: [ProbeLog] = []
        var result = ImportResult()
        var sentinels = 0, duplicates = 0
        for (index, file) in files.enumerated() {
            let probe = Self.nameParts(file)?.probe ?? (index + 1)
            var log = ProbeLog(file: file, probe: probe)
            var bad = BadRows(file: file.path)
            let lines = TextDecoding.lines(file.bytes)
            guard let header = lines.first, header.hasPrefix("Time\tTemperature") else {
                throw .malformed(
                    file: file.path, format: fmt, reason: "first line is not 'Time<TAB>Temperature<TAB>Unit'")
            }
            var lastUTC = -Double.infinity
            let clock = options.clock
            for i in 1..<max(lines.count, 1) {
                let line = lines[i]
                if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                let f = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard f.count >= 2, let civil = CivilTime.parseISOLike(f[0]), let value = Double(f[1]), value.isFinite
                else {
                    bad.add(line: i + 1)
                    continue
                }
                let unit = f.count >= 3 ? f[2].uppercased() : "F"
                guard unit == "F" || unit == "C" else {
                    bad.add(line: i + 1)
                    continue
                }
                let isF = unit == "F"
                if (isF && (value == 32.0 || value >= 600)) || (!isF && (value == 0.0 || value >= 315)) {
                    sentinels += 1
                    continue
                }
                let celsius = isF ? TemperatureUnit.fahrenheit.celsius(from: value) : value
                let (utc, offset) = clock.utc(fromLocalSeconds: civil.secondsAsIfUTC, previousUTCSeconds: lastUTC)
                if utc == lastUTC {
                    duplicates += 1
                    continue
                }
                lastUTC = utc
                if log.offsetAtFirst == nil { log.offsetAtFirst = offset }
                log.samples.append((utc, celsius))
            }
            log.samples.sort { $0.utc < $1.utc }
            if bad.count > 0 { result.badRows.append(bad) }
            logs.append(log)
        }
        logs.sort { $0.probe < $1.probe }
        guard logs.contains(where: { !$0.samples.isEmpty }) else {
            throw .noReadings(file: files.first?.path ?? "", format: fmt)
        }
        if sentinels > 0 {
            result.notes.append(
                "\(files.count) ThermoPro file(s): \(sentinels) sentinel values (no reading / probe error) dropped")
        }
        if duplicates > 0 { result.notes.append("ThermoPro: \(duplicates) repeated timestamps dropped") }

        let pit = pitProbe(logs)
        if let pit, options.pitProbe == nil {
            result.notes.append(
                "probe \(pit) reads far above the others: stored as the pit (ambient); override with --pit-probe")
        }
        let pitAligner = AmbientAligner(logs.first { $0.probe == pit }?.samples.map { ($0.utc, $0.celsius) } ?? [])
        let meatLogs = logs.filter { $0.probe != pit && !$0.samples.isEmpty }
        let startLog =
            meatLogs.min { ($0.samples.first?.utc ?? .infinity) < ($1.samples.first?.utc ?? .infinity) }
            ?? logs.first { !$0.samples.isEmpty }
        guard let startLog, let t0 = startLog.samples.first?.utc else {
            throw .noReadings(file: files.first?.path ?? "", format: fmt)
        }

        var readings: [Reading] = []
        var channels: [ChannelInfo] = []
        var droppedPit = 0
        var end = t0
        for log in logs {
            let isPit = log.probe == pit
            channels.append(
                ChannelInfo(
                    channel: log.probe, name: "probe \(log.probe)\(isPit ? " (pit)" : "")",
                    role: isPit ? .ambient : .meat))
            for s in log.samples {
                let t = CookAssembly.roundedSeconds(s.utc - t0)
                if t < 0 {
                    droppedPit += 1
                    continue
                }
                end = max(end, s.utc)
                if isPit {
                    readings.append(
                        Reading(channel: log.probe, elapsedSeconds: t, probeCelsius: nil, ambientCelsius: s.celsius))
                } else {
                    readings.append(
                        Reading(
                            channel: log.probe, elapsedSeconds: t, probeCelsius: s.celsius,
                            ambientCelsius: pitAligner.ambient(at: s.utc)))
                }
            }
        }
        if droppedPit > 0 {
            result.notes.append("ThermoPro: \(droppedPit) readings before the first meat reading not stored")
        }
        readings.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        let info = CookAssembly.info(
            format: fmt, files: files, options: options, startedAtUnixMs: CookAssembly.ms(t0),
            endedAtUnixMs: CookAssembly.ms(end), utcOffsetSeconds: startLog.offsetAtFirst, fileCut: nil,
            fileTarget: nil,
            fileName: nil, notes: ["ThermoPro history: " + files.map(\.fileName).sorted().joined(separator: ", ")])
        result.cooks.append(RecordedCook(info: info, channels: channels, readings: readings))
        return result
    }

    /// The pit probe: the one the user named, else one whose median is far above all others.
    private func pitProbe(_ logs: [ProbeLog]) -> Int? {
        if let named = options.pitProbe { return logs.contains { $0.probe == named } ? named : nil }
        let medians = logs.compactMap { log -> (probe: Int, median: Double)? in
            guard !log.samples.isEmpty else { return nil }
            let sorted = log.samples.map(\.celsius).sorted()
            return (log.probe, sorted[sorted.count / 2])
        }.sorted { $0.median > $1.median }
        guard medians.count >= 2, medians[0].median - medians[1].median >= Self.pitMarginCelsius else { return nil }
        return medians[0].probe
    }
}
