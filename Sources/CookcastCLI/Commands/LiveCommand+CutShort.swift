import CookcastCore
import CookcastEngine
import CookcastIngest
import CookcastStore

extension LiveCommand {
    /// Whether `session` is a cook cookcast played (a simulation, a sample, a replay file), which
    /// nothing resumes: `--resume` starts it again from its beginning.
    static func isPlayed(_ session: SessionInfo) -> Bool {
        session.isPlayedByCookcast || session.source.hasPrefix(ReplaySource.labelPrefix)
    }

    /// Ends a played cook that the database stopped where it stands: finished at its last stored
    /// reading, its `stopped` event saying it was cut short and why (`SessionStore.endCutShort`),
    /// or without the event on a disk with room for the one and not the other. QA: a full disk
    /// under `live --replay` left the session `active` for good. Returns what the user is told;
    /// nil for a recording, which `--resume` continues.
    func endIfPlayed(_ stopped: LiveStorageError, store: SessionStore) -> String? {
        guard Self.cannotResume(source) != nil else { return nil }
        let id = stopped.sessionID
        let later = "the next `cookcast live` ends it"
        // A lock refuses this write too (after SQLite's busy wait).
        guard !stopped.isLocked else { return "session \(id) could not be ended (the database is locked): \(later)" }
        var failure = ""
        for detail in ["cut short: \(stopped.reason)", nil] {
            do {
                _ = try store.endCutShort(id, detail: detail)
                return "session \(id) ends there, cut short"
            } catch {
                failure = "\(error)"
            }
        }
        return "session \(id) could not be ended (\(failure)): \(later)"
    }

    /// Ends the played cooks that runs which are gone left `active` (stopped by a database that
    /// could not even take their end, or killed), each where it stands, said in a note. One whose
    /// `started` event is not stored yet is being opened by another run, before it takes its lock.
    func endPlayedCooksLeftActive(store: SessionStore) {
        guard let sessions = try? store.activeSessions() else { return }
        for session in sessions where Self.isPlayed(session) {
            guard let id = session.id, (try? RecordingLock.isHeld(database: store.path, session: id)) == false,
                (try? store.events(session: id).contains { $0.kind == .started }) == true,
                (try? store.endCutShort(id, detail: "cut short: the run playing it stopped before its end")) == true
            else { continue }
            context.console.errorLine(
                "note: session \(id) (\(session.source)) was left active by a run that stopped before its end: "
                    + "ended where it stands, cut short")
        }
    }
}
