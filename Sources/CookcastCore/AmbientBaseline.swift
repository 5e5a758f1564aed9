/// The pit/oven/bath temperature the cook has settled at, learned from the cook itself, so the
/// "ambient out of range" alarm needs no set point from the user: a fire dying, a lid left open or
/// an oven running away shows up as a sustained departure from this baseline.
///
/// Ambient is averaged into 1-minute buckets; the baseline is the median of the last 30 buckets,
/// and it is only armed once 10 consecutive buckets lie within the tolerance (the pit has
/// preheated). Constant memory and cost per reading.
public struct AmbientBaseline: Sendable {
    /// Bucket width in seconds.
    static let bucketSeconds = 60.0
    /// Buckets in the baseline window (30 min).
    static let windowBuckets = 30
    /// Buckets that must agree before the baseline is trusted (10 min).
    static let settleBuckets = 10

    private var buckets: [Double] = []
    private var currentIndex: Int?
    private var currentSum = 0.0
    private var currentCount = 0.0
    /// Once settled, the baseline stays armed through a later departure (that is what the alarm is for).
    private var isArmed = false

    /// Creates an empty baseline.
    public init() {}

    /// Allowed departure from a baseline of `celsius`: 2 C for a water bath (below 80 C),
    /// else the larger of 25 C and 20 % (PID cycling and wander stay inside).
    public static func toleranceCelsius(around celsius: Double) -> Double {
        celsius < 80 ? 2 : max(25, 0.2 * celsius)
    }

    /// Adds an ambient sample taken at `elapsedSeconds`.
    public mutating func add(celsius: Double, atSeconds elapsedSeconds: Double) {
        guard celsius.isFinite, elapsedSeconds.isFinite else { return }
        let index = Int((elapsedSeconds / Self.bucketSeconds).rounded(.down))
        if let current = currentIndex, index != current, currentCount > 0 {
            buckets.append(currentSum / currentCount)
            if buckets.count > Self.windowBuckets { buckets.removeFirst(buckets.count - Self.windowBuckets) }
            currentSum = 0
            currentCount = 0
            if !isArmed, buckets.count >= Self.settleBuckets, let median {
                let recent = buckets.suffix(Self.settleBuckets)
                if let lo = recent.min(), let hi = recent.max(), hi - lo <= Self.toleranceCelsius(around: median) {
                    isArmed = true
                }
            }
        }
        currentIndex = index
        currentSum += celsius
        currentCount += 1
    }

    /// The settled ambient in degrees Celsius (median of the last 30 min), or nil before the pit
    /// has settled.
    public var settledCelsius: Double? { isArmed ? median : nil }

    private var median: Double? {
        guard !buckets.isEmpty else { return nil }
        let sorted = buckets.sorted()
        return sorted[sorted.count / 2]
    }
}
