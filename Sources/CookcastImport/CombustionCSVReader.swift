import CookcastCore

/// Combustion Inc CSV export (iOS/Android app, CSV version 4/5).
///
/// Layout: a header block (`Combustion Inc. Probe Data`, `Probe S/N: ...`, `Created: <local time of
/// the export>`), a blank line, then `Timestamp,SessionID,SequenceNumber,T1..T8,
/// VirtualCoreTemperature,VirtualSurfaceTemperature,VirtualAmbientTemperature,...,
/// PredictionSetPoint,...,PredictionState,PredictionMode,PredictionType,PredictionValueSeconds`.
/// `Timestamp` is seconds since the probe's log started.
///
/// Mapping: one cook per `SessionID`. Channel 1 = virtual core as `probe_c` with virtual ambient as
/// `ambient_c` (the sensor the probe itself picked); channels 2-9 = thermistors T1..T8 (role meat,
/// named "T1".."T8"), except the thermistor that is the `VirtualAmbientSensor` on every kept row
/// (T8 in the exports seen), which is role ambient with its values as `ambient_c`; channel 10 =
/// virtual surface. Rows whose `PredictionState` is
/// `Probe Not Inserted` (before insertion, and after the probe was pulled) are skipped; the first
/// kept row is time zero and gets a `probe_inserted` event. `PredictionValueSeconds` (131071 = no
/// prediction) becomes the `vendor_predicted_remaining_s` series; the most frequent non-zero
/// `PredictionSetPoint` is the target. Wall clock: the export's `Created` time is taken as the
/// moment of the last logged row (the app stamps the export time), so the start is estimated.
public struct CombustionCSVReader: SingleFileCookReader {
    public static let formatName = "combustion"
    /// `PredictionValueSeconds` when the probe has no prediction (0x1FFFF).
    public static let noPrediction = 131_071.0
    /// The `PredictionState` of rows that are skipped.
    public static let notInsertedState = "Probe Not Inserted"

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    public static func sniff(_ file: ImportFile) -> Bool {
        let head = TextDecoding.prefix(file.bytes)
        return head.hasPrefix("Combustion Inc.") || head.contains("\nTimestamp,SessionID,")
            || head.hasPrefix("Timestamp,SessionID,")
    }

    private struct Row {
        var line: Int
        var timestamp: Double
        var values: [String]
    }

    /// A "session" this small, amid another's rows, is a damaged `SessionID` field.
    static let strayRowLimit = 3

    /// Gives the rows of a "session" of at most `strayRowLimit` rows, each between two rows of one
    /// other session in the file, to that session: a digit of one row's `SessionID` changed in a
    /// damaged file became a cook of one reading of its own. Said in a note per row.
    private func mergeStraySessions(
        _ order: inout [String], _ sessions: inout [String: [Row]], file: ImportFile, notes: inout [String]
    ) {
        guard order.count > 1 else { return }
        let keyByLine = sessions.flatMap { key, rows in rows.map { ($0.line, key) } }.sorted { $0.0 < $1.0 }
        for key in order where (sessions[key]?.count ?? 0) <= Self.strayRowLimit {
            let rows = sessions[key] ?? []
            let hosts = rows.map { row -> String? in
                guard let at = keyByLine.firstIndex(where: { $0.0 == row.line }) else { return nil }
                let before = keyByLine[..<at].last { $0.1 != key }?.1
                let after = keyByLine[(at + 1)...].first { $0.1 != key }?.1
                return before == after ? before : nil
            }
            guard let host = hosts.first ?? nil, hosts.allSatisfy({ $0 == host }),
                (sessions[host]?.count ?? 0) > Self.strayRowLimit
            else { continue }
            for row in rows {
                notes.append(
                    "\(file.fileName): line \(row.line): SessionID \(key) amid session \(host)'s rows, read as \(host)'s (a damaged field)"
                )
            }
            sessions[host] = ((sessions[host] ?? []) + rows).sorted { $0.line < $1.line }
            sessions[key] = nil
        }
        order.removeAll { sessions[$0] == nil }
    }

