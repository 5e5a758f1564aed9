import CookcastEngine
import CookcastIngest
import CookcastStore

extension LiveCommand {
    /// Removes the session a run created when it ended without a single reading stored and no
    /// packet that failed to decode (standard input that was empty, a probe never heard before
    /// Ctrl-C): it was listed by `history` as a cook of 0 readings that nothing could use. The
    /// store deletes it only while it holds no reading, set aside ones included
    /// (`SessionStore.deleteSessionIfEmpty`), so a session with one is never removed; a
    /// session with decode errors is kept (their stored bytes are what tells a wrong `--profile`);
    /// a resumed session (`opening.isResumed`) is always kept, as the user named it.
    ///
    /// - Returns: nil when the session is kept; else the one line that says so, for a source that
    ///   ended (exit 65: an empty input, as an empty file is) or for a run that was interrupted
    ///   (a note; the exit status stays the signal's).
    func discardIfEmpty(
        _ opening: LiveSessionOpening, summary: LiveSummary, label: String, store: SessionStore
    ) throws(CLIError) -> String? {
        guard !opening.isResumed, summary.readingsStored == 0, summary.conflicts == 0, summary.decodeErrors == 0
        else { return nil }
        let deleted: Bool
        do {
            deleted = try store.deleteSessionIfEmpty(opening.id)
        } catch {
            throw .io("\(error)")
        }
        guard deleted else { return nil }
        let prefix = ReplaySource.labelPrefix
        let input =
            label == "stdin"
            ? "standard input" : label.hasPrefix(prefix) ? String(label.dropFirst(prefix.count)) : label
        let received = summary.ending == .sourceEnded ? "no readings from \(input)" : "no readings received"
        return "\(received): session \(opening.id) not kept"
    }
}
