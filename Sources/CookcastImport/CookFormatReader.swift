/// A reader for one export format.
///
/// Readers are pure: bytes in, `RecordedCook`s out (only the heat-ledger reader opens its file,
/// because SQLite needs one). Each is tested on real exports in `Tests/CookcastImportTests`.
public protocol CookFormatReader: Sendable {
    /// The name used by `--format` and in `info.source` (`import:<formatName>`).
    static var formatName: String { get }
    /// True when the file looks like this format (cheap: looks at the first bytes and the name).
    static func sniff(_ file: ImportFile) -> Bool
    /// Splits files of this format into the groups that make one cook each (e.g. ThermoPro probe
    /// files of the same cook); default: one group per file.
    static func group(_ files: [ImportFile]) -> [[ImportFile]]
    /// A reader using `options`.
    init(options: ImportOptions)
    /// Reads one group of files into cooks (one or more: a Combustion file can hold several
    /// sessions).
    func read(_ files: [ImportFile]) throws(ImportError) -> ImportResult
}

extension CookFormatReader {
    public static func group(_ files: [ImportFile]) -> [[ImportFile]] { files.map { [$0] } }
}

/// A format whose files are read one by one (each file is one or more cooks on its own).
public protocol SingleFileCookReader: CookFormatReader {
    /// Reads one file into cooks.
    func readFile(_ file: ImportFile) throws(ImportError) -> ImportResult
}

extension SingleFileCookReader {
    public func read(_ files: [ImportFile]) throws(ImportError) -> ImportResult {
        var result = ImportResult()
        for file in files { result.merge(try readFile(file)) }
        return result
    }
}
