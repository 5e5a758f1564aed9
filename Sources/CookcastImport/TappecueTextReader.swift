import CookcastCore

/// Tappecue log as text/CSV: header `,ElapsedTime,<food>,<ambient>` (e.g. `,ElapsedTime,TBone,Bath`),
/// rows `<index>,<elapsed minutes>,<food>,<ambient>` in the app's unit (Celsius unless
/// `--input-unit f`, converted as parsed).
///
/// The device logs several rows per minute with whole-minute elapsed times; the first row of
/// each minute is kept (as `data/cooks/sousvide_*.csv`), later rows of the same minute are counted
/// as repeats. The food column's name is the session name; an ambient column named `Bath` means
/// a water bath (cut `sous_vide`), otherwise the food name may name the cut. No wall clock: the
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
        let header = CSVLine.fields(headerLine)
        guard let cT = header.firstIndex(of: "ElapsedTime"), cT + 1 < header.count else {
            throw .malformed(file: file.path, format: fmt, reason: "no ElapsedTime column followed by a food column")
        }
        let cFood = cT + 1
        let cAmb = cT + 2 < header.count ? cT + 2 : nil
        let food = header[cFood]
        let ambientName = cAmb.map { header[$0] }
        var bad = BadRows(file: file.path)
        var readings: [Reading] = []
        var seenMinutes = Set<Double>()
        var repeats = 0
        for i in 1..<max(lines.count, 1) {
            let f = CSVLine.fields(lines[i])
            if lines[i].trimmingCharacters(in: .whitespaces).isEmpty { continue }
            guard f.count > cFood, let minutes = Double(f[cT]), minutes.isFinite, minutes >= 0 else {
                bad.add(line: i + 1)
                continue
            }
            let probe = Double(f[cFood]).flatMap { $0.isFinite ? options.celsius(fromFileValue: $0) : nil }
            let amb = cAmb.flatMap { $0 < f.count ? Double(f[$0]) : nil }.flatMap {
                $0.isFinite ? options.celsius(fromFileValue: $0) : nil
            }
            guard probe != nil || amb != nil else {
                bad.add(line: i + 1)
                continue
            }
            guard seenMinutes.insert(minutes).inserted else {
                repeats += 1
                continue
            }
            readings.append(Reading(channel: 1, elapsedSeconds: minutes * 60, probeCelsius: probe, ambientCelsius: amb))
        }
        readings.sort { $0.elapsedSeconds < $1.elapsedSeconds }
        guard let first = readings.first, let last = readings.last else {
            throw .noReadings(file: file.path, format: fmt)
        }
        readings = readings.map { $0.shifted(bySeconds: -first.elapsedSeconds) }
        let start = options.fallbackStartUnixMs([file])
        let fileCut: String? =
            ambientName?.lowercased() == "bath" ? options.normalizedCut("sous_vide") : options.cut(fromLabel: food)
        let info = CookAssembly.info(
            format: fmt, files: [file], options: options, startedAtUnixMs: start,
            endedAtUnixMs: start + CookAssembly.ms(last.elapsedSeconds - first.elapsedSeconds), utcOffsetSeconds: nil,
            fileCut: fileCut, fileTarget: nil, fileName: food.isEmpty ? nil : food,
            notes: ["no wall clock in a Tappecue log: start time is not the real one"])
        var notes: [String] = []
        if repeats > 0 {
            notes.append("\(file.fileName): \(repeats) repeated rows within a minute dropped (first per minute kept)")
        }
        return ImportResult(
            cooks: [
                RecordedCook(
                    info: info,
                    channels: [ChannelInfo(channel: 1, name: food.isEmpty ? "food" : food, role: .meat)],
                    readings: readings)
            ], badRows: [bad], notes: notes)
    }
}
