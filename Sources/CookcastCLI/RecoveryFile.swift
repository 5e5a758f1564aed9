import CookcastCore
import CookcastEngine
import CookcastImport
import Foundation

/// Where `live` saves what it received and could not store when the database stops the run (a
/// lock or a full disk given up on, any other failure): `<database>-unsaved-<session>-<UTC>Z.csv`
/// next to the database, in the canonical CSV (`t_s,probe_c,ambient_c[,channel][,battery_pct]`,
/// times on the session's clock), which `cookcast import FILE --into SESSION` adds back to the
/// session, and the unstored events, if any, in `...-events.csv` (`EventsCSV`:
/// `t_s,kind,channel,detail`), which that import adds too. Where they cannot be written (the
/// database's disk is full) they go, both together, to the first of `otherDirectories` that takes
/// them (`$TMPDIR`, `/tmp`), under the same names; where none does, to standard error.
struct RecoveryFile {
    /// The database the session lives in.
    var database: String
    /// The session being recorded.
    var sessionID: Int64
    /// Where to save when the database's own directory cannot be written, in order.
    var otherDirectories: [String] = []
    /// When the files are named for, ms since the Unix epoch.
    var nowUnixMs: Int64 = UTCTime.nowUnixMs()

    /// The directories `live` falls back on: `$TMPDIR` (when set, absolute), then `/tmp`.
    static func otherDirectories(environment: [String: String]) -> [String] {
        let tmp = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        return [tmp, "/tmp"].compactMap { $0 }
    }

    /// The readings file's path in `directory` (nil: beside the database).
    func readingsPath(in directory: String?) -> String {
        let besideDatabase = "\(database)-unsaved-\(sessionID)-\(stamp)Z.csv"
        guard let directory else { return besideDatabase }
        let name = URL(fileURLWithPath: besideDatabase).lastPathComponent
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The events file's path beside `readings`.
    static func eventsPath(besides readings: String) -> String { String(readings.dropLast(4)) + "-events.csv" }

    /// `nowUnixMs` as `20261130T231500`.
    private var stamp: String {
        UTCTime.string(unixMs: nowUnixMs).replacingOccurrences(of: "-", with: "")
            .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: " ", with: "T")
    }

    /// The session whose unstored readings or events `path` holds, when its name is one `live`
    /// gives them for `database` (`cookcast.db-unsaved-3-20261130T231500Z.csv`, its
    /// `...-events.csv`, in any folder); nil for any other name.
    static func savedSession(path: String, database: String) -> Int64? {
        let name = Substring(URL(fileURLWithPath: path).lastPathComponent)
        let prefix = URL(fileURLWithPath: database).lastPathComponent + "-unsaved-"
        guard name.hasPrefix(prefix) else { return nil }
        var rest = name.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let id = Int64(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        // `-YYYYMMDDTHHMMSSZ`, then `.csv` or `-events.csv`.
        let stamp = Array(rest.prefix(17))
        let isStamp =
            stamp.count == 17 && stamp[0] == "-" && stamp[9] == "T" && stamp[16] == "Z"
            && (stamp[1..<9] + stamp[10..<16]).allSatisfy { $0.isASCII && $0.isNumber }
        guard isStamp, [".csv", EventsCSV.fileSuffix].contains(String(rest.dropFirst(17))) else { return nil }
        return id
    }

    /// Saves `error.unsaved`; returns the one line that says where, how many, how to bring them
    /// back, and then `wayOn` (what to do once the database can be written). The readings and
    /// events files go together beside the database, else to the first other directory that
    /// takes both (said, with why not beside the database); when none does, their content goes to
    /// `fallback` (standard error), and the line counts what is kept nowhere else.
    func save(_ error: LiveStorageError, wayOn: String, fallback: (String) -> Void = { _ in }) -> String {
        let readings = error.unsavedReadings
        let events = error.unsavedEvents
        // The readings first: their file names the session, and brings its events file with it.
        var contents: [(text: String, what: String, isEvents: Bool)] = []
        if !readings.isEmpty {
            contents.append((CanonicalCSV.render(readings), Counted.words(readings.count, "reading"), false))
        }
        if !events.isEmpty { contents.append((EventsCSV.render(events), Counted.words(events.count, "event"), true)) }
        guard !contents.isEmpty else { return error.outcome + "; " + wayOn }
        var failures: [String] = []
        for readingsFile in candidatePaths {
            let paths = contents.map { $0.isEvents ? Self.eventsPath(besides: readingsFile) : readingsFile }
            if let failure = Self.write(contents.map(\.text), to: paths) {
                failures.append(failure)
                continue
            }
            let saved = zip(contents, paths).map { "\($0.what) in \($1)" }.joined(separator: " and ")
            let elsewhere = failures.isEmpty ? "" : " (not beside the database: \(failures.joined(separator: "; ")))"
            let withEvents = contents.count == 2 ? " (the events with the readings)" : ""
            return error.outcome + "; not stored, saved: \(saved)\(elsewhere); `cookcast import \(paths[0]) --into "
                + "\(sessionID) --db \(database)` adds them back to the session\(withEvents); " + wayOn
        }
        for content in contents { fallback(content.text) }
        return error.outcome + "; not stored, and no file could hold them (\(failures.joined(separator: "; "))): "
            + contents.map(\.what).joined(separator: " and ") + " follow on standard error, kept nowhere else; "
            + wayOn
    }

    /// The readings file's paths to try: beside the database, then in each other directory, each
    /// directory once (`$TMPDIR` may be `/tmp`, or the database's own).
    private var candidatePaths: [String] {
        var seen: Set<String> = []
        return ([nil] + otherDirectories.map(Optional.some)).map { readingsPath(in: $0) }.filter {
            seen.insert(URL(fileURLWithPath: $0).deletingLastPathComponent().resolvingSymlinksInPath().path).inserted
        }
    }

    /// Writes each text to its path; on a failure removes those written (both files or neither:
    /// the import reads the events beside the readings) and returns its one line.
    private static func write(_ texts: [String], to paths: [String]) -> String? {
        for (index, (text, path)) in zip(texts, paths).enumerated() {
            do throws(CLIError) {
                try OutputFile.write(Data(text.utf8), to: path)
            } catch {
                for written in paths[..<index] { unlink(written) }
                return error.message
            }
        }
        return nil
    }
}
