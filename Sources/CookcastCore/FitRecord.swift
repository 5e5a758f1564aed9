/// A stored prediction at one moment of a cook: one row of the `fits` table.
public struct FitRecord: Sendable, Hashable, Codable {
    /// Seconds since the session start at which the fit was made.
    public var elapsedSeconds: Double
    /// Channel the fit is for.
    public var channel: Int
    /// Model name, e.g. `conduction2`.
    public var model: String
    /// Fitted parameters by name (units in the names).
    public var parameters: [String: Double]
    /// Predicted time the target is reached, seconds since session start (nil if none).
    public var etaSeconds: Double?
    /// Lower and upper bounds of the 80 % interval, seconds since session start.
    public var etaLowSeconds: Double?
    public var etaHighSeconds: Double?
    /// Phase shown to the user, e.g. `predicting`, `stalled`.
    public var phase: String

    /// Creates a fit record.
    public init(
        elapsedSeconds: Double, channel: Int = 1, model: String, parameters: [String: Double],
        etaSeconds: Double?, etaLowSeconds: Double?, etaHighSeconds: Double?, phase: String
    ) {
        self.elapsedSeconds = elapsedSeconds
        self.channel = channel
        self.model = model
        self.parameters = parameters
        self.etaSeconds = etaSeconds
        self.etaLowSeconds = etaLowSeconds
        self.etaHighSeconds = etaHighSeconds
        self.phase = phase
    }
}

/// Learned prior for one cut and model: one row of the `priors` table.
public struct PriorRecord: Sendable, Hashable, Codable {
    /// Canonical cut name, or `generic`.
    public var cut: String
    /// Model the parameters belong to.
    public var model: String
    /// Parameter names, in the order of `mean` and `covariance`.
    public var parameterNames: [String]
    /// Mean of each parameter over the cooks.
    public var mean: [Double]
    /// Covariance matrix, row-major, `parameterNames.count` squared entries.
    public var covariance: [Double]
    /// How many cooks it was learned from.
    public var cookCount: Int
    /// When it was learned, milliseconds since the Unix epoch.
    public var updatedAtUnixMs: Int64

    /// Creates a prior.
    public init(
        cut: String, model: String, parameterNames: [String], mean: [Double], covariance: [Double],
        cookCount: Int, updatedAtUnixMs: Int64
    ) {
        self.cut = cut
        self.model = model
        self.parameterNames = parameterNames
        self.mean = mean
        self.covariance = covariance
        self.cookCount = cookCount
        self.updatedAtUnixMs = updatedAtUnixMs
    }
}
