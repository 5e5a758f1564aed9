/// The ranges one kind of cook's parameters are drawn from (by seed) in `CookSimulator`.
///
/// Names match the canonical cut names of `Models/cuts.json`; aliases such as `pork_butt` are
/// resolved by the caller through `CutCatalog`. Temperatures in Celsius, lengths in metres,
/// times in seconds unless the name says hours.
public struct SimulationPreset: Sendable, Hashable {
    /// Evaporative stall and wrapping (smoked cuts only).
    public struct Stall: Sendable, Hashable {
        /// Pit vapour pressure in pascals: sets the wet-bulb (stall) temperature, ~62-72 C.
        public var pitVapourPressurePascals: ClosedRange<Double>
        /// Surface water, expressed as hours of full-rate evaporation at `h (T_pit - 70 C)`.
        public var evaporationBudgetHours: ClosedRange<Double>
        /// Fraction of the water below which drying slows (falling-rate period).
        public var criticalFraction: ClosedRange<Double>
        /// Probability that the cook wraps (foil or paper) to push through the stall.
        public var wrapProbability: Double
        /// Hours after the probe first reaches 62 C at which the cook wraps.
        public var wrapDelayHours: ClosedRange<Double>

        /// Creates stall parameters.
        public init(
            pitVapourPressurePascals: ClosedRange<Double>, evaporationBudgetHours: ClosedRange<Double>,
            criticalFraction: ClosedRange<Double>, wrapProbability: Double, wrapDelayHours: ClosedRange<Double>
        ) {
            self.pitVapourPressurePascals = pitVapourPressurePascals
            self.evaporationBudgetHours = evaporationBudgetHours
            self.criticalFraction = criticalFraction
            self.wrapProbability = wrapProbability
            self.wrapDelayHours = wrapDelayHours
        }
    }

    /// Canonical cut name, e.g. `brisket`.
    public var name: String
    /// Body shape and outer radius range (m).
    public var geometry: ConductionModel.Geometry
    public var radiusMetres: ClosedRange<Double>
    /// Thermal diffusivity range, m^2/s.
    public var diffusivitySquareMetresPerSecond: ClosedRange<Double> = 1.2e-7...1.5e-7
    /// Thermal conductivity range, W/(m K).
    public var conductivityWattsPerMetreKelvin: ClosedRange<Double> = 0.42...0.50
    /// Oven, smoker or water bath.
    public var airKind: AirTemperatureModel.Kind
    /// Set point range of the pit/oven/bath, Celsius.
    public var setPointCelsius: ClosedRange<Double>
    /// Surface heat transfer coefficient range, W/(m^2 K) (radiation lumped in for air).
    public var heatTransferWattsPerSquareMetreKelvin: ClosedRange<Double>
    /// Meat temperature at the start (from the fridge), Celsius.
    public var startCelsius: ClosedRange<Double> = 2...6
    /// Default pull target, Celsius.
    public var targetCelsius: Double
    /// Stall physics, nil for cuts that do not stall.
    public var stall: Stall?
    /// Lid/door openings per hour.
    public var lidOpeningsPerHour: ClosedRange<Double>
    /// Probability the oven/pit was preheated (else a cold start with a ramp).
    public var preheatedProbability: Double = 1
    /// Controller cycling amplitude in Celsius.
    public var cycleAmplitudeCelsius: ClosedRange<Double> = 1...6
    /// Wander standard deviation in Celsius.
    public var wanderSigmaCelsius: ClosedRange<Double> = 0.5...3
    /// Time between notifications of the seed probe, seconds (readings and status packets alternate).
    public var packetIntervalSeconds: Double = 0.5
    /// Probe noise standard deviation, Celsius.
    public var probeNoiseCelsius: ClosedRange<Double> = 0.05...0.15
    /// Ambient sensor noise standard deviation, Celsius.
    public var ambientNoiseCelsius: ClosedRange<Double> = 0.2...1.2
    /// Ambient sensor bias standard deviation, Celsius.
    public var ambientBiasSigmaCelsius: Double = 2
    /// Probe tip position as a fraction of the radius (0 = centre).
    public var probeOffsetFraction: ClosedRange<Double> = 0...0.25
    /// BLE dropouts per hour.
    public var dropoutsPerHour: ClosedRange<Double> = 0...1.5
    /// Probability that a reading packet arrives truncated.
    public var corruptPacketProbability: Double = 2e-4

    /// Creates a preset; see the properties for units.
    public init(
        name: String, geometry: ConductionModel.Geometry, radiusMetres: ClosedRange<Double>,
        airKind: AirTemperatureModel.Kind, setPointCelsius: ClosedRange<Double>,
        heatTransferWattsPerSquareMetreKelvin: ClosedRange<Double>, targetCelsius: Double,
        stall: Stall? = nil, lidOpeningsPerHour: ClosedRange<Double>
    ) {
        self.name = name
        self.geometry = geometry
        self.radiusMetres = radiusMetres
        self.airKind = airKind
        self.setPointCelsius = setPointCelsius
        self.heatTransferWattsPerSquareMetreKelvin = heatTransferWattsPerSquareMetreKelvin
        self.targetCelsius = targetCelsius
        self.stall = stall
        self.lidOpeningsPerHour = lidOpeningsPerHour
    }

