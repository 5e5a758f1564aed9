/// Stamps packets with their reception time so that two distinct packets never share a
/// millisecond: the store keys readings by (session, channel, t_ms) and would take the second of
/// a burst (BLE stacks deliver several notifications at once) for a re-delivered duplicate.
public struct ReceptionStamper: Sendable {
    private var lastMilliseconds: Int64?

    /// Creates a stamper with no history.
    public init() {}

    /// The time to record for a packet received at `seconds`: `seconds` rounded to the
    /// millisecond, moved 1 ms past the previous stamp if it would not be later.
    public mutating func stamp(receivedAtSeconds seconds: Double) -> Double {
        var ms = SessionClock.milliseconds(seconds: seconds)
        if let last = lastMilliseconds, ms <= last { ms = last + 1 }
        lastMilliseconds = ms
        return Double(ms) / 1000
    }
}
