import CookcastCore

/// Probe-ability export: `# key: value` comment lines (`cook_name`, `target_temp_c`,
/// `export_timestamp` in local time, ...), then
/// `elapsed_s,internal_temp_c,ambient_temp_c,predicted_remaining_s,confidence`.
///
/// One cook, channel 1 with the ambient column as `ambient_c`; `predicted_remaining_s` (empty =
/// none) becomes the `vendor_predicted_remaining_s` series; the header target is the target and
/// `cook_name` the name (and the cut, when it names one). The export time is taken as the moment
/// of the last row, so the start is estimated.
public struct ProbeAbilityCSVReader: SingleFileCookReader {
    public static let formatName = "probeability"

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    public static func sniff(_ file: ImportFile) -> Bool {
        let head = TextDecoding.prefix(file.bytes)
        return head.hasPrefix("# probe_ability") || head.contains("\nelapsed_s,internal_temp_c")
            || head.hasPrefix("elapsed_s,internal_temp_c")
    }

    public func readFile(_ file: ImportFile) throws(ImportError) -> ImportResult {
        let fmt = Self.formatName
        let lines = TextDecoding.lines(file.bytes)
        var meta: [String: String] = [:]
        var headerIndex: Int? = nil
        for (i, line) in lines.enumerated() {
            if line.hasPrefix("#") {
                let body = line.dropFirst().trimmingCharacters(in: .whitespaces)
                if let colon = body.firstIndex(of: ":") {
                    meta[String(body[..<colon]).trimmingCharacters(in: .whitespaces)] =
                        String(body[body.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                }
                continue
            }
            if line.hasPrefix("elapsed_s,") {
                headerIndex = i
                break
            }
        }
        guard let headerIndex else {
            throw .malformed(file: file.path, format: fmt, reason: "no 'elapsed_s,internal_temp_c,...' header")
        }
        let header = CSVLine.fields(lines[headerIndex])
        guard let cT = header.firstIndex(of: "elapsed_s"), let cProbe = header.firstIndex(of: "internal_temp_c") else {
            throw .malformed(file: file.path, format: fmt, reason: "missing elapsed_s or internal_temp_c column")
        }
        let cAmb = header.firstIndex(of: "ambient_temp_c")
        let cPred = header.firstIndex(of: "predicted_remaining_s")
        var bad = BadRows(file: file.path)
        var readings: [Reading] = []
        var predictions: [NamedSeries.Point] = []
        for i in (headerIndex + 1)..<lines.count {
            let line = lines[i]
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let f = CSVLine.fields(line)
            func value(_ c: Int?) -> Double?? {
                guard let c else { return .some(nil) }
                guard c < f.count else { return nil }
                if f[c].isEmpty { return .some(nil) }
                guard let v = Double(f[c]), v.isFinite else { return nil }
                return .some(v)
            }
            guard let tOpt = value(cT), let t = tOpt, let probe = value(cProbe), let amb = value(cAmb),
                let pred = value(cPred), probe != nil || amb != nil
            else {
                bad.add(line: i + 1)
                continue
            }
            readings.append(Reading(channel: 1, elapsedSeconds: t, probeCelsius: probe, ambientCelsius: amb))
            if let pred, pred >= 0 { predictions.append(.init(elapsedSeconds: t, value: pred)) }
        }
        guard let first = readings.first, let last = readings.last else {
            throw .noReadings(file: file.path, format: fmt)
        }
        let t0 = first.elapsedSeconds
        readings = readings.map { $0.shifted(bySeconds: -t0) }
        predictions = predictions.map { .init(elapsedSeconds: $0.elapsedSeconds - t0, value: $0.value) }
        let duration = last.elapsedSeconds - t0

        var startUTC = Double(options.fallbackStartUnixMs([file])) / 1000
        var offset: Int? = nil
        var notes: [String] = []
        if let exported = meta["export_timestamp"].flatMap(CivilTime.parseISOLike) {
            let converted = options.clock.utc(fromLocalSeconds: exported.secondsAsIfUTC)
            startUTC = converted.utcSeconds - duration
            offset = converted.offsetSeconds
            notes.append("start estimated from export_timestamp")
        }
        let name = meta["cook_name"].flatMap { $0.isEmpty ? nil : $0 }
        let info = CookAssembly.info(
            format: fmt, files: [file], options: options, startedAtUnixMs: CookAssembly.ms(startUTC),
            endedAtUnixMs: CookAssembly.ms(startUTC + duration), utcOffsetSeconds: offset,
            fileCut: name.flatMap(options.cut(fromLabel:)), fileTarget: meta["target_temp_c"].flatMap(Double.init),
            fileName: name, probeId: meta["probe_index"].map { "probe-ability:\($0)" }, notes: notes)
        let series =
            predictions.isEmpty
            ? [] : [NamedSeries(name: NamedSeries.vendorPredictedRemainingSeconds, channel: 1, points: predictions)]
        return ImportResult(
            cooks: [
                RecordedCook(
                    info: info, channels: [ChannelInfo(channel: 1, name: "probe", role: .meat)], readings: readings,
                    series: series)
            ],
            badRows: [bad])
    }
}