    /// The preset for a canonical cut name (`turkey`, `brisket`, ...), nil when there is none.
    public static func named(_ name: String) -> SimulationPreset? {
        all.first { $0.name == name }
    }

    /// Every built-in preset.
    public static let all: [SimulationPreset] = [
        turkey, chicken, brisket, porkShoulder, primeRib, steak, sousVide,
    ]

    /// Whole turkey in a 163 C oven: sphere R 8-10 cm, target 74 C (about 2.5-4.5 h).
    public static let turkey = SimulationPreset(
        name: "turkey", geometry: .sphere, radiusMetres: 0.085...0.100, airKind: .oven,
        setPointCelsius: 160...166, heatTransferWattsPerSquareMetreKelvin: 10...22, targetCelsius: 74,
        lidOpeningsPerHour: 0...0.5)

    /// Whole chicken in a 200 C oven: sphere R 5-6.4 cm, target 74 C (about 1-2 h).
    public static let chicken = SimulationPreset(
        name: "chicken", geometry: .sphere, radiusMetres: 0.052...0.064, airKind: .oven,
        setPointCelsius: 190...210, heatTransferWattsPerSquareMetreKelvin: 10...20, targetCelsius: 74,
        lidOpeningsPerHour: 0...0.5)

    /// Smoked brisket: cylinder R 5.5-7.5 cm, pit 107-121 C, stall near 65-70 C, target 95 C.
    public static let brisket = smoked(
        name: "brisket", geometry: .cylinder, radiusMetres: 0.055...0.075, setPointCelsius: 107...121,
        evaporationBudgetHours: 4...6.5, wrapProbability: 0.4)

    /// Smoked pork shoulder: sphere R 8-10 cm, pit 110-125 C, stall, target 95 C.
    public static let porkShoulder = smoked(
        name: "pork_shoulder", geometry: .sphere, radiusMetres: 0.080...0.095, setPointCelsius: 110...125,
        evaporationBudgetHours: 5...8, wrapProbability: 0.35)

    /// A low-and-slow smoker cook to 95 C with an evaporative stall: what the two stall cuts share.
    private static func smoked(
        name: String, geometry: ConductionModel.Geometry, radiusMetres: ClosedRange<Double>,
        setPointCelsius: ClosedRange<Double>, evaporationBudgetHours: ClosedRange<Double>, wrapProbability: Double
    ) -> SimulationPreset {
        var p = SimulationPreset(
            name: name, geometry: geometry, radiusMetres: radiusMetres, airKind: .smoker,
            setPointCelsius: setPointCelsius, heatTransferWattsPerSquareMetreKelvin: 14...24, targetCelsius: 95,
            stall: Stall(
                pitVapourPressurePascals: 24_000...29_000, evaporationBudgetHours: evaporationBudgetHours,
                criticalFraction: 0.25...0.4, wrapProbability: wrapProbability, wrapDelayHours: 2.5...4),
            lidOpeningsPerHour: 0.1...0.6)
        p.preheatedProbability = 0.7
        p.cycleAmplitudeCelsius = 2...8
        p.wanderSigmaCelsius = 1...4
        return p
    }

    /// Prime rib roasted low: cylinder R 6-8 cm, oven 120 C, target 54 C.
    public static let primeRib = SimulationPreset(
        name: "prime_rib", geometry: .cylinder, radiusMetres: 0.060...0.080, airKind: .oven,
        setPointCelsius: 115...125, heatTransferWattsPerSquareMetreKelvin: 12...25, targetCelsius: 54,
        lidOpeningsPerHour: 0...0.4)

    /// Thick steak, reverse sear (oven phase): cylinder R 3-3.8 cm, oven 110 C, target 52 C.
    public static let steak = SimulationPreset(
        name: "steak", geometry: .cylinder, radiusMetres: 0.030...0.038, airKind: .oven,
        setPointCelsius: 105...115, heatTransferWattsPerSquareMetreKelvin: 12...25, targetCelsius: 52,
        lidOpeningsPerHour: 0...0.3)

    /// Sous vide: cylinder R 2.8-3.8 cm in a 57 C bath (h 150-400), target 56.5 C.
    public static let sousVide: SimulationPreset = {
        var p = SimulationPreset(
            name: "sous_vide", geometry: .cylinder, radiusMetres: 0.028...0.038, airKind: .waterBath,
            setPointCelsius: 57...57, heatTransferWattsPerSquareMetreKelvin: 150...400, targetCelsius: 56.5,
            lidOpeningsPerHour: 0...0)
        p.cycleAmplitudeCelsius = 0.02...0.08
        p.wanderSigmaCelsius = 0.01...0.03
        p.ambientNoiseCelsius = 0.03...0.08
        p.ambientBiasSigmaCelsius = 0.05
        p.probeOffsetFraction = 0...0.15
        return p
    }()
}
