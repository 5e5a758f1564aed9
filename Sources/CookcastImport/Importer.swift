import CookcastCore
import CookcastIngest
import Foundation

/// One group of files read as one unit (one ThermoPro cook, one iGrill cook, one other file).
public struct ImportGroup: Sendable {
    /// The format the files were read as.
    public var format: ImportFormat
    /// The files, as given.
    public var paths: [String]
    /// What reading them produced.
    public var result: ImportResult
}

/// What happened to one cook on `importFiles`.
public enum ImportOutcome: Sendable {
    /// Stored as a new session.
    case imported(sessionID: Int64, cook: RecordedCook)
    /// A session with the same content hash is already stored; nothing was written. `stored` is
    /// that session as stored (its own name, cut and target, whatever this import said).
    case duplicate(existingID: Int64, cook: RecordedCook, stored: SessionInfo?)

    /// The cook concerned.
    public var cook: RecordedCook {
        switch self {
        case .imported(_, let cook), .duplicate(_, let cook, _): return cook
        }
    }
}

/// Where imported cooks go; `SessionStore` conforms (see `SessionStore+CookSink.swift`).
public protocol CookSink {
    /// The id of a stored session with this content hash, if any.
    func sessionID(contentHash: String) throws -> Int64?
    /// Stores a whole cook in one transaction and returns its session id.
    func insertCook(_ cook: RecordedCook) throws -> Int64
    /// The stored session `id`, if any (what a skipped duplicate is reported with).
    func session(_ id: Int64) throws -> SessionInfo?
    /// A session recorded (not imported) with the same start and readings as `cook`, if any.
    func recordedSessionID(sameAs cook: RecordedCook) throws -> Int64?
}

extension CookSink {
    /// None: a sink that records nothing itself has no recorded sessions.
    public func recordedSessionID(sameAs cook: RecordedCook) throws -> Int64? { nil }
}

/// Entry point of `cookcast import`: detects formats, groups files into cooks, reads them and
/// (optionally) stores them, skipping cooks already imported.
///
/// ```swift
/// let importer = Importer(options: ImportOptions(cut: "brisket", catalog: catalog), format: nil)
/// let groups = try importer.read(paths: ["history_probe_1_20211113180049.csv", "history_probe_4_20211113180145.csv"])
/// let outcomes = try importer.importFiles(paths, into: store)
/// ```
public struct Importer: Sendable {
    /// Options from the command line.
    public var options: ImportOptions
    /// Forced format (`--format`), nil = detect per file.
    public var format: ImportFormat?
    /// The probe profiles' names (`--profile NAME`), named when a file of no known format looks
    /// like a hex packet log.
    public var packetProfileNames: [String] = []

    /// An importer.
    public init(options: ImportOptions = ImportOptions(), format: ImportFormat? = nil) {
        self.options = options
        self.format = format
    }

    /// Reads the files at `paths`, all or nothing: the first file that cannot be read, recognised
    /// or parsed is thrown (unknown formats before anything is parsed). A directory stands for
    /// the files directly in it (sorted, hidden files skipped). `cookcast import` uses
    /// `readEach(paths:)`, which keeps going.
    public func read(paths: [String]) throws(ImportError) -> [ImportGroup] {
        let batch = readEach(paths: paths)
        if let first = batch.failures.first { throw first }
        return batch.groups
    }

    /// Reads every file at `paths` that can be read: a file that cannot be read, recognised or
    /// parsed (or a directory with no file in it) becomes one failure, and the others are read.
    public func readEach(paths: [String]) -> ImportBatch {
        var failures: [ImportError] = []
        var files: [ImportFile] = []
        for path in paths {
            let expanded = Self.expand([path])
            if Self.isDirectory(path), expanded.isEmpty {
                failures.append(.noImportableFiles(directory: path))
                continue
            }
            for file in expanded {
                do { files.append(try ImportFile(path: file)) } catch { failures.append(error) }
            }
        }
        var batch = readEach(files: files)
        batch.failures = failures + batch.failures
        return batch
    }

