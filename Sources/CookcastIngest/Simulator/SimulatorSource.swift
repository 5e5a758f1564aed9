import CookcastCore

/// A `ReadingSource` that simulates a cook (label `simulate:<preset>`), decoded by `SeedProbeDecoder`.
///
/// Events come out as fast as the consumer pulls them; wrap in `PacedSource` for real time.
/// The physics is stepped lazily by the iterator, so a 30-hour cook costs no memory up front.
public struct SimulatorSource: ReadingSource {
    public typealias Element = SourceEvent
    public typealias Failure = Never

    /// The preset simulated.
    public let preset: SimulationPreset
    /// Seed, target and ambient overrides, stop rules.
    public let options: SimulationOptions

    /// A simulated cook of `preset`.
    public init(preset: SimulationPreset, options: SimulationOptions = SimulationOptions()) {
        self.preset = preset
        self.options = options
    }

    /// A simulated cook of the preset named `presetName` (a canonical cut name), nil if unknown.
    public init?(presetName: String, options: SimulationOptions = SimulationOptions()) {
        guard let preset = SimulationPreset.named(presetName) else { return nil }
        self.init(preset: preset, options: options)
    }

    public var label: String { SessionInfo.simulatedSourcePrefix + preset.name }
    public var decoder: (any ProbeDecoder)? { SeedProbeDecoder() }

    /// Steps a `CookSimulator`.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var simulator: CookSimulator
        var count = 0

        public mutating func next() async -> SourceEvent? {
            count += 1
            // Give other tasks a turn now and then when consumed flat out.
            if count % 4096 == 0 { await Task.yield() }
            return simulator.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(simulator: CookSimulator(preset: preset, options: options))
    }
}
