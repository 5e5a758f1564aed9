/// The import formats, and which reader recognises a file.
public enum ImportFormat: String, Sendable, CaseIterable {
    case combustion, thermopro, heatledger, probeability, tappecue, igrill, csv, json
    /// A hex packet log (`t_s HEX [chN]`, as `live --replay` reads): never detected, read when
    /// asked for (`--format hexlog`, or `--profile NAME`, whose decoder reads its packets).
    case hexlog

    /// The reader type for this format.
    public var reader: any CookFormatReader.Type {
        switch self {
        case .combustion: return CombustionCSVReader.self
        case .thermopro: return ThermoProHistoryReader.self
        case .heatledger: return HeatLedgerSQLiteReader.self
        case .probeability: return ProbeAbilityCSVReader.self
        case .tappecue: return TappecueTextReader.self
        case .igrill: return IGrillCSVReader.self
        case .csv: return CanonicalCSVReader.self
        case .json: return CookcastJSONReader.self
        case .hexlog: return HexLogReader.self
        }
    }

    /// True when the files of this format say which unit their temperatures are in (a unit
    /// column, `_c` column names, milli-degrees Celsius, a vendor format that is always Celsius);
    /// `--input-unit` applies to the others (iGrill, Tappecue), whose values are as the app showed.
    public var statesUnit: Bool {
        switch self {
        case .igrill, .tappecue: return false
        case .combustion, .thermopro, .heatledger, .probeability, .csv, .json, .hexlog: return true
        }
    }

    /// True when the files of this format date their readings on a wall clock, so a cook read
    /// from them starts at a known moment; false for elapsed times (canonical CSV, a Tappecue
    /// log), which start when the file says nothing of.
    public var datesReadings: Bool {
        switch self {
        case .csv, .tappecue, .hexlog: return false
        case .combustion, .thermopro, .heatledger, .probeability, .igrill, .json: return true
        }
    }

    /// Names accepted by `--format` (besides `auto`).
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The format named by `--format` (`auto` = nil).
    public static func named(_ name: String) throws(ImportError) -> ImportFormat? {
        let n = name.lowercased()
        if n == "auto" { return nil }
        guard let f = ImportFormat(rawValue: n) else { throw .unknownFormatName(name, known: names) }
        return f
    }
}

/// Recognises the format of a file by sniffing each reader in a fixed order (the specific
/// vendor formats first, the generic CSV last).
public enum FormatDetector {
    /// The order in which formats are tried.
    public static let order: [ImportFormat] = [
        .combustion, .thermopro, .heatledger, .probeability, .igrill, .tappecue, .json, .csv,
    ]

    /// The format of `file`, or nil when no reader recognises it.
    public static func detect(_ file: ImportFile) -> ImportFormat? {
        order.first { $0.reader.sniff(file) }
    }
}