    /// `paths` with each directory replaced by the regular files directly in it, sorted by name.
    public static func expand(_ paths: [String]) -> [String] {
        let fm = FileManager.default
        return paths.flatMap { path -> [String] in
            guard isDirectory(path), let names = try? fm.contentsOfDirectory(atPath: path) else { return [path] }
            let base = path.hasSuffix("/") ? path : path + "/"
            return names.filter { !$0.hasPrefix(".") }.sorted().map { base + $0 }.filter {
                var sub: ObjCBool = false
                return fm.fileExists(atPath: $0, isDirectory: &sub) && !sub.boolValue
            }
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Reads files already in memory, all or nothing (see `read(paths:)`).
    public func read(files: [ImportFile]) throws(ImportError) -> [ImportGroup] {
        let batch = readEach(files: files)
        if let first = batch.failures.first { throw first }
        return batch.groups
    }

    /// Reads files already in memory, keeping going past a file that cannot be recognised or a
    /// group that cannot be parsed (unknown formats come first among the failures).
    public func readEach(files: [ImportFile]) -> ImportBatch {
        var recognised: [(file: ImportFile, format: ImportFormat)] = []
        var failures: [ImportError] = []
        for file in files {
            do { recognised.append((file, try format(of: file))) } catch { failures.append(error) }
        }
        var batch = ImportBatch(failures: failures)
        for (format, members) in groups(recognised) {
            do { batch.groups.append(try read(members, as: format)) } catch { batch.failures.append(error) }
        }
        return batch
    }

    /// The format `file` is read as: `format` when forced, else the one detected.
    func format(of file: ImportFile) throws(ImportError) -> ImportFormat {
        // An empty file was "unknown format (tried ...)"; `predict` and `live --replay` say "empty file".
        guard !file.bytes.isEmpty else { throw .emptyFile(file: file.path) }
        if let format { return format }
        guard let found = FormatDetector.detect(file) else {
            if EventsCSV.sniff(file) { throw .eventsWithoutSession(file: file.path) }
            // Never detected as a format of its own (whose packets would they be?), but said:
            // "unknown format" left the user to guess at --profile.
            let head = String(decoding: file.bytes.prefix(4096), as: UTF8.self)
            if ReplayFormat.of(head: head) == .hexLog {
                throw .packetLogWithoutProfile(file: file.path, profiles: packetProfileNames)
            }
            throw .unknownFormat(file: file.path, tried: FormatDetector.order.map(\.rawValue))
        }
        return found
    }

    /// Recognised files grouped as their formats' readers group them (one ThermoPro cook's probe
    /// files together), the groups in the order of their first file.
    func groups(_ files: [(file: ImportFile, format: ImportFormat)]) -> [(ImportFormat, [ImportFile])] {
        var byFormat: [ImportFormat: [ImportFile]] = [:]
        var formatOrder: [ImportFormat] = []
        var position: [String: Int] = [:]
        for (i, entry) in files.enumerated() {
            position[entry.file.path] = position[entry.file.path] ?? i
            if byFormat[entry.format] == nil { formatOrder.append(entry.format) }
            byFormat[entry.format, default: []].append(entry.file)
        }
        var groups: [(first: Int, format: ImportFormat, files: [ImportFile])] = []
        for fmt in formatOrder {
            for group in fmt.reader.group(byFormat[fmt] ?? []) {
                groups.append((group.compactMap { position[$0.path] }.min() ?? 0, fmt, group))
            }
        }
        return groups.sorted { $0.first < $1.first }.map { ($0.format, $0.files) }
    }

    /// Parses one group of files of `format` into its cooks, checked and hashed for storing.
    func read(_ group: [ImportFile], as fmt: ImportFormat) throws(ImportError) -> ImportGroup {
        // Readers of formats that do not state their unit convert --input-unit as they parse,
        // before their own analysis (an iGrill probe's insertion).
        var result = try fmt.reader.init(options: options).read(group)
        if let unit = options.inputUnit, unit != .celsius, fmt.statesUnit {
            result.notes.append(
                "\(group.map(\.fileName).joined(separator: ", ")): --input-unit ignored, "
                    + "\(fmt.rawValue) files say their unit")
        }
        if !fmt.statesUnit, options.inputUnit == nil { result = result.notingFahrenheitSuspects() }
        result = result.withoutImplausibleValues().withoutDuplicateTimes().hashedByReadings()
        // Every cook it held went for want of a plausible reading (a JSON export with its readings
        // emptied): a file without usable rows, as a CSV of only a header is, not "nothing
        // imported", exit 0.
        if result.cooks.isEmpty, let first = group.first {
            throw .noReadings(file: first.path, format: fmt.reader.formatName)
        }
        return ImportGroup(format: fmt, paths: group.map(\.path), result: result)
    }

    /// All cooks of `read(paths:)` in one result.
    public func readAll(paths: [String]) throws(ImportError) -> ImportResult {
        var all = ImportResult()
        for group in try read(paths: paths) { all.merge(group.result) }
        return all
    }

    /// Reads `paths` and stores each cook not stored before (by `info.contentHash`), each in its
    /// own transaction; returns one outcome per cook, in file order. Nothing is written when a
    /// file cannot be read or recognised.
    public func importFiles(_ paths: [String], into sink: some CookSink) throws -> [ImportOutcome] {
        var all = ImportResult()
        for group in try read(paths: paths) { all.merge(group.result) }
        return try store(all.cooks, earlierHashes: all.earlierHashes, into: sink)
    }

    /// Stores cooks already read, skipping duplicates: a cook whose content hash (of its parsed
    /// readings) is stored, or whose earlier hash (`ImportResult.earlierHashes`: the file's bytes,
    /// as cookcast hashed imports before) is.
    public func store(
        _ cooks: [RecordedCook], earlierHashes: [String: String] = [:], into sink: some CookSink
    ) throws -> [ImportOutcome] {
        var outcomes: [ImportOutcome] = []
        for cook in cooks {
            if let duplicate = try duplicate(of: cook, earlierHashes: earlierHashes, in: sink) {
                outcomes.append(duplicate)
            } else {
                outcomes.append(.imported(sessionID: try sink.insertCook(cook), cook: cook))
            }
        }
        return outcomes
    }

    /// The `.duplicate` outcome `store` would give `cook`, or nil when it would be stored: a
    /// session with its content hash (or its earlier one, `earlierHashes`, or for a canonical CSV
    /// the hash of its readings without the battery column, `CanonicalCSVReader.batteryFreeHash`)
    /// is stored, or a session recorded here with the same start and readings. Writes nothing, so `import --dry-run` says
    /// what the import would do with the checks the import makes.
    public func duplicate(
        of cook: RecordedCook, earlierHashes: [String: String] = [:], in sink: some CookSink
    ) throws -> ImportOutcome? {
        let hashes = [
            cook.info.contentHash, cook.info.contentHash.flatMap { earlierHashes[$0] },
            CanonicalCSVReader.batteryFreeHash(of: cook),
        ].compactMap { $0 }
        var existing: Int64? = nil
        for hash in hashes where existing == nil { existing = try sink.sessionID(contentHash: hash) }
        if existing == nil { existing = try sink.recordedSessionID(sameAs: cook) }
        guard let existing else { return nil }
        return .duplicate(existingID: existing, cook: cook, stored: try sink.session(existing))
    }
}
