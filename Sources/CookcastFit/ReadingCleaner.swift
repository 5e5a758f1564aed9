import CookcastCore

/// Drops what a probe log should not feed the fitter: non-finite values, device sentinels
/// (`Reading.deviceSentinelCelsius`: 6553.5, -3276.8, 999.9, ..., rejected even when inside the
/// ranges), out-of-range values, duplicates, rows that arrive out of order,
/// and isolated spikes (a value far from the recent median that the next readings do not confirm).
///
/// Cost per reading is constant (a 9-value ring per channel kind).
public struct ReadingCleaner: Sendable {
    /// Accepted probe range, Celsius.
    public static let probeRange = -30.0...130.0
    /// Accepted ambient range, Celsius.
    public static let ambientRange = -30.0...450.0

    private var lastTime = -Double.infinity
    private var probe = SpikeFilter(maxJump: 4, maxRiseCelsiusPerMinute: 2, confirmations: 3)
    private var ambient = SpikeFilter(maxJump: 40, maxRiseCelsiusPerMinute: 10, confirmations: 3)
    /// Number of readings dropped or values blanked so far.
    public private(set) var rejectedCount = 0
    /// Number of probe (meat) values dropped so far, with their reading or alone.
    public private(set) var rejectedProbeCount = 0
    /// The latest probe value held back as a possible spike until the next ones confirm it
    /// (`SpikeFilter`); nil once a probe value is taken. What the probe reads now, which the
    /// estimate has not taken yet: a probe put back into the meat jumps 28 C in one reading.
    public var heldProbeCelsius: Double? { probe.heldValue }

    /// Creates a cleaner with no history.
    public init() {}

    /// The cleaned reading, or nil when nothing usable remains (a value dropped is set to nil).
    public mutating func clean(_ r: Reading) -> Reading? {
        let t = r.elapsedSeconds
        guard t.isFinite, t > lastTime else {
            rejectedCount += 1
            if r.probeCelsius != nil { rejectedProbeCount += 1 }
            return nil
        }
        var out = r
        var rejected = 0
        out.probeCelsius = Self.accept(
            r.probeCelsius, at: t, range: Self.probeRange, filter: &probe, rejected: &rejected)
        out.ambientCelsius = Self.accept(
            r.ambientCelsius, at: t, range: Self.ambientRange, filter: &ambient, rejected: &rejected)
        rejectedCount += rejected
        if r.probeCelsius != nil && out.probeCelsius == nil { rejectedProbeCount += 1 }
        if out.probeCelsius == nil && out.ambientCelsius == nil {
            rejectedCount += 1
            return nil
        }
        lastTime = t
        return out
    }

    private static func accept(
        _ v: Double?, at t: Double, range: ClosedRange<Double>, filter: inout SpikeFilter, rejected: inout Int
    ) -> Double? {
        guard let v else { return nil }
        guard v.isFinite, range.contains(v), !Reading.isDeviceSentinel(v) else {
            rejected += 1
            return nil
        }
        if filter.accept(v, at: t) { return v }
        rejected += 1
        return nil
    }
}

/// Rejects a value more than `maxJump` from the median of the last accepted values, plus what the
/// temperature can rise at `maxRiseCelsiusPerMinute` since the middle one of them, unless
/// `confirmations` consecutive rejected values agree with each other (a real step, e.g. the probe
/// pulled out, is followed; a one-off spike is not). The allowance grows with the time the values
/// span: a probe logging every 5 minutes rises 2 C between readings of a turkey, and the median of
/// its last nine, 20 minutes old, was 9 C below the latest; every reading then waited for three
/// confirmations, 15 minutes, and one that reached the target was never seen before the next.
struct SpikeFilter: Sendable {
    let maxJump: Double
    let maxRiseCelsiusPerMinute: Double
    let confirmations: Int
    /// Values kept (the last accepted ones), in fixed inline storage: no heap array to check for
    /// uniqueness at every write, and the ring's index arithmetic divides by no variable.
    private static let capacity = 9
    private var ring = InlineArray<9, Double>(repeating: 0)
    private var times = InlineArray<9, Double>(repeating: 0)
    private var count = 0
    private var head = 0
    private var pending: [(t: Double, v: Double)] = []
    /// The latest value held back until the next ones confirm it; nil once a value is taken.
    var heldValue: Double? { pending.last?.v }
    /// The kept values in ascending order (the first `count`): kept sorted as values come and go,
    /// so the median is read, not sorted for, at every value of every reading.
    private var sorted = InlineArray<9, Double>(repeating: 0)

    init(maxJump: Double, maxRiseCelsiusPerMinute: Double, confirmations: Int) {
        self.maxJump = maxJump
        self.maxRiseCelsiusPerMinute = maxRiseCelsiusPerMinute
        self.confirmations = confirmations
    }

    mutating func accept(_ v: Double, at t: Double) -> Bool {
        if count < 3 {
            push(v, at: t)
            return true
        }
        let m = median()
        let middleSeconds = middleTime()
        let allowance = maxJump + maxRiseCelsiusPerMinute * max(0, t - middleSeconds) / 60
        if abs(v - m) <= allowance {
            if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
            push(v, at: t)
            return true
        }
        if let last = pending.last,
            abs(v - last.v) > maxJump + maxRiseCelsiusPerMinute * max(0, t - last.t) / 60
        {
            pending.removeAll(keepingCapacity: true)
        }
        pending.append((t, v))
        if pending.count >= confirmations {
            count = 0  // the kept values are forgotten: `sorted` holds none of them
            for p in pending { push(p.v, at: p.t) }
            pending.removeAll(keepingCapacity: true)
            return true
        }
        return false
    }

    private mutating func push(_ v: Double, at t: Double) {
        var end = count
        if count == Self.capacity {
            // The oldest value leaves.
            let evicted = ring[head]
            var i = 0
            while i < end && sorted[i] != evicted { i += 1 }
            if i < end {
                while i < end - 1 {
                    sorted[i] = sorted[i + 1]
                    i += 1
                }
                end -= 1
            }
        }
        var j = end
        while j > 0 && sorted[j - 1] > v {
            sorted[j] = sorted[j - 1]
            j -= 1
        }
        sorted[j] = v
        ring[head] = v
        times[head] = t
        head = head + 1 == Self.capacity ? 0 : head + 1
        count = min(count + 1, Self.capacity)
    }

    /// The median time of the kept values. They come in increasing time (the cleaner drops rows
    /// out of order), so it is the middle of the ring in insertion order: no sort.
    @inline(__always)
    private func middleTime() -> Double {
        let oldest = (head - count + Self.capacity) % Self.capacity
        func time(_ k: Int) -> Double { times[(oldest + k) % Self.capacity] }
        return count % 2 == 1 ? time(count / 2) : 0.5 * (time(count / 2 - 1) + time(count / 2))
    }

    /// The median of the kept values.
    @inline(__always)
    private func median() -> Double {
        count % 2 == 1 ? sorted[count / 2] : 0.5 * (sorted[count / 2 - 1] + sorted[count / 2])
    }
}
