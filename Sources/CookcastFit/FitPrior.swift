import CookcastCore
import Foundation

/// The prior knowledge one estimator starts from, distilled from a cut profile and learned
/// `PriorRecord`s (model `cook_summary`): typical air temperature, conduction time constant,
/// and for cuts that stall, the plateau's temperature and length.
public struct FitPrior: Sendable, Hashable {
    /// Cut name (canonical) or `generic`.
    public var cut: String
    /// Typical air temperature, Celsius.
    public var ambientCelsius: Double
    /// The target the cut's `ambientCelsius` goes with (its profile's default), Celsius; nil for
    /// `generic`. A bath is set to the target, so for a cut cooked in one the usual air follows
    /// the target (`ETAEstimator.usualAirCelsius`).
    public var usualTargetCelsius: Double?
    /// Prior of log(tau / 1 s) of the conduction model: mean, standard deviation.
    public var logTauMean: Double
    public var logTauSD: Double
    /// Whether the cut is expected to stall.
    public var stalls: Bool
    /// Plateau temperature, Celsius.
    public var stallCelsius: Double
    /// Plateau length in hours: mean and standard deviation (of the log is used for the hazard).
    public var stallHoursMean: Double
    public var stallHoursSD: Double
    /// Typical total time to target, hours: mean and standard deviation.
    public var totalHoursMean: Double
    public var totalHoursSD: Double
    /// Number of cooks behind it (0 = profile defaults only).
    public var cookCount: Int
    /// Whether `totalHoursMean` is the cut profile's guide time (`CutProfile.guideTotalHours`),
    /// the usual time of a cut none of whose cooks was learned from.
    public var totalHoursFromGuide = false
    /// Whether `totalHoursMean` says what a cook of this cut usually takes: learned from past
    /// cooks, or from cooking guides when there are none. Otherwise it is a placeholder.
    public var knowsUsualTime: Bool { cookCount > 0 || totalHoursFromGuide }
    /// Where the usual time comes from, in the words of an estimate's message.
    public var usualTimeSource: String { totalHoursFromGuide ? "cooking guides" : "past cooks" }
    /// Learned calibration of the model's remaining time: past cooks of the cut took `etaScale`
    /// times what the model predicted from 50 % on (evaporation makes pure conduction optimistic),
    /// and the spread of that ratio (SD of its log), which sets the interval's width.
    public var etaScale = 1.0
    /// Hours from the start of the plateau to the finish in past cooks of the cut (mean, SD);
    /// nil when no past cook of the cut had a plateau. Real plateaus are often long creeps, so
    /// this beats "plateau length + conduction afterwards" whenever it is known.
    public var stallToFinishHoursMean: Double?
    public var stallToFinishHoursSD = 1.5
    /// (plateau start to finish) / (start to plateau start) in past cooks: mean, SD (nil: unknown).
    public var stallFinishRatioMean: Double?
    public var stallFinishRatioSD = 0.4
    public var etaScaleLogSD = 0.15

    /// Creates a prior.
    public init(
        cut: String, ambientCelsius: Double, logTauMean: Double, logTauSD: Double, stalls: Bool,
        stallCelsius: Double, stallHoursMean: Double, stallHoursSD: Double, totalHoursMean: Double,
        totalHoursSD: Double, cookCount: Int
    ) {
        self.cut = cut
        self.ambientCelsius = ambientCelsius
        self.logTauMean = logTauMean
        self.logTauSD = logTauSD
        self.stalls = stalls
        self.stallCelsius = stallCelsius
        self.stallHoursMean = stallHoursMean
        self.stallHoursSD = stallHoursSD
        self.totalHoursMean = totalHoursMean
        self.totalHoursSD = totalHoursSD
        self.cookCount = cookCount
    }

    /// The spread of a guide's time (`CutProfile.guideTotalHours`) as a fraction of it: pieces
    /// of one cut range from half to twice the usual size.
    public static let guideTotalHoursRelativeSD = 0.5

    /// Defaults when nothing is known about the cut.
    public static let generic = FitPrior(
        cut: "generic", ambientCelsius: 130, logTauMean: log(20_000), logTauSD: 1.5, stalls: false,
        stallCelsius: 70, stallHoursMean: 0, stallHoursSD: 1, totalHoursMean: 3, totalHoursSD: 3,
        cookCount: 0)

