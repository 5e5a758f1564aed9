import CookcastCore
import Testing

@testable import CookcastCLI

/// The link's changes as `live` says them: an outage's repeats collapsed, a failure before any
/// link not called a disconnect.
@Suite struct LinkNewsTests {
    /// What `news` says of a try that fails with `reason` at `t`: the source's search, connect and
    /// failure, then its wait.
    func failedTry(_ news: inout LinkNews, _ reason: String, at t: Double) -> [LinkNews.Item] {
        [
            news.item(.searching, detail: "looking for AA", atSeconds: t),
            news.item(.connecting, detail: "/org/bluez/hci0/dev_AA", atSeconds: t),
            news.item(.disconnected, detail: reason, atSeconds: t),
            news.item(.searching, detail: "reconnecting in 5 s, or once the probe advertises", atSeconds: t),
        ].compactMap(\.self)
    }

    /// QA: with the adapter off, `--plain` and `--json` printed 4 lines every 5 s (about 2,900 an
    /// hour) and the first said "link disconnected" of a link never made. An hour of it is now the
    /// first failure and its wait, one line per 10 minutes, and the link back with the count.
    @Test func anHourOfFailedTriesIsAFewLines() {
        var news = LinkNews()
        let off = "connecting to AA: the Bluetooth adapter hci0 is powered off"
        var said: [LinkNews.Item] = []
        for i in 0..<720 { said += failedTry(&news, off, at: Double(i) * 5) }
        said += [news.item(.connecting, detail: "/org/bluez/hci0/dev_AA", atSeconds: 3600)].compactMap(\.self)
        said += [news.item(.connected, detail: "char0011", atSeconds: 3600)].compactMap(\.self)
        #expect(
            said.map(\.change) == ["searching", "connecting", "not_connected_yet", "searching"]
                + Array(repeating: "still_failing", count: 5) + ["connected"])
        #expect(said[2].text == "not connected yet (\(off))")
        #expect(said[4].text == "still not connected: 121 failed attempts, last error: \(off)")
        #expect(said[4].failedTries == 121)
        #expect(said.last?.text == "link connected (char0011) after 720 failed attempts")
    }

    /// A link that was up and dropped is a disconnect; the tries after it are reconnects, and a
    /// new reason is said at once.
    @Test func aDropThenFailedReconnectsSayWhatTheyAre() {
        var news = LinkNews()
        _ = news.item(.searching, detail: "looking for AA", atSeconds: 0)
        _ = news.item(.connecting, detail: "dev", atSeconds: 0)
        #expect(news.item(.connected, detail: "char", atSeconds: 0)?.text == "link connected (char)")
        #expect(news.item(.disconnected, detail: "link lost", atSeconds: 10)?.text == "link disconnected (link lost)")
        #expect(news.item(.searching, detail: "reconnecting in 1 s", atSeconds: 10)?.change == "searching")
        // The first try after a drop is said in full; its failure is a failed reconnect.
        let first = failedTry(&news, "scanning for AA: probe not found", at: 25)
        #expect(
            first.map(\.change) == ["searching", "connecting", "reconnect_failed", "searching"], "\(first)")
        #expect(first[2].text == "reconnect failed (scanning for AA: probe not found)")
        #expect(failedTry(&news, "scanning for AA: probe not found", at: 40).isEmpty)
        let changed = failedTry(&news, "connecting to AA: refused", at: 45)
        #expect(changed.map(\.change) == ["reconnect_failed", "searching"])
        #expect(changed.first?.failedTries == 3)
        #expect(failedTry(&news, "connecting to AA: refused", at: 644).isEmpty)
        #expect(
            failedTry(&news, "connecting to AA: refused", at: 645).map(\.text) == [
                "still reconnecting: 5 failed attempts, last error: connecting to AA: refused"
            ])
    }
}
