import CookcastCore
import Foundation

extension ETAEstimator {
    /// Tuning knobs.
    public struct Configuration: Sendable {
        /// Grid bucket width, seconds.
        public var bucketSeconds = 30.0
        /// Grid points needed before any fit.
        public var minimumPoints = 4
        /// Inflation of the residual variance when weighting conduction candidates (residuals are
        /// autocorrelated, so the raw likelihood is far too sharp).
        public var candidateTemperature = 4.0
        /// How many of the best-weighted conduction candidates make the finish's quantiles (cost:
        /// one crossing each per grid step).
        public var candidatesKept = 8
        /// While the curve is young (`warming`) every candidate within the weight cut-off makes
        /// them, up to this many: a probe that has not moved yet only bounds the time constant from
        /// below, and dozens of candidates (88 of them 19 minutes into a simulated turkey) explain
        /// the flat start equally well. The 8 best sat at the bound, the earliest finish still
        /// possible: at 10 % of the way simulated cooks in `warming` were told 33-38 % of the time
        /// left too little (median, suites of seeds 7/11/31); with all of them 19-28 %, and at 15 %
        /// 1-7 % instead of 13-16 %. Scored checkpoints (25 % on) unchanged. Only in a cook's first
        /// half hour.
        public var youngCandidatesKept = 256
        /// Weight, in log time, of what past cooks of the cut took against a young fit that says
        /// sooner once the probe has risen `youngRiseCelsius` (see `weighWithPastCooks`).
        public var youngPastCooksWeight = 0.5
        /// The same weight for a probe that has not risen at all (a probe that has not moved says
        /// nothing yet of when it will arrive); in between it goes linearly with the rise.
        public var youngFlatPastCooksWeight = 1.0
        /// What of `youngPastCooksWeight` cooking guides' time gets when the cut has no learned
        /// cooks (`FitPrior.totalHoursFromGuide`): a guide is written for a usual size and says
        /// less of this piece than past cooks say of theirs (its spread, half its time, against
        /// their 30 % or more). A probe that has not moved still leans on the guide fully.
        public var youngGuideWeightFactor = 0.5
        /// A curve is young while the probe has risen less than this since the fit started, C.
        public var youngRiseCelsius = 2.0
        /// How long a curve can stay young (under `youngRiseCelsius` of rise), seconds. It was half an hour: a big
        /// turkey's centre sat at 5.0 C for 35 minutes, and the fit, no longer young, took the
        /// longest time constants that explain a flat start and said 22 hours (band 13-40 h) for a
        /// 3.3-hour cook without an air sensor, 7 hours with one.
        public var youngMaxSeconds = 7200.0
        /// From this age a young fit that says later than past cooks is weighed with them too, as
        /// one that says sooner always is, seconds: after half an hour without a rise, the flat
        /// start says the heat is slow to arrive, not when it gets there (that turkey: 22 hours ->
        /// 2.6-3.9 hours over its first hour; scored checkpoints unchanged but one, pooled @25
        /// 0.061 -> 0.060).
        public var youngBothWaysAfterSeconds = 1800.0
        /// Smallest half-width of the 80 % interval, in log time (0.08: 8 % of the time left either
        /// way). Late in a well-forecast cook the band sits on this floor: at 0.12 simulated cooks
        /// at 90 % of the way were covered 93-98 % of the time by a band of a third of the time
        /// left, with median errors of 3 %; at 0.08, 90-98 %.
        public var intervalFloorFraction = 0.08
        /// Scored forecasts a cook needs in each of its own records (`ForecastSkill`,
        /// `FinishRevisions`) before they may narrow the 80 % band below what past cooks' errors say.
        public var bandFromSkillMinimumCount = 10
        /// A move of the air level, as a fraction of the air-to-probe gap, that starts the band's
        /// own record afresh (`restartRecordOnAirShift`).
        public var recordAirShiftFraction = 0.3
        /// Typical bias between the probe and the air sensor, Celsius: near an asymptote (a bath just
        /// above the target) the interval covers the air being off by this much either way.
        public var airBiasCelsius = 1.0
        /// For a probe that reports in whole (or half) degrees, the part of the fitted curve's miss
        /// within half a reading step is not carried into the forecast (`forecastResidual`).
        public var residualBeyondReadingStep = true
        /// Gain of the smoothing per grid step (1 = none).
        public var smoothingGain = 0.5
        /// The damping's time constant (43 s at a gain of 0.5 on 30 s steps) is at most this
        /// fraction of the time left. At 43 s it was a sixth of the 4.4 minutes the real pan-seared
        /// steak had left at half time, and the finish trailed a forecast that was falling: @50 /
        /// @90 0.198 / 0.521 late, 0.149 / 0.426 with 0.05, and the real @50 median 0.198 -> 0.149.
        /// With 0.02 the real @50 / @90 medians were 0.131 / 0.142, but seed 21 @90 went 0.026 ->
        /// 0.031 and the Probe-ability sirloin later (@50 0.345 -> 0.424). With 0.1, @50 0.186. Longer
        /// cooks are only touched in their last 15 minutes.
        public var smoothingRemainingFraction = 0.05
        /// Until the plateau of a cut that stalls is over (and on a second one: a brisket wrapped
        /// on its plateau, its pit opened and its air sinking 7 C, swung by +4 and -6.5 hours within
        /// ten minutes on it), a change of the finish by more than
        /// `plateauJumpFraction` of the time left is followed in log time with this time constant
        /// (at most `plateauJumpRemainingFraction` of the time left), not at once: there the rungs
        /// (plateau ahead, on it, recent slope, conduction) disagree by hours and a pit's swings
        /// flip between them (see `smoothedFinishSeconds`). 0 = off.
        public var plateauJumpSmoothingSeconds = 900.0
        /// Whether that smoothing also holds on a plateau after the first one ended.
        public var smoothsLaterPlateaus = true
        /// Smallest change of the finish, as a fraction of the time left, that counts as a jump.
        public var plateauJumpFraction = 0.1
        /// Cap of the jump smoothing's time constant, as a fraction of the time left.
        public var plateauJumpRemainingFraction = 0.1
        /// Recompute the estimate at every grid step (live). Off for bulk fitting of stored cooks,
        /// which asks with `refreshNow()` only where it needs an answer.
        public var refreshesEachBucket = true
        /// How many cooks' worth of trust the plateau physics gets against the learned
        /// plateau-to-finish time (weight of the learned time = n / (n + this)). Six: a learned
        /// ratio from a handful of cooks is noisy (the shipped brisket prior is three probes of one
        /// cook), and at 2 it held simulated briskets to the real cook's long finish (suite seed 7
        /// p90 0.33 -> 0.29, seed 11 0.46 -> 0.39; real cooks' checkpoint medians unchanged).
        public var stallPriorPseudoCount = 6.0
        /// Restart the conduction fit when a plateau ends (meat close to uniform at the plateau).
        public var restartsAfterStall = true
        /// Whether a rise that slowed in the plateau band and sped up again without a plateau (the
        /// meat wrapped before it stalled) ends the stall as a plateau's end does: the fit restarts
        /// with a dry surface and no plateau is expected ahead. Without it, the fit went on with
        /// the evaporation it had learned and the stall still to come: simulated briskets and
        /// shoulders wrapped at 63-72 C were up to 0.8 of the time left late at 75 and 90 % of the
        /// way (design log, stall).
        public var restartsAfterSlowdown = true
        /// Fixed factor on the modelled remaining time (1 = none).
        public var remainingScale = 1.0
        /// Apply the prior's learned remaining-time calibration (`FitPrior.etaScale`).
        public var usesCalibration = false
        /// The recent slope is blended in only without an air sensor or when the (effective) air is
        /// less than this far above the target, Celsius.
        public var slopeBlendGapCelsius = 20.0
        /// The recent slope's line is bent towards the fitted effective air, which the rise slows
        /// on approaching (`ETAEstimator.slowedLineSeconds`), fully while what the line says is
        /// left is at most `slopeSlowingReachFull` times the time the probe has been heating, not
        /// at all from `slopeSlowingReachNone`: over a longer extrapolation the level is too
        /// loosely known (without an air sensor it is a fitted unknown) to stretch the line by.
        public var slopeSlowingReachFull = 1.0
        public var slopeSlowingReachNone = 1.5
        /// The bend counts fully while the level is at least `slopeSlowingMarginFull` times the
        /// rise still to go above the target (the line's time then grows by at most 2 ln 2), not at
        /// all under `slopeSlowingMarginNone` times: a level barely above the target, as under a
        /// fire still coming up, would stretch the line without bound.
        public var slopeSlowingMarginFull = 1.0
        public var slopeSlowingMarginNone = 0.5
        /// Shortest window the air level ahead is read over once the air has stopped rising,
        /// seconds: a full cycle of a controller (3-15 min). With 2 minutes early in a cook, the
        /// level followed an oven's 15-minute swings of +-8 C and the ETA swung with it (real
        /// Probe-ability sirloin); pooled suites @50 0.063 -> 0.059, real cooks unchanged, and the
        /// median over the real cooks of the largest ETA change between readings 0.76 -> 0.43
        /// of the time left.
        public var steadyAirWindowSeconds = 900.0
        /// How long the air must have stayed at or under the target, the meat cooling, for the
        /// heat to count as off (the oven turned off, the fire out, the meat taken out to rest),
        /// seconds: then the air ahead is that air, not the hours before it (the forecast kept the
        /// 4-hour mean, so a probe cooling in 40 C air was "predicting", 3 h left, in air "at
        /// 73.5 C"). Shorter dips are a lid or a door.
        public var heatOffAfterSeconds = 900.0
        /// A probe no more than this above its lowest grid point since it went in is not rising
        /// (falling, or flat within a probe's noise), Celsius: with the measured air steady at or
        /// under the target, it is out of reach before the fit has its points (see
        /// `outOfReachBeforeTheFit`).
        public var notRisingCelsius = 0.5
        /// Grid points of the air further than this beyond the window's quartiles (or 1.5
        /// interquartile ranges, if more) are a lid or door opened (or a sensor glitch), not the
        /// level the meat will cook at, Celsius.
        public var lidDipCelsius = 10.0
        /// Grid points in a row whose air, every one more than `lidDipCelsius` above the window's
        /// level, say the fire was turned up (2 minutes): a lid opened drops the air, it never
        /// raises it. Without this the level took a quarter of the window (4-5 minutes) to follow
        /// an oven turned from 135 to 200 C, and the fit, driven by the measured 200 C but
        /// forecasting at 135, put the finish an hour later than before the oven was turned up.
        public var raisedFirePoints = 4
        /// Measured air less than this far from the target is a controlled water bath, Celsius (air
        /// further below the target is a cold or dying pit, not a bath). One rule for everything
        /// that treats a bath differently, the conduction fitter included (`inBath`): no slope
        /// blend (the curve is the textbook conduction solution and a straight line through its
        /// flattening end only pulls the finish early), the bath surface coefficient in the Biot
        /// prior (5 C there before was no better), no evaporation in the offset prior, the bath
        /// rung of the ladder and a 20-minute reading of the bath's level.
        public var bathGapCelsius = 3.0
        /// A bath's level is read over this long, seconds (`ETAEstimator.bathLevelSince`):
        /// whole-degree flicker (52.2 / 52.8 C) and a controller's cycling average out.
        public var bathLevelSeconds = 1200.0
        /// The bath's recent level, read over this long, seconds: the window above starts after
        /// the bath last lay more than `bathRecoveredCelsius` under it (a step and a half of a
        /// whole-Fahrenheit probe), when the recent air is steady (its highest and lowest within
        /// `bathSteadySpreadCelsius`, two whole-Fahrenheit steps: a smoker's pit sagging near the
        /// target swings by more).
        public var bathRecentLevelSeconds = 300.0
        /// How far under its recent level a bath lay for the last time before the level's window
        /// starts, Celsius (see `bathRecentLevelSeconds`).
        public var bathRecoveredCelsius = 0.9
        /// The most the recent air may spread (highest less lowest) for it to count as a steady
        /// bath whose level is read from when it came back, Celsius (see `bathRecentLevelSeconds`).
        public var bathSteadySpreadCelsius = 1.2
        /// For this long after the start a bath under the target counts as recovering from the
        /// cold meat going in (phase `warming`), not as a target out of reach (see
        /// `bathRecovering`), seconds.
        public var bathRecoverySeconds = 1200.0
        /// A bath holds the target when the target is at most `bathHoldsTargetCelsius` above it
        /// (two sensors' disagreement) and less than `bathFinishMarginCelsius` below it: the meat
        /// only closes on the bath asymptotically, so it is done within that margin of the bath
        /// (see `bathGoalCelsius`), Celsius.
        public var bathFinishMarginCelsius = 0.3
        /// See `bathFinishMarginCelsius`; a bath further under the target is out of reach, Celsius.
        public var bathHoldsTargetCelsius = 0.2
        /// A rise faster than this between two grid points in the first half hour is the probe
        /// going into meat hotter than the room it read before (a cook joined midway, a reheat),
        /// not heating, Celsius per minute: the real pan-seared Combustion steak's centre climbed
        /// 5 C a minute at most, and the real T-bone's first minute in its bath 8 C (12.8 -> 21.1).
        public var insertionRiseCelsiusPerMinute = 12.0
        /// A stalling cut's probe is creeping towards its plateau once within this of the cut's
        /// plateau temperature, Celsius; heading for the plateau, the time spent since counts as
        /// time on it. The evaporative slowdown starts well below the flat part: simulated
        /// briskets and shoulders at half time (61-67 C, still rising 4-8 C/h) were given the whole
        /// plateau yet to come and finished 0.3-0.85 early in log time. Pooled suites @50
        /// 0.059 -> 0.056, holdout p90 0.342 -> 0.334, leave-one-out real @50 0.274 -> 0.227
        /// (@25 0.285 -> 0.294); 16 C did about the same, 8 C less.
        public var stallBandCelsius = 12.0
        /// After a plateau, restart the fit with a dry surface: no evaporative offset prior.
        public var dryAfterStall = true
        /// After a plateau, read the recent slope only over `afterStallSlopeWindowSeconds`.
        public var slopeFromStallEnd = true
        /// Recent-slope window after a plateau, seconds (20-30 min were too noisy on real ribs and
        /// pork shoulder; windows reaching back to the plateau's end lagged the speeding-up climb).
        public var afterStallSlopeWindowSeconds = 2700.0
        /// The recent slope starts at the bottom of a fall of the probe of at least this much in its
        /// window (`GridBuffer.bottomOfFall`), Celsius: more than a whole-degree probe's flicker.
        public var lineFallCelsius = 1.5
        /// ... once the probe has climbed from there for this long, seconds (fewer points say too
        /// little of the rate).
        public var lineAfterFallSeconds = 600.0
        /// Until then, the recent slope is the median line (`GridBuffer.medianLine`): the median of
        /// the rises over this many seconds in the window, so a fall (or a sensor's jump) bends
        /// only the spans across it. Through its fall the least-squares line had the real
        /// Combustion pork shoulder at 90 % of the way (6 minutes after the bottom of a fall from
        /// 88.0 to 86.0 C, after a lid) 0.154 of the time left late; with spans of 150 / 200 / 300 / 400 / 600 s
        /// 0.056 / 0.053 / 0.078 / 0.088 / 0.079. Longer spans reach across more of the window's
        /// jumps: at 75 % of the way that cook (a sensor jumping 3 C, then falling 2.8 C) went from
        /// 0.101 late to 0.154 / 0.137 / 0.082 / 0.026 / 0.333 early. No simulated checkpoint moves.
        public var lineThroughFallSpanSeconds = 300.0
        /// ... and its level the median over the points of this many last seconds, each carried to
        /// now along that slope (600 s: the shoulder at 90 % 0.039).
        public var lineThroughFallLevelSeconds = 300.0
        /// After a plateau, the slope is not blended in until the climb has lasted this long,
        /// seconds: a line through a few minutes of it is noise (with the line kept off the
        /// plateau, the real pulled pork's largest ETA jump between readings fell from 8.7 to
        /// 0.8 times the time left, 0.5 with `afterStallHandOffSeconds`; pooled suites @75
        /// 0.053 -> 0.051, real medians unchanged).
        public var afterStallSlopeSettleSeconds = 600.0
        /// After a plateau, the restarted fit takes over from the plateau's last finish over this
        /// long, seconds (see `handOffFromPlateau`).
        public var afterStallHandOffSeconds = 1200.0
        /// Window of the one-mode late-approach fit (`ApproachFit`, see `blendWithApproach`) as a
        /// fraction of the time since the start: at least 10 minutes, never back onto a plateau
        /// or into the first half of the heating.
        public var approachWindowFraction = 0.2
        /// Window of the two-mode late-approach fit, as a fraction of the time since the start
        /// (never into the first third of the heating). Pooled suites @75 0.051 -> 0.045 (seed 7
        /// 0.048 -> 0.027), leave-one-out real cooks @75 0.246 -> 0.232; 0.25 and 0.5 did less.
        public var approachTwoModesWindowFraction = 0.35
        /// The late-approach fit takes over the finish fully while what it says is left is at
        /// most this fraction of its window, and not at all from `approachHorizonNone` on
        /// (weighed in log time between).
        public var approachHorizonFull = 0.5
        /// See `approachHorizonFull`.
        public var approachHorizonNone = 1.5
        /// With an air sensor, the late-approach fit is used only while the level it closes on
        /// is at least this share of the way from the probe to the measured air: an approach to a
        /// level far under the air is an evaporative creep, not the first conduction mode.
        public var approachMinimumAirShare = 0.45
        /// Whether a rise that speeds up while the conduction fit sits at (or next to) its shortest
        /// time constant goes by its latest rate (`followAcceleratingRise`): heat from something hotter
        /// than the air sensor reads (a pan, a grill's embers) bends the curve the other way than
        /// conduction from that air can. The real 9-minute pan-seared Combustion steak at 50 / 75 /
        /// 90 % of the way, as `live` shows it (leave-one-out backtest): 0.274 / 0.269 / 0.608 of
        /// the time left late, then 0.073 / 0.064 / 0.242 (the vendor's own live prediction: 0.057
        /// / 0.227 / 0.321); no other scored checkpoint moves (design log, stop 41).
        public var followsAcceleratingRise = true
        /// The latest rate is read over this fraction of the time the probe has been heating...
        public var acceleratingLineFraction = 0.25
        /// ...and over at least this long, seconds (three grid points).
        public var acceleratingLineMinimumSeconds = 90.0
        /// Growth of the evaporative offset as the surface heats (see `Evaporation`; 0 = constant).
        public var evaporationGrowthGain = 1.0
        /// Surface temperature as a fraction of the way from the core to the air.
        public var evaporationSurfaceFraction = 0.3
        /// Fraction of the core's rise (first reading to target) after which evaporation grows.
        public var evaporationFromProgress = 0.5
        /// Fitter settings (shape is overridden from the cut).
        public var fitter = ConductionFitter.Configuration()

        /// Defaults.
        public init() {}
    }
}
