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
}
