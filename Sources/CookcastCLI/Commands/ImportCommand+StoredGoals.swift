import CookcastCore
import CookcastImport
import CookcastStore
import Foundation

extension ImportCommand {
    /// For a cook skipped as already stored (imported, replayed or piped in before) whose
    /// `--cut`/`--target` were not applied, what the user can do. No command changes a stored
    /// session's cut or target; but a canonical CSV replayed to them is a session of the same cook,
    /// and of the sessions holding one cook the first with a target is the one learned from
    /// (`FitJob.sameCookSessions`), so the replay is offered when none of them has one. nil for
    /// anything else. QA: a file replayed without `--cut`, then imported with `--cut steak`, was
    /// skipped with "not applied: --cut steak", and nothing said how that cook could be a steak.
    func storedGoalsNote(_ outcome: ImportOutcome, group: ImportGroup, store: SessionStore) throws -> String? {
        guard case .duplicate(let id, _, _) = outcome, let unapplied = outcome.unappliedGoals(importOptions) else {
            return nil
        }
        let stored = unapplied.stored
        let storedTarget = stored.targetCelsius.map { context.unit.format(celsius: $0) } ?? "-"
        let note =
            "note: session \(id) keeps the cut and target it was stored with (cut \(stored.cut ?? "-"), target "
            + "\(storedTarget)): no command changes a stored cook's cut or target"
        if let learned = try sessionLearnedFrom(sameCookAs: id, stored: stored, store: store) {
            return learned == id
                ? note : note + "; session \(learned), the same cook with a target, is the one learned from"
        }
        guard group.format == .csv, group.paths.count == 1, let path = group.paths.first else { return note }
        var command = ["cookcast", "live", "--replay", Self.shellQuoted(path), "--speed", "max"]
        if let cut = unapplied.cut { command += ["--cut", Self.shellQuoted(cut)] }
        if let target = unapplied.targetCelsius {
            command += ["--target", TemperatureUnit.fixed(context.unit.value(fromCelsius: target), decimals: 1)]
            if context.unit == .fahrenheit { command += ["--unit", "f"] }
        }
        return note + "; `\(command.joined(separator: " "))` records the cook again with yours, and that session "
            + "is the one it is learned from (session \(id) has no target)"
    }

    /// The first session, in id order, of those holding the cook session `id` holds (its content
    /// hash, as `content_hash` or `same_cook_hash`) that has a cut or a target, its own or a
    /// probe's: the one `fit` learns that cook from. nil when none has.
    private func sessionLearnedFrom(sameCookAs id: Int64, stored: SessionInfo, store: SessionStore) throws -> Int64? {
        func hasGoal(_ info: SessionInfo, _ sessionID: Int64) throws -> Bool {
            if info.cut != nil || info.targetCelsius != nil { return true }
            return try store.channels(session: sessionID).contains { $0.cut != nil || $0.targetCelsius != nil }
        }
        guard let hash = stored.contentHash else { return try hasGoal(stored, id) ? id : nil }
        for other in try store.sessionIDs() {
            guard let info = other == id ? stored : try store.session(other), !info.isPlayedByCookcast,
                info.contentHash == hash || info.sameCookHash == hash
            else { continue }
            if try hasGoal(info, other) { return other }
        }
        return nil
    }

    /// `text` as one word for a POSIX shell: as it is when it needs no quoting, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=+@%")
        if !text.isEmpty, text.allSatisfy(plain.contains) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
