import CookcastCore
import CookcastIngest
import CookcastStore

extension LiveCommand {
    /// Gives session `id`, as its run ends (`label`: its source's), the content hash an import of
    /// what it recorded gets (`fingerprint`: a whole replayed file's, or the stored readings'), so
    /// the cook counts once where it
    /// is also a shipped cook (`FitJob.shippedCooksNotStored`) and `import` of the file knows it
    /// is stored. Without it the session's fingerprint was `recorded:` and its start, and `fit`
    /// learned a replayed shipped cook twice (the chicken prior 3 cooks, 2 of them the same
    /// chicken), and a file replayed and then piped into `live --stdin` twice (the brisket prior
    /// 5 cooks for 4). When another session already carries the hash (the file imported, replayed
    /// or piped in before; `content_hash` is unique) the session holds it as that one's
    /// (`same_cook_hash`), with a note, and `fit` learns from the cook once
    /// (`FitJob.sameCookSessions`). A resumed session's earlier hash gives way to its whole
    /// cook's. A failure is a note, never a failed cook.
    func fingerprintAsImported(_ id: Int64, label: String, fingerprint: LiveFingerprint, store: SessionStore) {
        do {
            guard let hash = try fingerprint.hash(session: id, store: store) else { return }
            let other = try store.sessionID(contentHash: hash)
            guard other != id, var info = try store.session(id) else { return }
            if let other {
                info.contentHash = nil
                info.sameCookHash = hash
                let holder = try store.session(other).map(Self.howRecorded) ?? "recorded before"
                let isReplay = label.hasPrefix(ReplaySource.labelPrefix)
                let this = label == "stdin" ? "this input" : isReplay ? "this replay" : "this cook"
                context.console.errorLine(
                    "note: session \(other) holds the same cook as \(this) (\(holder)): both are kept, "
                        + "and learned from once")
            } else {
                info.contentHash = hash
                info.sameCookHash = nil
            }
            try store.updateSession(info)
        } catch {
            context.console.errorLine("note: could not store this cook's import fingerprint (\(error))")
        }
    }

    /// How a session holding a cook came to hold it, for the note: "its file imported before".
    private static func howRecorded(_ info: SessionInfo) -> String {
        if info.status == .imported { return "its file imported before" }
        if info.source == "stdin" { return "read from standard input before" }
        if info.source.hasPrefix(ReplaySource.labelPrefix) { return "replayed before" }
        return "recorded before"
    }
}
