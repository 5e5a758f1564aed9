/// Detects probes that report in whole degrees (Celsius or Fahrenheit) or half degrees Celsius.
///
/// Such a probe shows the target once the meat is within half a step of the first value it can
/// show at or above the target (it rounds), so the modelled curve must cross that point, not the
/// target: near an asymptote (a bath half
/// a degree above the target) that half step is most of the remaining rise, and a model crossing
/// the full target finishes far too late or never. Fine-grained probes (0.1 C and below) report
/// a step of 0 and change nothing.
///
/// A reading is on a lattice when it lies within `toleranceCelsius` of a multiple of the step
/// (whole-degree Fahrenheit values converted to Celsius and printed with one decimal are up to
/// 0.05 C off the exact lattice). A step counts once `minimumReadings` readings were seen and at
/// least `minimumFraction` of them lie on its lattice; of the steps that count, the coarsest wins.
public struct ReadingResolution: Sendable {
    /// Candidate steps, coarsest first, Celsius.
    public enum Step: CaseIterable, Sendable {
        case wholeCelsius, wholeFahrenheit, halfCelsius

        /// Step width, Celsius.
        public var celsius: Double {
            switch self {
            case .wholeCelsius: 1.0
            case .wholeFahrenheit: 5.0 / 9.0
            case .halfCelsius: 0.5
            }
        }

        /// Whether `celsius` lies on this step's lattice.
        func contains(_ celsius: Double, toleranceCelsius: Double) -> Bool {
            switch self {
            case .wholeCelsius: return abs(celsius - celsius.rounded()) <= toleranceCelsius
            case .halfCelsius: return abs(2 * celsius - (2 * celsius).rounded()) <= 2 * toleranceCelsius
            case .wholeFahrenheit:
                let f = celsius * 9 / 5 + 32
                return abs(f - f.rounded()) <= toleranceCelsius * 9 / 5
            }
        }
    }

    /// Readings needed before any step counts.
    public var minimumReadings = 20
    /// Share of readings that must lie on a step's lattice.
    public var minimumFraction = 0.95
    /// Distance from the lattice still counted as on it, Celsius.
    public var toleranceCelsius = 0.06

    private(set) var readingCount = 0
    private var onLattice = [Int](repeating: 0, count: Step.allCases.count)

    /// Creates a detector that has seen nothing (step 0).
    public init() {}

    /// Counts one probe reading.
    public mutating func observe(_ celsius: Double) {
        readingCount += 1
        for (i, step) in Step.allCases.enumerated() where step.contains(celsius, toleranceCelsius: toleranceCelsius) {
            onLattice[i] += 1
        }
    }

    /// The coarsest step the readings follow, nil for a fine-grained (or too young) series.
    public var step: Step? {
        guard readingCount >= minimumReadings else { return nil }
        let needed = minimumFraction * Double(readingCount)
        return Step.allCases.enumerated().first { Double(onLattice[$0.offset]) >= needed }?.element
    }

    /// The temperature the true (unrounded) probe value must pass for the reading to show
    /// `targetCelsius` or more: half a step below the first lattice value at or above the target
    /// (the target itself for a fine-grained series), Celsius.
    public func crossingCelsius(forTarget targetCelsius: Double) -> Double {
        guard let step else { return targetCelsius }
        switch step {
        case .wholeCelsius, .halfCelsius:
            let s = step.celsius
            return ((targetCelsius - toleranceCelsius) / s).rounded(.up) * s - s / 2
        case .wholeFahrenheit:
            let f = targetCelsius * 9 / 5 + 32
            let shown = (f - toleranceCelsius * 9 / 5).rounded(.up)
            return (shown - 0.5 - 32) * 5 / 9
        }
    }
}
