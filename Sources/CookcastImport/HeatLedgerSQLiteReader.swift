import CookcastCore
import CookcastStore

/// heat-ledger / BlueTherm Duo SQLite log: tables `sensor_1` (pit) and `sensor_2` (meat), each
/// `(epoch INTEGER, mC INTEGER)`: Unix seconds (UTC) and milli-degrees Celsius; -300000 = no probe.
///
/// Channel 1 = meat (`sensor_2`) with the pit aligned as `ambient_c` (`AmbientAligner`, as in
/// `data/cooks/heatledger_*.csv`); channel 2 = pit (role `.ambient`, `probe_c` nil). Time zero is
/// the first valid meat reading. Other tables (e.g. `sensor_1_orig`) are ignored.
public struct HeatLedgerSQLiteReader: SingleFileCookReader {
    public static let formatName = "heatledger"
    /// The value heat-ledger writes when a sensor has no probe, in milli-degrees.
    public static let absentMilliCelsius: Int64 = -300_000

    let options: ImportOptions
    public init(options: ImportOptions) { self.options = options }

    public static func sniff(_ file: ImportFile) -> Bool {
        let magic = Array("SQLite format 3".utf8)
        guard file.bytes.count > 100, Array(file.bytes.prefix(magic.count)) == magic else { return false }
        let schema = String(decoding: file.bytes.prefix(16_384), as: UTF8.self)
        return schema.contains("sensor_2") || schema.contains("sensor_1")
    }

    private func samples(_ db: SQLiteReader, table: String, file: String, bad: inout BadRows, absent: inout Int)
        throws(ImportError) -> [(utc: Double, celsius: Double)]
    {
        let rows: [[SQLiteValue]]
        do {
            rows = try db.rows("SELECT rowid, epoch, mC FROM \(table) ORDER BY epoch, rowid")
        } catch {
            throw .malformed(file: file, format: Self.formatName, reason: "cannot read table \(table): \(error)")
        }
        var out: [(utc: Double, celsius: Double)] = []
        var seen = Set<Int64>()
        for row in rows {
            guard row.count == 3, let epoch = row[1].int64Value, let mC = row[2].int64Value else {
                bad.add(line: Int(row.first?.int64Value ?? 0))
                continue
            }
            if mC == Self.absentMilliCelsius || mC < -273_150 {
                absent += 1
                continue
            }
            guard seen.insert(epoch).inserted else { continue }
            out.append((Double(epoch), Double(mC) / 1000))
        }
        return out
    }

    public func readFile(_ file: ImportFile) throws(ImportError) -> ImportResult {
        let fmt = Self.formatName
        let db: SQLiteReader
        let tables: [String]
        do {
            db = try SQLiteReader(path: file.path)
            tables = try db.tableNames()
        } catch let error as SQLiteError where error.isDamaged {
            // Bad data, as a damaged table read later is (exit 65): a truncated file was exit 66,
            // "cannot open", and one damaged further in exit 65.
            throw .malformed(file: file.path, format: fmt, reason: "damaged database: \(error.message)")
        } catch {
            throw .unreadable(file: file.path, reason: "\(error)")
        }
        guard tables.contains("sensor_2") else {
            throw .malformed(file: file.path, format: fmt, reason: "no sensor_2 (meat) table")
        }
        var bad = BadRows(file: file.path)
        var absent = 0
        let meat = try samples(db, table: "sensor_2", file: file.path, bad: &bad, absent: &absent)
        let pit =
            tables.contains("sensor_1")
            ? try samples(db, table: "sensor_1", file: file.path, bad: &bad, absent: &absent) : []
        guard let t0 = meat.first?.utc else { throw .noReadings(file: file.path, format: fmt) }
        let aligner = AmbientAligner(pit.map { ($0.utc, $0.celsius) })
        var readings = meat.map {
            Reading(
                channel: 1, elapsedSeconds: $0.utc - t0, probeCelsius: $0.celsius,
                ambientCelsius: aligner.ambient(at: $0.utc))
        }
        var channels = [ChannelInfo(channel: 1, name: "sensor_2 (meat)", role: .meat)]
        if !pit.isEmpty {
            channels.append(ChannelInfo(channel: 2, name: "sensor_1 (pit)", role: .ambient))
            readings += pit.filter { $0.utc >= t0 }.map {
                Reading(channel: 2, elapsedSeconds: $0.utc - t0, probeCelsius: nil, ambientCelsius: $0.celsius)
            }
        }
        readings.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        let end = max(meat.last?.utc ?? t0, pit.last?.utc ?? t0)
        var notes: [String] = []
        if absent > 0 { notes.append("\(file.fileName): \(absent) 'no probe' values (-300000) dropped") }
        let info = CookAssembly.info(
            format: fmt, files: [file], options: options, startedAtUnixMs: CookAssembly.ms(t0),
            endedAtUnixMs: CookAssembly.ms(end), utcOffsetSeconds: nil, fileCut: options.cut(fromLabel: file.stem),
            fileTarget: nil, fileName: file.stem, notes: pit.isEmpty ? ["no pit sensor"] : [])
        return ImportResult(
            cooks: [RecordedCook(info: info, channels: channels, readings: readings)], badRows: [bad], notes: notes)
    }
}
