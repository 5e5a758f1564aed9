import Foundation

extension ConductionFitter {
    /// Tuning knobs.
    public struct Configuration: Sendable, Hashable {
        /// Shape of the modal basis.
        public var shape: BodyShape = .cylinder
        /// Time constants tried, seconds.
        /// 600 s (a 9 mm half-thickness) to 190,000 s (a 16 cm radius) in steps of 9 %; longer ones
        /// were never chosen on any simulated or real cook.
        public var taus: [Double] = (0..<67).map { 600 * pow(1.09, Double($0)) }
        /// Biot numbers tried: 0.35-24 in steps of 25 % (steps of 60 % let the fit jump between a
        /// too-low Biot with a hot offset and a too-high one with a cold offset; pooled over three
        /// simulator suites the finer grid took the medians from 0.088/0.077/0.063/0.062 to
        /// 0.075/0.063/0.051/0.055).
        public var biots: [Double] = (0..<20).map { 0.35 * pow(1.25, Double($0)) }
        /// A coarser Biot grid (0.35-24 in steps of 60 %) for bulk fitting, where the Biot number
        /// itself is not learned.
        public static let coarseBiots: [Double] = (0..<10).map { 0.35 * pow(1.6, Double($0)) }
        /// Relative probe radii tried (0 = centre).
        public var radii: [Double] = [0]
        /// Memory of the forgetting, as a multiple of the elapsed time (window grows with the cook).
        public var memoryFraction = 0.3
        /// Memory floor, seconds.
        public var minimumMemorySeconds = 900.0
        /// Assumed noise of one grid point, Celsius (scales the ridge).
        public var noiseCelsius = 0.3
        /// Prior standard deviation of `T0` around the first reading, Celsius.
        public var startSigmaCelsius = 3.0
        /// Prior standard deviation of the ambient offset with a measured ambient, Celsius. The
        /// offset is where evaporation lives: a wet surface loses heat as if the air were cooler
        /// (linearised, a sink towards the wet-bulb temperature lowers the effective air by a
        /// fraction of the air-to-surface gap, often 10-20 % in an oven), so it must be free to
        /// reach that; the narrower 6 C / 6 % prior held the fit at the dry-surface air.
        public var offsetSigmaMeasured = 15.0
        /// With a measured air, the offset's standard deviation is at most this fraction of the
        /// air-to-target gap (a water bath pins it far tighter than an oven).
        public var offsetGapFraction = 0.15
        /// Prior mean of the offset with a measured air, as a fraction of the air-to-target gap
        /// (negative: a wet surface makes the meat see a cooler air). Without it the young fit
        /// starts from a dry surface and predicts early. 0.05-0.15 all helped both the simulator
        /// suite and the leave-one-out real cooks; the data overrule it through the 15 % spread
        /// above. Not in a bath (see `inBath`): meat sealed in a bag under water does not
        /// evaporate, and there the finish hangs on the last tenths of a degree.
        public var offsetPriorGapFraction = 0.1
        /// Smallest standard deviation of the offset with a measured air, Celsius, for a probe that
        /// reads in tenths. A bath is held to a tenth of a degree or better, and a young fit trades
        /// a slightly short `tau` for a bath a few tenths too cool, which near the asymptote makes
        /// the finish late: from 0.25 to 0.1, simulated sous vide went from 0.04-0.15 late at half
        /// time to within 0.06 (pooled suites 7/11/13 @50 0.054 -> 0.050, @75 0.045 -> 0.042;
        /// holdout seed 21 @50 0.071 -> 0.058).
        public var offsetFloorCelsius = 0.1
        /// A probe that reads in whole degrees cannot pin the air level more finely than about half
        /// its step: the floor is at least this fraction of `readingStepCelsius` (0.25 C for whole
        /// Fahrenheit, the floor all probes had before; the real whole-Fahrenheit T-bone's answer
        /// swings either way for floors from 0.1 to 0.45 C, so no value is measured better there).
        public var offsetFloorPerReadingStep = 0.45
        /// Prior standard deviation of the ambient without a sensor, Celsius.
        public var offsetSigmaAssumed = 50.0
        /// Prior on log(tau): mean and standard deviation (nil: flat).
        public var logTauPrior: (mean: Double, sd: Double)? = nil
        /// Physical prior tying the Biot number to the time constant (nil: flat). Early in a cook
        /// the centre has barely moved and a low Biot with a short `tau` fits the onset as well as
        /// the true pair, but finishes hours late; `Bi = h R / k` with `R = sqrt(alpha tau)` for
        /// meat's alpha and k and a typical surface coefficient breaks that tie. Applied only with
        /// a measured air (without one the air level is fitted and absorbs the surface instead).
        public var biotPrior: BiotPrior? = BiotPrior()
        /// Grid points earlier than this after the start are not fitted: there the truncated
        /// series is still far from the true (flat) start, seconds.
        public var skipSeconds = 90.0
        /// Number of modes.
        public var modeCount = 12

        /// Default configuration.
        public init() {}

        public static func == (a: Self, b: Self) -> Bool {
            a.shape == b.shape && a.taus == b.taus && a.biots == b.biots && a.radii == b.radii
                && a.memoryFraction == b.memoryFraction && a.logTauPrior?.mean == b.logTauPrior?.mean
                && a.logTauPrior?.sd == b.logTauPrior?.sd && a.biotPrior == b.biotPrior
        }
        public func hash(into h: inout Hasher) { h.combine(shape); h.combine(taus) }
    }

    /// The expected Biot number for a time constant, as a log-normal prior.
    public struct BiotPrior: Sendable, Hashable {
        /// Surface heat-transfer coefficient in air (convection plus radiation), W/m^2K: ovens and
        /// smokers are 10-30.
        public var airWattsPerSquareMetreKelvin = 18.0
        /// Surface heat-transfer coefficient in a stirred water bath, W/m^2K (150-400).
        public var bathWattsPerSquareMetreKelvin = 250.0
        /// Thermal diffusivity of meat, m^2/s (1.2-1.5e-7).
        public var diffusivitySquareMetresPerSecond = 1.35e-7
        /// Thermal conductivity of meat, W/mK (0.42-0.50).
        public var conductivityWattsPerMetreKelvin = 0.46
        /// Standard deviation of log(Bi) around the expected value.
        public var logSD = 0.5

        /// Default values.
        public init() {}

        /// Expected Biot number for `tauSeconds` (= R^2/alpha), in a bath or in air.
        public func expectedBiot(tauSeconds: Double, bath: Bool) -> Double {
            let h = bath ? bathWattsPerSquareMetreKelvin : airWattsPerSquareMetreKelvin
            return h * (diffusivitySquareMetresPerSecond * tauSeconds).squareRoot() / conductivityWattsPerMetreKelvin
        }
    }
}
