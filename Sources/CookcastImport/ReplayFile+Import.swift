import CookcastCore
import CookcastIngest

extension ReplayFile {
    /// `file` read with the line parser of `live --replay` as `format`, so an import reads it as a
    /// replay does, and its lines that do not parse as the import's bad rows.
    /// - Throws: `ImportError.noReadings` (named `formatName`) when nothing in it parses.
    static func parsedForImport(
        _ file: ImportFile, as format: ReplayFormat, formatName: String
    ) throws(ImportError) -> (replay: ReplayFile, bad: BadRows) {
        let replay: ReplayFile
        do {
            replay = try ReplayFile.parse(text: TextDecoding.text(file.bytes), path: file.path, format: format)
        } catch {
            throw .noReadings(file: file.path, format: formatName)
        }
        var bad = BadRows(file: file.path)
        for issue in replay.issues { bad.add(line: issue.line) }
        return (replay, bad)
    }

    /// The readings an import of this file stores before its checks: CSV rows as they are, hex
    /// packets through `decoder` (undecodable ones left out, as `HexLogReader` leaves them), in
    /// time order (channel within a time). `CanonicalCSVReader` takes its readings from here.
    func importReadings(decoder: any ProbeDecoder) -> [Reading] {
        var readings = self.readings(decoder: decoder)
        readings.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        return readings
    }

    /// The content hash `cookcast import` gives the cook in this file (`readings:fnv1a64:...`, the
    /// fingerprint the shipped cooks in `priors.json` carry), from the readings already parsed, so
    /// a replay that recorded the whole file can carry it without reading the file again; nil for
    /// a format `import` does not read (JSON lines) or a file with no reading. `decoder` decodes a
    /// hex log's packets, as `import --profile` would.
    public func importContentHash(decoder: any ProbeDecoder = SeedProbeDecoder()) -> String? {
        guard format == .csv || format == .hexLog else { return nil }
        let readings = importReadings(decoder: decoder)
        guard !readings.isEmpty else { return nil }
        let cook = RecordedCook(
            info: SessionInfo(startedAtUnixMs: 0, source: "replay", status: .imported), channels: [],
            readings: readings)
        // The same checks every import makes before it hashes (impossible values, duplicate times).
        let checked = ImportResult(cooks: [cook]).withoutImplausibleValues().withoutDuplicateTimes()
        return checked.hashedByReadings().cooks.first?.info.contentHash
    }
}
