import CookcastCore
import CookcastEngine
import CookcastImport
import Foundation

/// Where `live` saves what it received and could not store when it gives up on a locked
/// database: `<database>-unsaved-<session>-<UTC>.csv` next to the database, in the canonical CSV
/// (`t_s,probe_c,ambient_c[,channel][,battery_pct]`, times on the session's clock), which
/// `cookcast import FILE --into SESSION` adds back to the session, and the unstored events, if
/// any, in `...-events.csv` (`EventsCSV`: `t_s,kind,channel,detail`), which that import adds too.
struct RecoveryFile {
    /// The database the session lives in.
    var database: String
    /// The session being recorded.
    var sessionID: Int64
    /// When the files are named for, ms since the Unix epoch.
    var nowUnixMs: Int64 = UTCTime.nowUnixMs()

    /// The readings file's path.
    var readingsPath: String {
        let stamp = UTCTime.string(unixMs: nowUnixMs).replacingOccurrences(of: "-", with: "")
            .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: " ", with: "T")
        return "\(database)-unsaved-\(sessionID)-\(stamp)Z.csv"
    }

    /// The events file's path.
    var eventsPath: String { String(readingsPath.dropLast(4)) + "-events.csv" }

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
    /// back, and then `wayOn` (what to do once the database can be written). When a file cannot be
    /// written, its content goes to `fallback` (standard error).
    func save(_ error: LiveStorageError, wayOn: String, fallback: (String) -> Void = { _ in }) -> String {
        let readings = error.unsavedReadings
        let events = error.unsavedEvents
        var saved: [String] = []
        var failures: [String] = []
        func write(_ text: String, to path: String, what: String) {
            do throws(CLIError) {
                try OutputFile.write(Data(text.utf8), to: path)
                saved.append("\(what) in \(path)")
            } catch {
                fallback(text)
                failures.append("\(error.message) (the \(what) follow on standard error)")
            }
        }
        if !readings.isEmpty {
            write(CanonicalCSV.render(readings), to: readingsPath, what: Counted.words(readings.count, "reading"))
        }
        if !events.isEmpty {
            write(EventsCSV.render(events), to: eventsPath, what: Counted.words(events.count, "event"))
        }
        var line = error.outcome
        if !saved.isEmpty {
            line += "; not stored, saved: \(saved.joined(separator: " and "))"
        }
        if !failures.isEmpty { line += "; \(failures.joined(separator: "; "))" }
        let savedReadings = saved.contains(where: { $0.hasSuffix(readingsPath) })
        let savedEvents = saved.contains(where: { $0.hasSuffix(eventsPath) })
        // The readings file brings its events file with it; events alone are imported from theirs.
        if let path = savedReadings ? readingsPath : savedEvents ? eventsPath : nil {
            line +=
                "; `cookcast import \(path) --into \(sessionID) --db \(database)` adds them back to the session"
                + (savedReadings && savedEvents ? " (the events with the readings)" : "")
        }
        return line + "; " + wayOn
    }

}
