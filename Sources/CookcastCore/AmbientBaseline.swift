/// The pit/oven/bath temperature the cook has settled at, learned from the cook itself, so the
/// "ambient out of range" alarm needs no set point from the user: a fire dying, a lid left open or
/// an oven running away shows up as a sustained departure from this baseline.
///
/// Ambient is averaged into 1-minute buckets. The baseline is armed once 10 consecutive buckets lie
/// within half the tolerance of each other (the pit has preheated: a 45-minute ramp to 120 C, 27 C
/// in 10 minutes, is still coming up), at their median, and held there: a departure never drags it
/// along. A rolling median of the last 30 minutes followed a fading fire down and caught it an hour
/// and a half late, and read the end of a slow preheat as the pit running away (following slowly,
/// a tenth of the way a minute, lagged a fire fading half a degree a minute by 5 C and never let it
/// leave the band). A pit that holds a new level, outside the band, for 30 minutes (the cook
/// turned the oven up) becomes the new baseline. Constant memory and cost per reading.
public struct AmbientBaseline: Sendable {
    /// Bucket width in seconds.
    static let bucketSeconds = 60.0
    /// Buckets that must agree before the baseline is trusted (10 min).
    static let settleBuckets = 10
    /// Buckets at a new level that make it the baseline (30 min).
    static let resettleBuckets = 30

    /// The last `resettleBuckets` bucket means.
    private var buckets: [Double] = []
    private var currentIndex: Int?
    private var currentSum = 0.0
    private var currentCount = 0.0
    /// The settled level, once armed.
    private var level: Double?

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
            close(bucket: currentSum / currentCount)
            currentSum = 0
            currentCount = 0
        }
        currentIndex = index
        currentSum += celsius
        currentCount += 1
    }

    /// The settled ambient in degrees Celsius, or nil before the pit has settled.
    public var settledCelsius: Double? { level }

    private mutating func close(bucket: Double) {
        buckets.append(bucket)
        if buckets.count > Self.resettleBuckets { buckets.removeFirst(buckets.count - Self.resettleBuckets) }
        guard let settled = level else {
            if let median = Self.steadyLevel(of: buckets.suffix(Self.settleBuckets)) { level = median }
            return
        }
        if buckets.count == Self.resettleBuckets, let median = Self.steadyLevel(of: buckets[...]),
            abs(median - settled) > Self.toleranceCelsius(around: settled)
        {
            level = median
        }
    }

    /// The median of `recent` when there are `settleBuckets` or more of them, all within half the
    /// tolerance of each other; nil otherwise.
    private static func steadyLevel(of recent: ArraySlice<Double>) -> Double? {
        guard recent.count >= settleBuckets, let lo = recent.min(), let hi = recent.max() else { return nil }
        let median = recent.sorted()[recent.count / 2]
        return hi - lo <= 0.5 * toleranceCelsius(around: median) ? median : nil
    }
}
