/// One point of the resampled grid: the mean of the raw readings in one bucket.
public struct GridPoint: Sendable, Hashable {
    /// When its readings were taken: their mean time (on a 5 s lattice, see
    /// `ETAEstimator.closeBucket`), seconds since the session start.
    public var seconds: Double
    /// Mean probe temperature in the bucket, Celsius.
    public var probeCelsius: Double
    /// Mean ambient temperature in the bucket, Celsius (nil when the bucket had none).
    public var ambientCelsius: Double?

    /// Creates a grid point.
    public init(seconds: Double, probeCelsius: Double, ambientCelsius: Double?) {
        self.seconds = seconds
        self.probeCelsius = probeCelsius
        self.ambientCelsius = ambientCelsius
    }
}
