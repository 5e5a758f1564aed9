import CookcastCore

/// A cook to backtest, without its readings: `Backtest.run(cases:summaries:...)` asks for them
/// when it predicts this cook and lets them go after, so a backtest over a season holds one cook.
public struct BacktestCase: Sendable {
    /// The cook's id in the report (`s12` for stored session 12, `s12p2` for its probe 2).
    public var id: String
    /// Cut name as given (resolved against `cut`).
    public var cutName: String
    /// The cut's profile, nil for an unknown cut (the generic prior).
    public var cut: CutProfile?
    /// The cook's target, Celsius.
    public var targetCelsius: Double
    /// When the meat first reached the target (`TargetCrossing`), seconds since the first reading.
    public var trueFinishSeconds: Double
    /// The cook this case is one probe of (`s12`), `id` for a cook of one probe: a leave-one-out
    /// backtest leaves out every case of the group when it predicts one (the probes of one cook
    /// shared its pit and its day, so one would tell the others' priors about it).
    public var group: String

    /// Creates a case; `group` defaults to `id` (a cook of one probe).
    public init(
        id: String, cutName: String, cut: CutProfile?, targetCelsius: Double, trueFinishSeconds: Double,
        group: String? = nil
    ) {
        self.id = id
        self.cutName = cutName
        self.cut = cut
        self.targetCelsius = targetCelsius
        self.trueFinishSeconds = trueFinishSeconds
        self.group = group ?? id
    }

    /// The case of a cook held with its readings.
    public init(_ cook: BacktestCook) {
        self.init(
            id: cook.id, cutName: cook.cutName, cut: cook.cut, targetCelsius: cook.targetCelsius,
            trueFinishSeconds: cook.trueFinishSeconds, group: cook.group)
    }
}
