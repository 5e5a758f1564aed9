import CookcastCore
import CookcastImport
import CookcastStore

/// The fingerprint a `live` session that read its whole input takes, so one cook recorded twice
/// (imported, replayed, piped in) is learned from once.
enum LiveFingerprint {
    /// The content hash `import` gives a file (`ReplayFile.importContentHash`), for a replay.
    case file(() -> String?)
    /// The content hash of the session's stored readings, for `--stdin` and `--probe`: what
    /// `import` gives a file of those readings (`ContentHash.ofInTimeOrder`, the readings already
    /// checked as an import checks them), read in chunks so a long cook is not held; nil for a
    /// session with none.
    case storedReadings

    /// Whether the hash is the cook's only when the whole input was recorded (a replay's file);
    /// the stored readings' is the cook's however the run ended.
    var needsWholeInput: Bool {
        if case .file = self { return true }
        return false
    }

    /// The hash for session `id` of `store`.
    func hash(session id: Int64, store: SessionStore) throws -> String? {
        switch self {
        case .file(let hash): return hash()
        case .storedReadings:
            // `cook` hands them in time order, ties by channel: `ofInTimeOrder`'s order.
            var hash = ContentHash()
            var count = 0
            _ = try store.cook(id, head: { _, _ in true }) { chunk in
                chunk.forEach { hash.combine($0) }
                count += chunk.count
                return true
            }
            return count == 0 ? nil : hash.readingsHash
        }
    }
}

extension LiveCommand {
    /// Gives session `id`, a run that recorded its whole input (`label`: its source's), the
    /// content hash an import of that input gets (`fingerprint`), so the cook counts once where it
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
                let this = label == "stdin" ? "this input" : label.hasPrefix("replay:") ? "this replay" : "this cook"
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
        if info.source.hasPrefix("replay:") { return "replayed before" }
        return "recorded before"
    }
}
