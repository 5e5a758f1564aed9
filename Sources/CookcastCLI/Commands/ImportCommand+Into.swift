import CookcastCore
import CookcastImport
import CookcastStore
import Foundation

extension ImportCommand {
    /// `--into`: the inputs' one cook and their events files (`EventsCSV`: those given, and the
    /// `-events.csv` saved with a canonical CSV read) added to the stored session `id`. A broken
    /// events file stops the import before anything is stored.
    func add(into id: Int64, importer: Importer) throws(CLIError) -> Int32 {
        // Directories expanded here to find the events files in them; an empty one is kept, for its error.
        let inputs = paths.flatMap { path in
            let files = Importer.expand([path])
            return files.isEmpty ? [path] : files
        }
        try checkSavedFrom(inputs, into: id)
        let (cookPaths, givenEvents) = Self.splittingEventFiles(inputs)
        let batch = importer.readEach(paths: cookPaths)
        let usable = batch.groups.count + givenEvents.count
        reportSkipped(batch.failures, groupCount: usable)
        batch.groups.forEach(report)
        // Each file once: named twice (`X-events.csv` and a shell's `X*`), its events were added twice.
        var seen = Set<String>()
        var eventFiles = givenEvents.filter { seen.insert(Self.standardized($0.path)).inserted }
        for group in batch.groups where group.format == .csv {
            for path in group.paths {
                var isDirectory: ObjCBool = false
                guard let sibling = EventsCSV.siblingPath(ofReadings: path),
                    FileManager.default.fileExists(atPath: sibling, isDirectory: &isDirectory), !isDirectory.boolValue,
                    seen.insert(Self.standardized(sibling)).inserted
                else { continue }
                let file: ImportFile
                do { file = try ImportFile(path: sibling) } catch {
                    throw CLIError(error.description, exitCode: ExitCode.noInput)
                }
                // A cook of its own that happens to be named so (party.csv, party-events.csv) is
                // not its events: it refused the import of party.csv as "not a valid events file".
                if EventsCSV.isEventsFile(file) { eventFiles.append(file) }
            }
        }
        var events: [SessionEvent] = []
        for file in eventFiles {
            do { events += try EventsCSV.events(in: file) } catch {
                throw CLIError(error.description, exitCode: ExitCode.dataError)
            }
        }
        let cooks = batch.groups.flatMap { g in g.result.cooks.map { ($0, g.format) } }
        // What `live` saved from this very session: its readings were received by it, every one.
        let savedHere = batch.groups.contains { group in
            group.paths.contains { RecoveryFile.savedSession(path: $0, database: context.databasePath) == id }
        }
        try add(cooks, events: eventFiles.isEmpty ? nil : events, into: id, savedHere: savedHere)
        return try status(batch.failures, groupCount: usable)
    }

    /// `paths` split into events files (`EventsCSV.isEventsFile`) and the others; a file that
    /// cannot be read stays among the others, to be named by the importer. Only a file that may
    /// be an events file is read here (`EventsCSV.mayBeEventsFile`); the others are read once,
    /// by the importer.
    static func splittingEventFiles(_ paths: [String]) -> (others: [String], events: [ImportFile]) {
        var others: [String] = []
        var events: [ImportFile] = []
        for path in paths {
            if EventsCSV.mayBeEventsFile(path: path), let file = try? ImportFile(path: path),
                EventsCSV.isEventsFile(file)
            {
                events.append(file)
            } else {
                others.append(path)
            }
        }
        return (others, events)
    }

