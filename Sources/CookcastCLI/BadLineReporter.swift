import CookcastIngest
import Foundation

/// Prints the first few skipped input lines as warnings on standard error and counts the rest,
/// so a stream full of garbage cannot flood the terminal; `finish` prints how many were not shown.
final class BadLineReporter: @unchecked Sendable {
    private let console: any Console
    private let shownLimit: Int
    private let lock = NSLock()
    private var count = 0

    /// Reports to `console`, showing at most `shownLimit` lines one by one.
    init(console: any Console, shownLimit: Int = 5) {
        self.console = console
        self.shownLimit = shownLimit
    }

    /// Warns about one skipped line, or counts it once `shownLimit` have been shown.
    func report(_ issue: ReplayIssue) {
        let shown = lock.withLock {
            count += 1
            return count <= shownLimit
        }
        if shown { console.errorLine("warning: \(issue)") }
    }

    /// Prints how many bad lines were skipped without a warning of their own, if any.
    func finish() {
        let hidden = lock.withLock { count - min(count, shownLimit) }
        if hidden > 0 { console.errorLine("warning: \(hidden) more bad lines skipped") }
    }
}
