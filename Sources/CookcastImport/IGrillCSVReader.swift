import CookcastCore

/// Weber iGrill v2 app export: one file per probe named `<device> - <probe label> - <yyyyMMdd>.csv`
/// (UTF-8 with BOM, CRLF), `Date & Time,Temperature`, day-first local times
/// `"02/01/2018, 07:10:12"`, whole degrees in the app's unit (Celsius unless `--input-unit f`,
/// converted as parsed), `--` = no reading.
///
/// Files with the same device and date stem are one cook. A probe labelled as the air
/// (`AirProbeName`: `Ambient`, `Pit`, `Grill`, ...) is the pit (role `.ambient`, `probe_c` nil); the others are meat, and their readings carry the
/// pit aligned as `ambient_c` (`AmbientAligner`). A pit's file alone is the pit alone, with a note.
/// Repeated timestamps keep the first value.
///
/// Probe insertion: a probe that starts out lying in the heating pit climbs to pit temperature,
/// then falls steeply when pushed into cold meat. `insertionIndex` finds that fall; time zero of
/// the session is the insertion of the first meat probe (as `data/cooks/igrill_pulled_pork.csv`),
/// marked by a `probe_inserted` event. The pre-insertion readings of that probe are not stored as
/// meat readings: they are kept as the series `pre_insertion_probe_c` (negative elapsed seconds),
/// and pit readings before time zero are not stored.
public struct IGrillCSVReader: CookFormatReader {
    public static let formatName = "igrill"
    /// Name of the series holding a meat probe's readings from before it was inserted, in Celsius.
    public static let preInsertionSeriesName = "pre_insertion_probe_c"
    /// A probe lying in the pit must have reached this temperature before the fall.
    public static let pitPhaseMinimumCelsius = 45.0
    /// The fall from the pit peak must be at least this deep.
    public static let insertionDropCelsius = 25.0
    /// Once a falling probe reads this or less it is in the (fridge-cold) meat.
    public static let insertedAtOrBelowCelsius = 20.0

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    public static func sniff(_ file: ImportFile) -> Bool {
        TextDecoding.prefix(file.bytes, maxBytes: 256).hasPrefix("Date & Time,Temperature")
    }

    /// (device, label, date) from `iGrill_V2 - Pulled Pork - 20180102`.
    static func nameParts(_ file: ImportFile) -> (device: String, label: String, date: String)? {
        let parts = file.stem.components(separatedBy: " - ")
        guard parts.count >= 3, let date = parts.last, date.count == 8, date.allSatisfy(\.isNumber) else { return nil }
        return (parts[0], parts[1..<(parts.count - 1)].joined(separator: " - "), date)
    }

    /// The names of the other probes' files of `file`'s cook: `iGrill_V2 - * - 20180102.csv`.
    static func siblingPattern(_ file: ImportFile) -> String {
        guard let parts = nameParts(file) else { return file.fileName }
        return "\(parts.device) - * - \(parts.date).csv"
    }

    public static func group(_ files: [ImportFile]) -> [[ImportFile]] {
        var order: [String] = []
        var groups: [String: [ImportFile]] = [:]
        for file in files {
            let key = nameParts(file).map { "\($0.device)|\($0.date)" } ?? "file:" + file.path
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(file)
        }
        return order.compactMap { groups[$0] }
    }

    /// Index of the reading at which a probe that started in the pit went into the meat, or nil
    /// when the probe was in the meat from the start.
    public static func insertionIndex(_ celsius: [Double]) -> Int? {
        guard celsius.count >= 8 else { return nil }
        let window = max(celsius.count / 4, 4)
        var peak = 0
        for i in 0..<window where celsius[i] > celsius[peak] { peak = i }
        guard celsius[peak] >= pitPhaseMinimumCelsius else { return nil }
        var low = peak
        for i in peak..<celsius.count {
            if celsius[i] < celsius[low] { low = i }
            if celsius[i] > celsius[low] + insertionDropCelsius { break }  // climbing again: fall is over
        }
        guard celsius[peak] - celsius[low] >= insertionDropCelsius else { return nil }
        for i in (peak + 1)...low where celsius[i] <= insertedAtOrBelowCelsius { return i }
        return low
    }

    private struct ProbeLog {
        var file: ImportFile
        var label: String
        var isPit: Bool
        var samples: [(utc: Double, celsius: Double)] = []
        var offsetAtFirst: Int? = nil
    }