    /// The prior for a cut: the profile's defaults, overridden by the learned record of that cut
    /// (model `PriorSet.modelName`) when there is one, else by the `generic` record's spread.
    public static func resolve(cut: CutProfile?, priors: [PriorRecord]) -> FitPrior {
        var p = generic
        if let cut {
            p.cut = cut.name
            p.ambientCelsius = cut.typicalAmbientCelsius
            p.usualTargetCelsius = cut.defaultTargetCelsius
            p.stalls = cut.stalls
            if cut.stalls {
                p.stallHoursMean = 3
                p.stallHoursSD = 2
                p.totalHoursMean = 10
                p.totalHoursSD = 4
            }
            if let hours = cut.guideTotalHours {
                // Guides are written for a usual size; a piece twice as big takes far longer.
                p.totalHoursMean = hours
                p.totalHoursSD = guideTotalHoursRelativeSD * hours
                p.totalHoursFromGuide = true
            }
        }
        let name = p.cut
        let record =
            priors.first { $0.cut == name && $0.model == PriorSet.modelName }
            ?? priors.first { $0.cut == "generic" && $0.model == PriorSet.modelName }
        guard let rec = record else { return p }
        func value(_ key: String) -> (Double, Double)? {
            guard let i = rec.parameterNames.firstIndex(of: key), i < rec.mean.count else { return nil }
            let n = rec.parameterNames.count
            let v = rec.covariance.count == n * n ? rec.covariance[i * n + i] : 0
            return (rec.mean[i], sqrt(max(0, v)))
        }
        let own = rec.cut == name
        if let (m, s) = value("log_tau_s") {
            p.logTauMean = m
            p.logTauSD = max(1.2, s)
        }
        // Calibration of the remaining time: the cut's own cooks shrunk towards all cooks (a cut
        // with one or two logs says little), all cooks shrunk towards 1; its spread over all cooks
        // sets the interval (honest: per-cut spreads from two cooks would be far too narrow).
        let generic = priors.first { $0.cut == "generic" && $0.model == PriorSet.modelName }
        func stat(_ r: PriorRecord?, _ key: String) -> (m: Double, sd: Double, n: Double)? {
            guard let r, let i = r.parameterNames.firstIndex(of: key), i < r.mean.count, r.mean[i].isFinite else {
                return nil
            }
            let k = r.parameterNames.count
            let v = r.covariance.count == k * k ? r.covariance[i * k + i] : 0
            return (r.mean[i], sqrt(max(0, v)), Double(r.cookCount))
        }
        let g = stat(generic, "log_eta_scale")
        let o = own ? stat(rec, "log_eta_scale") : nil
        if g != nil || o != nil {
            let gm = g.map { $0.m * $0.n / ($0.n + 2) } ?? 0
            let m = o.map { ($0.n * $0.m + 6 * gm) / ($0.n + 6) } ?? gm
            p.etaScale = min(1.8, max(0.6, exp(m)))
            p.etaScaleLogSD = min(0.6, max(0.1, g?.sd ?? o?.sd ?? 0.3))
        }
        if own {
            if cut == nil, let (m, _) = value("ambient_c") { p.ambientCelsius = m }
            if p.stalls, let (m, s) = value("stall_h"), m > 0 {
                p.stallHoursMean = m
                p.stallHoursSD = max(0.75, s, 0.4 * m)
            }
            if let (m, _) = value("stall_temp_c"), m > 50 { p.stallCelsius = m }
            if p.stalls, let (m, s) = value("stall_finish_ratio"), m > 0 {
                p.stallFinishRatioMean = m
                p.stallFinishRatioSD = max(0.2, s, 0.25 * m)
            }
            if p.stalls, let (m, s) = value("stall_to_finish_h"), m > 0 {
                p.stallToFinishHoursMean = m
                p.stallToFinishHoursSD = max(0.75, s, 0.25 * m)
            }
            if let (m, s) = value("total_h") {
                p.totalHoursMean = m
                p.totalHoursSD = max(0.3 * m, s)
                p.totalHoursFromGuide = false
            }
            p.cookCount = rec.cookCount
        }
        return p
    }
}
