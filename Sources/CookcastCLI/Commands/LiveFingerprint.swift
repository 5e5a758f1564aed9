import CookcastImport
import CookcastStore

/// The fingerprint a `live` session takes as it ends (`LiveCommand.fingerprintAsImported`), so
/// one cook recorded twice (imported, replayed, piped in) is learned from once.
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
