import CookcastCore

/// Keeps a replay's clock going forward on each channel: a reading (or packet) older than the
/// last one taken on its channel is refused, with the reason.
///
/// A log whose `t_s` goes backwards (-5 after 0, 100 after 200: two logs run together, a clock
/// reset) was replayed as it came, and such a reading muddled the probe-lost alarm and the ETA,
/// which take the readings in time order. Only older is refused: a repeat of the last time is a
/// duplicate, which the store skips; other channels keep their own clocks (a CSV may list one
/// channel's rows after another's).
struct ChannelTimeOrder: Sendable {
    private var latestSeconds: [Int: Double] = [:]

    /// Nil when `event` is not older than the last one taken on its channel (it is taken), else
    /// why it is refused: `time went backwards on channel 1 (t_s 100 after 200)`.
    mutating func refusal(of event: SourceEvent) -> String? {
        let channel: Int
        switch event {
        case .reading(let r): channel = r.channel
        case .packet(_, _, let ch): channel = ch
        case .connection: return nil
        }
        let t = event.elapsedSeconds
        if let latest = latestSeconds[channel], t < latest {
            return "time went backwards on channel \(channel) (t_s \(Self.shown(t)) after \(Self.shown(latest)))"
        }
        latestSeconds[channel] = t
        return nil
    }

    /// `100` for whole seconds, `12.5` otherwise.
    private static func shown(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
