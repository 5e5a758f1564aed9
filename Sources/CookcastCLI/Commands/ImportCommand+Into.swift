import CookcastCore
import CookcastImport
import CookcastStore

extension ImportCommand {
    /// `--into`: adds the one cook read to the stored session `id` (see `SessionMerge`), with
    /// the session's recording lock held so no `live --resume` writes it meanwhile.
    func add(_ cooks: [(cook: RecordedCook, format: ImportFormat)], into id: Int64) throws(CLIError) {
        guard let (cook, format) = cooks.first else { return }
        guard cooks.count == 1 else {
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
        let merge = SessionMerge(cook: cook, format: format, session: session)
        var notes: [String] = []
        if merge.shiftSeconds > 0 {
            notes.append("the file starts \(DurationFormat.short(merge.shiftSeconds)) into the session")
        } else if merge.shiftSeconds < 0 {
            notes.append("the file starts \(DurationFormat.short(-merge.shiftSeconds)) before the session")
        }
        if merge.beforeStartCount > 0 {
            notes.append("\(merge.beforeStartCount) before the session's start left out")
        }
        let target = session.targetCelsius.map { context.unit.format(celsius: $0) } ?? "-"
        let what = "session \(id) (\(session.name ?? "unnamed"), cut \(session.cut ?? "-"), target \(target))"
        if isDryRun {
            context.console.line(
                "would add up to \(merge.readings.count) readings to \(what)" + notes.map { "; \($0)" }.joined())
            return
        }
        do {
            guard let lock = try RecordingLock.acquire(database: store.path, session: id) else {
                throw CLIError(
                    "cannot add readings to session \(id): a cookcast live is recording it right now; "
                        + "add them once it stops",
                    exitCode: ExitCode.usage)
            }
            defer { lock.release() }
            let added = try store.addReadings(merge.readings, channels: merge.channels, session: id)
            let already = merge.readings.count - added
            if already > 0 { notes.insert("\(already) already stored", at: 0) }
            context.console.line("added \(added) readings to \(what)" + notes.map { "; \($0)" }.joined())
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
    }
}