    public func readFile(_ file: ImportFile) throws(ImportError) -> ImportResult {
        let fmt = Self.formatName
        let lines = TextDecoding.lines(file.bytes)
        guard let headerIndex = lines.firstIndex(where: { $0.hasPrefix("Timestamp,") }) else {
            throw .malformed(file: file.path, format: fmt, reason: "no 'Timestamp,SessionID,...' header line")
        }
        var meta: [String: String] = [:]
        for line in lines[..<headerIndex] {
            guard let colon = line.firstIndex(of: ":") else { continue }
            meta[String(line[..<colon]).trimmingCharacters(in: .whitespaces)] =
                String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        let header = CSVLine.fields(lines[headerIndex])
        var col: [String: Int] = [:]
        for (i, name) in header.enumerated() where col[name] == nil { col[name] = i }
        guard let cTime = col["Timestamp"], let cCore = col["VirtualCoreTemperature"] else {
            throw .malformed(file: file.path, format: fmt, reason: "missing Timestamp or VirtualCoreTemperature column")
        }
        let cSession = col["SessionID"]
        // Columns after the prediction value (Notes) may be missing on some rows.
        let required = max(cTime, cCore, col["PredictionValueSeconds"] ?? 0, col["PredictionState"] ?? 0) + 1

        var bad = BadRows(file: file.path)
        var sessionOrder: [String] = []
        var sessions: [String: [Row]] = [:]
        var lastTimestamp = -Double.infinity
        for index in (headerIndex + 1)..<lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let values = CSVLine.fields(line)
            guard values.count >= required, let t = Double(values[cTime]), t.isFinite else {
                bad.add(line: index + 1)
                continue
            }
            let key = cSession.map { values[$0] } ?? ""
            if sessions[key] == nil { sessionOrder.append(key) }
            sessions[key, default: []].append(Row(line: index + 1, timestamp: t, values: values))
            lastTimestamp = max(lastTimestamp, t)
        }

        var strayNotes: [String] = []
        mergeStraySessions(&sessionOrder, &sessions, file: file, notes: &strayNotes)

        // The export's Created stamp is local wall-clock time at export, taken as the last row's time.
        var createdUTC: Double? = nil
        var offset: Int? = nil
        if let created = meta["Created"].flatMap(CivilTime.parseISOLike) {
            let converted = options.clock.utc(fromLocalSeconds: created.secondsAsIfUTC)
            createdUTC = converted.utcSeconds
            offset = converted.offsetSeconds
        }
        let label = Self.label(fromStem: file.stem)
        let serial = meta["Probe S/N"]

        var result = ImportResult(badRows: [bad])
        result.notes += strayNotes
        for key in sessionOrder {
            guard let rows = sessions[key] else { continue }
            if let cook = cook(
                rows: rows, columns: col, core: cCore, file: file, sessionKey: key, multiple: sessionOrder.count > 1,
                createdUTC: createdUTC, lastTimestamp: lastTimestamp, offset: offset, label: label, serial: serial,
                notes: &result.notes)
            {
                result.cooks.append(cook)
            }
        }
        if result.cooks.isEmpty { throw .noReadings(file: file.path, format: fmt) }
        return result
    }

