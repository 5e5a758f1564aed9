import CookcastCore

/// What the live view and `--json` say of a link's changes, with an outage's repeats collapsed.
///
/// A source that keeps retrying (adapter off, probe away, connects refused) reports a search, a
/// connect and a failure at every try: 4 lines every 5 s, some 2,900 an hour. Said are: every
/// change while the link works, the first failed try and each one whose reason differs from the
/// last said, the wait after it, then at most every `repeatEverySeconds` one "still" line with
/// the count, and the link back. A failure before any link is "not connected yet", not
/// "disconnected"; the store keeps its own rule (a failure stored when its reason changes).
struct LinkNews {
    /// One thing to say: `change` names it for machines, `text` for people.
    struct Item: Equatable {
        /// `searching`, `connecting`, `connected`, `dropped`, `not_connected_yet`,
        /// `reconnect_failed`, `still_failing` or `ended`.
        var change: String
        /// The words after the time stamp: `link connected (...)`, `not connected yet (...)`.
        var text: String
        /// Failed attempts since the link was last up (or the start); nil where none count.
        var failedTries: Int?
    }

    /// Longest quiet stretch of an outage whose tries fail alike, seconds of session time.
    static let repeatEverySeconds = 600.0

    private var everConnected = false
    private var lastState: ConnectionState?
    private var failedTries = 0
    private var lastSaidFailure: String?
    private var lastSaidSeconds = 0.0
    /// Whether the wait after the last said failure has been said.
    private var waitSaid = false

    /// What to say of the link changing to `state` at `seconds`, or nil for a repeat.
    mutating func item(_ state: ConnectionState, detail: String?, atSeconds seconds: Double) -> Item? {
        let previous = lastState
        lastState = state
        let words = detail.map { " (\($0))" } ?? ""
        switch state {
        case .connected:
            let tries = failedTries
            everConnected = true
            failedTries = 0
            lastSaidFailure = nil
            let after = tries > 0 ? " after \(Counted.words(tries, "failed attempt"))" : ""
            return Item(
                change: "connected", text: "link connected\(words)\(after)", failedTries: tries > 0 ? tries : nil)
        case .disconnected where previous == .connected:
            failedTries = 0
            lastSaidFailure = nil
            return Item(change: "dropped", text: "link disconnected\(words)", failedTries: nil)
        case .disconnected:
            failedTries += 1
            let reason = detail ?? ""
            if reason != lastSaidFailure {
                lastSaidFailure = reason
                lastSaidSeconds = seconds
                waitSaid = false
                return everConnected
                    ? Item(change: "reconnect_failed", text: "reconnect failed\(words)", failedTries: failedTries)
                    : Item(change: "not_connected_yet", text: "not connected yet\(words)", failedTries: failedTries)
            }
            guard seconds - lastSaidSeconds >= Self.repeatEverySeconds else { return nil }
            lastSaidSeconds = seconds
            let head = everConnected ? "still reconnecting" : "still not connected"
            return Item(
                change: "still_failing",
                text: "\(head): \(Counted.words(failedTries, "failed attempt")), last error: \(reason)",
                failedTries: failedTries)
        case .searching, .connecting:
            // In an outage only the wait after a failure said is news; its tries are not.
            if lastSaidFailure != nil {
                guard !waitSaid, state == .searching else { return nil }
                waitSaid = true
            }
            return Item(change: state.rawValue, text: "link \(state.label)\(words)", failedTries: nil)
        case .ended:
            return Item(change: "ended", text: "link ended\(words)", failedTries: nil)
        }
    }
}