    /// Refuses a file `live` saved from another session of this database (its name says which,
    /// `RecoveryFile.savedSession`): added to session `id`, another cook's readings and events
    /// were merged into it, with no way to take them out.
    private func checkSavedFrom(_ paths: [String], into id: Int64) throws(CLIError) {
        for path in paths {
            guard let saved = RecoveryFile.savedSession(path: path, database: context.databasePath), saved != id
            else { continue }
            throw .usage(
                "\(path) holds what session \(saved) could not store (its name says so), not session \(id): "
                    + "add it with --into \(saved)")
        }
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Adds the one cook read (see `SessionMerge`) and `events` (nil: no events file; times on
    /// the session's clock) to the stored session `id` in one transaction, with the session's
    /// recording lock held so no `live --resume` writes it meanwhile.
    ///
    /// A reading of another file at a time the session stores is the stored one in the file's
    /// rounding (`MergeOverlap`: left out, kept as stored) or another cook (refused). A file
    /// `live` saved from this session (`savedHere`) holds readings the recording received: each
    /// at a stored time with other values is set aside, as `live` sets one aside, not refused.
    func add(
        _ cooks: [(cook: RecordedCook, format: ImportFormat)], events: [SessionEvent]?, into id: Int64,
        savedHere: Bool = false
    ) throws(CLIError) {
        guard !cooks.isEmpty || events != nil else { return }
        guard cooks.count <= 1 else {
            throw .usage("--into adds one cook to a session; the input holds \(cooks.count)")
        }
        let store = try context.openStore(readOnly: isDryRun)
        let session: SessionInfo
        do {
            guard let found = try store.session(id) else {
                throw CLIError.data("no session \(id) in \(context.databasePath)")
            }
            session = found
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
        let merge: SessionMerge?
        do {
            merge = try cooks.first.map { cook in
                try SessionMerge(cook: cook.cook, format: cook.format, session: session) { channel, ms in
                    try store.reading(session: id, channel: channel, atMilliseconds: ms)
                }
            }
        } catch {
            throw .io("\(error)")
        }
        var notes: [String] = []
        if let merge, let apart = merge.sameCookApartSeconds {
            notes.append(
                "the file is this session's cook (its first readings are stored at their own times): "
                    + "taken on them, not by its start, \(DurationFormat.short(abs(apart))) "
                    + (apart > 0 ? "after" : "before") + " the session's")
        } else if let merge, merge.shiftSeconds > 0 {
            notes.append("the file starts \(DurationFormat.short(merge.shiftSeconds)) into the session")
        } else if let merge, merge.shiftSeconds < 0 {
            notes.append("the file starts \(DurationFormat.short(-merge.shiftSeconds)) before the session")
        }
        if let merge, merge.beforeStartCount > 0 {
            notes.append("\(merge.beforeStartCount) before the session's start, kept at negative times")
        }
        // `12 readings and 3 events`, each part only when its file was given.
        func counts(readings: Int, events eventCount: Int) -> String {
            [
                merge.map { _ in Counted.words(readings, "reading") },
                events.map { _ in Counted.words(eventCount, "event") },
            ].compactMap { $0 }.joined(separator: " and ")
        }
        let readings = merge?.readings ?? []
        let target = session.targetText(unit: context.unit, catalog: importOptions.catalog)
        let what = "session \(id) (\(session.name ?? "unnamed"), cut \(session.cut ?? "-"), target \(target))"
        let apart = merge?.setAside ?? []
        if isDryRun {
            // The import's own check, so a dry run says what the import would: refused.
            if !savedHere {
                do { try Self.checkSameCook(readings, store: store, session: id, unit: context.unit) } catch {
                    throw error as? CLIError ?? .io("\(error)")
                }
            }
            context.console.line(
                "would add up to \(counts(readings: readings.count, events: events?.count ?? 0)) to \(what)"
                    + notes.map { "; \($0)" }.joined())
            return
        }
        do {
            guard let lock = try RecordingLock.acquire(database: store.path, session: id) else {
                throw CLIError(
                    "cannot add \(merge == nil ? "events" : "readings") to session \(id): a cookcast live is "
                        + "recording it right now; add them once it stops",
                    exitCode: ExitCode.usage)
            }
            defer { lock.release() }
            // Compared under the lock, before anything is stored: what the add would skip is
            // what the session holds now. A file saved from this session is not compared: its
            // readings at stored times with other values are set aside.
            let overlap: MergeOverlap? =
                try savedHere ? nil : Self.checkSameCook(readings, store: store, session: id, unit: context.unit)
            let added = try store.add(
                readings: (overlap?.unstored ?? readings) + apart, channels: merge?.channels ?? [],
                events: events ?? [], session: id)
            let already = (
                readings: readings.count + apart.count - added.readings - added.setAside,
                events: (events?.count ?? 0) - added.events
            )
            if added.setAside > 0 {
                notes.insert(
                    "\(Counted.words(added.setAside, "reading")) at a stored time with other values set aside "
                        + "(cookcast export \(id) --set-aside)", at: 0)
            }
            if already.readings > 0, let overlap, let first = overlap.firstDiffering {
                notes.insert(
                    "\(overlap.differingCount) of them with other values than stored, kept as stored (first "
                        + Self.describe(first, unit: context.unit) + ")", at: 0)
            }
            if events == nil, already.readings > 0 {
                notes.insert("\(already.readings) already stored", at: 0)
            } else if already.readings > 0 || already.events > 0 {
                notes.insert("\(counts(readings: already.readings, events: already.events)) already stored", at: 0)
            }
            context.console.line(
                "added \(counts(readings: added.readings, events: added.events)) to \(what)"
                    + notes.map { "; \($0)" }.joined())
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
    }

    /// `readings` (on session `id`'s clock) beside the readings the session stores at their
    /// channels and milliseconds (`MergeOverlap`); throws, exit 65, when one of them contradicts
    /// the stored one: the file is another cook (or another probe on the channel), and merged it
    /// interleaved two curves on one channel, with no way to take them apart.
    @discardableResult
    static func checkSameCook(
        _ readings: [Reading], store: SessionStore, session id: Int64, unit: TemperatureUnit
    ) throws -> MergeOverlap {
        let overlap = try MergeOverlap(readings) { channel, ms in
            try store.reading(session: id, channel: channel, atMilliseconds: ms)
        }
        guard let first = overlap.firstContradicting else { return overlap }
        throw CLIError.data(
            "not added: the file is not session \(id)'s cook: \(overlap.contradictingCount) of its "
                + "\(Counted.words(overlap.storedCount, "reading")) at times the session stores differ from them by more "
                + "than \(unit.formatDifference(celsius: MergeOverlap.contradictionCelsius)) (first "
                + describe(first, unit: unit) + "); import it without --into for a session of its own")
    }

    /// `00:01:00 channel 1: probe 99.0 C in the file, probe 2.6 C stored`.
    static func describe(_ pair: MergeOverlap.Pair, unit: TemperatureUnit) -> String {
        func temperatures(_ r: Reading) -> String {
            [
                r.probeCelsius.map { "probe \(unit.format(celsius: $0))" },
                r.ambientCelsius.map { "ambient \(unit.format(celsius: $0))" },
            ]
            .compactMap { $0 }.joined(separator: ", ")
        }
        return "\(DurationFormat.clock(pair.file.elapsedSeconds)) channel \(pair.file.channel): "
            + "\(temperatures(pair.file)) in the file, \(temperatures(pair.stored)) stored"
    }
}
