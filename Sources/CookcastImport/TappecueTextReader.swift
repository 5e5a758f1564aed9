import CookcastCore

/// Tappecue log as text/CSV: header `,ElapsedTime,<probe>,...` (e.g. `,ElapsedTime,TBone,Bath`),
/// rows `<index>,<elapsed minutes>,<value>,...` in the app's unit (Celsius unless
/// `--input-unit f`, converted as parsed). The probe columns are read by name
/// (`TappecueColumns`), never by position: one named as the air (`Bath`, `Pit`, `Ambient`, ...)
/// is every meat reading's `ambient_c`, the others are meat probes, channels 1, 2, ... in column
/// order. A log with only the air's column is the air alone (an ambient channel), with a note.
///
/// The device logs several rows per minute with whole-minute elapsed times; the first row of
/// each minute is kept (as `data/cooks/sousvide_*.csv`), later rows of the same minute are counted
/// as repeats. The first meat column's name is the session name; an air column named `Bath` means
/// a water bath (cut `sous_vide`), otherwise the first meat's name may name the cut. No wall clock: the
/// start is `--start`/the file's modification time.
public struct TappecueTextReader: SingleFileCookReader {
    public static let formatName = "tappecue"

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    public static func sniff(_ file: ImportFile) -> Bool {
        let head = TextDecoding.prefix(file.bytes, maxBytes: 512)
        guard let first = TextDecoding.lines(of: head).first else { return false }
        let f = CSVLine.fields(first)
        return f.count >= 3 && f.contains("ElapsedTime")
    }

    public func readFile(_ file: ImportFile) throws(ImportError) -> ImportResult {
        let fmt = Self.formatName
        let lines = TextDecoding.lines(file.bytes)
        guard let headerLine = lines.first else { throw .noReadings(file: file.path, format: fmt) }
        guard let columns = TappecueColumns(header: CSVLine.fields(headerLine)) else {
            throw .malformed(file: file.path, format: fmt, reason: "no ElapsedTime column followed by a probe's column")
        }
        let cT = columns.elapsed
        let meat = columns.meat
        var bad = BadRows(file: file.path)
        var readings: [Reading] = []
        var seenMinutes = Set<Double>()
        var repeats = 0
        for i in 1..<max(lines.count, 1) {
            if lines[i].trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let f = CSVLine.fields(lines[i])
            guard f.count > cT + 1, let minutes = Double(f[cT]), minutes.isFinite, minutes >= 0 else {
                bad.add(line: i + 1)
                continue
            }
            let amb = columns.air.flatMap { value(f, $0.column) }
            let probes = meat.map { value(f, $0.column) }
            guard amb != nil || probes.contains(where: { $0 != nil }) else {
                bad.add(line: i + 1)
                continue
            }
            guard seenMinutes.insert(minutes).inserted else {
                repeats += 1
                continue
            }
            if meat.isEmpty {
                readings.append(
                    Reading(channel: 1, elapsedSeconds: minutes * 60, probeCelsius: nil, ambientCelsius: amb))
            }
            for (k, probe) in probes.enumerated() where probe != nil || amb != nil {
                readings.append(
                    Reading(channel: k + 1, elapsedSeconds: minutes * 60, probeCelsius: probe, ambientCelsius: amb))
            }
        }
        readings.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        guard let first = readings.first, let last = readings.last else {
            throw .noReadings(file: file.path, format: fmt)
        }
        readings = readings.map { $0.shifted(bySeconds: -first.elapsedSeconds) }
        let start = options.fallbackStartUnixMs([file])
        let lead = meat.first?.name ?? columns.air?.name ?? ""
        let inBath = columns.air.map { AirProbeName.isBath($0.name) } ?? false
        let fileCut: String? =
            inBath ? options.normalizedCut("sous_vide") : meat.first.flatMap { options.cut(fromLabel: $0.name) }
        let info = CookAssembly.info(
            format: fmt, files: [file], options: options, startedAtUnixMs: start,
            endedAtUnixMs: start + CookAssembly.ms(last.elapsedSeconds - first.elapsedSeconds), utcOffsetSeconds: nil,
            fileCut: fileCut, fileTarget: nil, fileName: lead.isEmpty ? nil : lead,
            notes: ["no wall clock in a Tappecue log: start time is not the real one"])
        var notes: [String] = []
        if repeats > 0 {
            notes.append("\(file.fileName): \(repeats) repeated rows within a minute dropped (first per minute kept)")
        }
        if let air = columns.air, !columns.unreadAir.isEmpty {
            let others = columns.unreadAir.map { "'\($0)'" }.joined(separator: ", ")
            notes.append("\(file.fileName): '\(air.name)' read as the air; \(others) also named as the air, not read")
        }
        let channels: [ChannelInfo]
        if meat.isEmpty {
            channels = [ChannelInfo(channel: 1, name: lead, role: .ambient)]
            notes.append(
                "\(file.fileName): '\(lead)' is the air's column and no meat probe's came with it: imported as the air alone"
            )
        } else {
            channels = meat.enumerated().map {
                ChannelInfo(
                    channel: $0.offset + 1, name: $0.element.name.isEmpty ? "food" : $0.element.name, role: .meat)
            }
        }
        return ImportResult(
            cooks: [RecordedCook(info: info, channels: channels, readings: readings)], badRows: [bad], notes: notes)
    }

    /// The temperature in column `c` of a row, in Celsius; nil when absent or not a number.
    private func value(_ fields: [String], _ c: Int) -> Double? {
        guard c < fields.count, let v = Double(fields[c]), v.isFinite else { return nil }
        return options.celsius(fromFileValue: v)
    }
}
