/// Why a file could not be imported at all. Descriptions are one line, naming the file.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No reader recognised the file; `tried` lists the formats that were tried.
    case unknownFormat(file: String, tried: [String])
    /// The file could not be read (missing, permissions, not a database).
    case unreadable(file: String, reason: String)
    /// The file holds no byte at all.
    case emptyFile(file: String)
    /// The file was recognised but holds no usable reading.
    case noReadings(file: String, format: String)
    /// The file was recognised but its structure is wrong (missing columns, bad header).
    case malformed(file: String, format: String, reason: String)
    /// The named format does not exist.
    case unknownFormatName(String, known: [String])
    /// A directory was given that holds no file (only subdirectories or hidden files, or nothing).
    case noImportableFiles(directory: String)
    /// The file holds a session's events (`EventsCSV`), not a cook: only `--into` takes it.
    case eventsWithoutSession(file: String)
    /// The file looks like a hex packet log (`t_s HEX [chN]`, `ReplayFormat.of`), which is read
    /// only through a probe profile (its bytes do not say whose packets they are); `profiles`
    /// are the profiles' names, for the message.
    case packetLogWithoutProfile(file: String, profiles: [String])

    /// True when the input was missing rather than bad (sysexits' 66 rather than 65).
    public var isMissingInput: Bool {
        switch self {
        case .unreadable, .noImportableFiles: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .unknownFormat(let file, let tried):
            return "\(file): unknown format (tried \(tried.joined(separator: ", ")))"
        case .unreadable(let file, let reason):
            return "\(file): \(reason)"
        case .emptyFile(let file):
            return "\(file): empty file"
        case .noReadings(let file, let format):
            return "\(file): no readings found (format \(format))"
        case .malformed(let file, let format, let reason):
            return "\(file): not a valid \(format) file: \(reason)"
        case .unknownFormatName(let name, let known):
            return "unknown format '\(name)' (known: auto, \(known.joined(separator: ", ")))"
        case .noImportableFiles(let directory):
            return "no importable files in \(directory)"
        case .eventsWithoutSession(let file):
            return "\(file): the events of a session (\(EventsCSV.header)), not a cook: add them to their session "
                + "with --into SESSION"
        case .packetLogWithoutProfile(let file, let profiles):
            let names = profiles.isEmpty ? "" : " (\(profiles.joined(separator: ", ")))"
            return "\(file) looks like a hex packet log: give --profile NAME\(names) or --format hexlog"
        }
    }
}