    public func read(_ files: [ImportFile]) throws(ImportError) -> ImportResult {
        let fmt = Self.formatName
        var result = ImportResult()
        var logs: [ProbeLog] = []
        var noReading = 0, repeats = 0
        for file in files.sorted(by: { $0.fileName < $1.fileName }) {
            let label = Self.nameParts(file)?.label ?? file.stem
            var log = ProbeLog(file: file, label: label, isPit: AirProbeName.isAir(label))
            var bad = BadRows(file: file.path)
            let lines = TextDecoding.lines(file.bytes)
            guard let header = lines.first, header.hasPrefix("Date & Time,Temperature") else {
                throw .malformed(file: file.path, format: fmt, reason: "first line is not 'Date & Time,Temperature'")
            }
            var seen = Set<Double>()
            let clock = options.clock
            var lastUTC: Double? = nil
            for i in 1..<max(lines.count, 1) {
                if lines[i].trimmingCharacters(in: .whitespaces).isEmpty { continue }
                let f = CSVLine.fields(lines[i])
                guard f.count >= 2, let civil = CivilTime.parseDayFirst(f[0]) else {
                    bad.add(line: i + 1)
                    continue
                }
                if f[1] == "--" || f[1].isEmpty {
                    noReading += 1
                    continue
                }
                guard let value = Double(f[1]), value.isFinite else {
                    bad.add(line: i + 1)
                    continue
                }
                let (utc, offset) = clock.utc(fromLocalSeconds: civil.secondsAsIfUTC, previousUTCSeconds: lastUTC)
                lastUTC = utc
                guard seen.insert(utc).inserted else {
                    repeats += 1
                    continue
                }
                if log.offsetAtFirst == nil { log.offsetAtFirst = offset }
                log.samples.append((utc, options.celsius(fromFileValue: value)))
            }
            log.samples.sort { $0.utc < $1.utc }
            if bad.count > 0 { result.badRows.append(bad) }
            logs.append(log)
        }
        let meat = logs.filter { !$0.isPit && !$0.samples.isEmpty }
        // All pit and no meat (the Ambient file imported without its meat probe's): the pit
        // alone, as it is. It was taken for meat: a "probe" at 139 C, an insertion "detected"
        // and a hint that the file was in Fahrenheit.
        let pitOnly = meat.isEmpty
        guard let lead = meat.first ?? logs.first(where: { !$0.samples.isEmpty }) else {
            throw .noReadings(file: files.first?.path ?? "", format: fmt)
        }
        if noReading > 0 { result.notes.append("iGrill: \(noReading) '--' (no reading) rows dropped") }
        if repeats > 0 { result.notes.append("iGrill: \(repeats) repeated timestamps dropped (first kept)") }
        if pitOnly {
            result.notes.append(
                "iGrill: \(lead.label) is the pit's probe and no meat probe's file came with it: imported as the pit alone "
                    + "(import it together with the meat's file, e.g. '\(Self.siblingPattern(lead.file))', for the cook)"
            )
        }

        let inserted = pitOnly ? nil : Self.insertionIndex(lead.samples.map(\.celsius))
        let t0 = lead.samples[inserted ?? 0].utc
        let pitSamples = logs.filter(\.isPit).flatMap(\.samples)
        let aligner = AmbientAligner(pitSamples.map { ($0.utc, $0.celsius) })

        var channels: [ChannelInfo] = []
        var readings: [Reading] = []
        var series: [NamedSeries] = []
        var events: [SessionEvent] = []
        var channel = 0
        var end = t0
        for log in logs where !log.isPit {
            channel += 1
            channels.append(ChannelInfo(channel: channel, name: log.label, role: .meat))
            var pre: [NamedSeries.Point] = []
            for s in log.samples {
                let t = s.utc - t0
                if t < 0 {
                    pre.append(.init(elapsedSeconds: t, value: s.celsius))
                    continue
                }
                end = max(end, s.utc)
                readings.append(
                    Reading(
                        channel: channel, elapsedSeconds: t, probeCelsius: s.celsius,
                        ambientCelsius: aligner.ambient(at: s.utc)))
            }
            if !pre.isEmpty {
                series.append(NamedSeries(name: Self.preInsertionSeriesName, channel: channel, points: pre))
            }
            if channel == 1, let inserted {
                let peak = lead.samples[..<inserted].map(\.celsius).max() ?? 0
                events.append(
                    SessionEvent(
                        elapsedSeconds: 0, kind: .probeInserted, channel: 1,
                        detail: "detected: probe fell from \(Int(peak.rounded())) C (lying in the pit) to "
                            + "\(Int(lead.samples[inserted].celsius.rounded())) C; \(inserted) earlier readings kept as \(Self.preInsertionSeriesName)"
                    ))
                result.notes.append(
                    "\(log.label): probe insertion detected \(Int((t0 - lead.samples[0].utc).rounded())) s after the first reading"
                )
            }
        }
        for log in logs where log.isPit {
            channel += 1
            channels.append(ChannelInfo(channel: channel, name: log.label, role: .ambient))
            for s in log.samples where s.utc >= t0 {
                end = max(end, s.utc)
                readings.append(
                    Reading(channel: channel, elapsedSeconds: s.utc - t0, probeCelsius: nil, ambientCelsius: s.celsius))
            }
        }
        readings.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        let info = CookAssembly.info(
            format: fmt, files: files, options: options, startedAtUnixMs: CookAssembly.ms(t0),
            endedAtUnixMs: CookAssembly.ms(end), utcOffsetSeconds: lead.offsetAtFirst,
            fileCut: meat.lazy.compactMap { options.cut(fromLabel: $0.label) }.first, fileTarget: nil,
            fileName: lead.label)
        result.cooks.append(
            RecordedCook(info: info, channels: channels, readings: readings, events: events, series: series))
        return result
    }
}