    private func cook(
        rows: [Row], columns col: [String: Int], core cCore: Int, file: ImportFile, sessionKey: String, multiple: Bool,
        createdUTC: Double?, lastTimestamp: Double, offset: Int?, label: String?, serial: String?,
        notes: inout [String]
    ) -> RecordedCook? {
        let rows = rows.sorted { $0.timestamp < $1.timestamp }
        let cState = col["PredictionState"]
        let isInserted: (Row) -> Bool = { row in
            guard let c = cState else { return true }
            return row.values[c] != Self.notInsertedState
        }
        let kept = rows.filter(isInserted)
        guard let first = kept.first else {
            notes.append("\(file.fileName): session \(sessionKey): probe never inserted, nothing imported")
            return nil
        }
        let t0 = first.timestamp
        func number(_ row: Row, _ name: String) -> Double? {
            guard let c = col[name], c < row.values.count, let v = Double(row.values[c]), v.isFinite else { return nil }
            return v
        }
        var readings: [Reading] = []
        var predictions: [NamedSeries.Point] = []
        var setPoints: [Double: Int] = [:]
        let thermistors = (1...8).map { "T\($0)" }
        // The thermistor the probe used as its virtual ambient on every row (T8 in every export
        // seen) sits outside the meat: it is the ambient channel, not a meat one (it read 171.7 C
        // in a chicken cooked to 74 C). One that was the ambient only at times stays meat.
        let ambientSensor: String? = col["VirtualAmbientSensor"].flatMap { c in
            let named = Set(kept.map { c < $0.values.count ? $0.values[c] : "" })
            guard named.count == 1, let only = named.first, thermistors.contains(only) else { return nil }
            return only
        }
        for row in kept {
            let t = CookAssembly.roundedSeconds(row.timestamp - t0)
            let coreC = Double(row.values[cCore]).flatMap { $0.isFinite ? $0 : nil }
            readings.append(
                Reading(
                    channel: 1, elapsedSeconds: t, probeCelsius: coreC,
                    ambientCelsius: number(row, "VirtualAmbientTemperature")))
            for (i, name) in thermistors.enumerated() where col[name] != nil {
                let value = number(row, name)
                let isAmbient = name == ambientSensor
                readings.append(
                    Reading(
                        channel: 2 + i, elapsedSeconds: t, probeCelsius: isAmbient ? nil : value,
                        ambientCelsius: isAmbient ? value : nil))
            }
            if col["VirtualSurfaceTemperature"] != nil {
                readings.append(
                    Reading(
                        channel: 10, elapsedSeconds: t, probeCelsius: number(row, "VirtualSurfaceTemperature"),
                        ambientCelsius: nil))
            }
            if let p = number(row, "PredictionValueSeconds"), p >= 0, p != Self.noPrediction {
                predictions.append(.init(elapsedSeconds: t, value: p))
            }
            if let s = number(row, "PredictionSetPoint"), s > 0 { setPoints[s, default: 0] += 1 }
        }
        readings = readings.filter(\.hasTemperature)

        // The thermistors and the virtual surface are sensors along the one probe whose reading is
        // the virtual core.
        var channels = [ChannelInfo(channel: 1, name: "virtual core", role: .meat)]
        for (i, name) in thermistors.enumerated() where col[name] != nil {
            channels.append(
                name == ambientSensor
                    ? ChannelInfo(channel: 2 + i, name: "\(name) (virtual ambient)", role: .ambient)
                    : ChannelInfo(channel: 2 + i, name: name, role: .sensor))
        }
        if col["VirtualSurfaceTemperature"] != nil {
            channels.append(ChannelInfo(channel: 10, name: "virtual surface", role: .sensor))
        }

        let skippedBefore = rows.prefix { !isInserted($0) }.count
        let skipped = rows.count - kept.count
        var events = [
            SessionEvent(
                elapsedSeconds: 0, kind: .probeInserted, channel: 1,
                detail:
                    "Combustion state '\(cState.map { first.values[$0] } ?? "?")'; \(skippedBefore) rows before skipped"
            )
        ]
        if let last = kept.last, let removal = rows.first(where: { $0.timestamp > last.timestamp && !isInserted($0) }) {
            events.append(
                SessionEvent(
                    elapsedSeconds: CookAssembly.roundedSeconds(removal.timestamp - t0), kind: .note, channel: 1,
                    detail: "probe removed (Combustion state '\(Self.notInsertedState)'); later rows skipped"))
        }
        if skipped > 0 {
            notes.append("\(file.fileName): session \(sessionKey): \(skipped) rows with the probe not inserted skipped")
        }
        let target = setPoints.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        let fallback = Double(options.fallbackStartUnixMs([file])) / 1000
        let startUTC = createdUTC.map { $0 - (lastTimestamp - t0) } ?? fallback
        let endUTC = startUTC + (kept.last?.timestamp ?? t0) - t0
        var cookNotes = ["Combustion probe session \(sessionKey)"]
        if createdUTC != nil { cookNotes.append("start estimated from the export's Created time") }
        let info = CookAssembly.info(
            format: Self.formatName, files: [file], options: options, startedAtUnixMs: CookAssembly.ms(startUTC),
            endedAtUnixMs: CookAssembly.ms(endUTC), utcOffsetSeconds: createdUTC == nil ? nil : offset,
            fileCut: label.flatMap(options.cut(fromLabel:)), fileTarget: target,
            fileName: label ?? (multiple ? "Combustion \(sessionKey)" : nil),
            probeId: serial.map { "combustion:\($0)" }, notes: cookNotes, hashSuffix: sessionKey)
        let series =
            predictions.isEmpty
            ? [] : [NamedSeries(name: NamedSeries.vendorPredictedRemainingSeconds, channel: 1, points: predictions)]
        return RecordedCook(info: info, channels: channels, readings: readings, events: events, series: series)
    }

    /// `ProbeData_10002351_2023-10-29_19_03_12 - Chicken` -> `Chicken`; nil without a label.
    static func label(fromStem stem: String) -> String? {
        guard let range = stem.range(of: " - ") else { return nil }
        let label = stem[range.upperBound...].trimmingCharacters(in: .whitespaces)
        return label.isEmpty ? nil : label
    }
}
