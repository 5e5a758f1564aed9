import CookcastCore
import Foundation

/// A deterministic physics simulation of one cook, emitting what a seed probe would send.
///
/// The meat is a `ConductionModel` heated by an `AirTemperatureModel`; a probe at a (possibly
/// off-centre) radius and an ambient sensor read it with lag, noise and 0.1 C quantisation. The
/// output is real seed-probe notifications: 9-byte reading packets alternating with the 8-byte
/// status packet every ~0.5 s (with jitter), so the decoder runs on the path, plus BLE dropouts
/// (`disconnected` ... gap ... `connected`, nothing in between) and rare truncated packets.
/// It starts with `.connected`, ends with `.ended`, and stops `afterTargetSeconds` after the
/// noise-free probe-location temperature reaches the target (or at `maxDurationSeconds`).
///
/// ```swift
/// var sim = CookSimulator(preset: .brisket, options: SimulationOptions(seed: 3))
/// while let event = sim.next() { ... }             // lazily steps the physics
/// let truth = sim.trueTimeToTargetSeconds          // known once the target was crossed
/// ```
public struct CookSimulator: IteratorProtocol, Sequence, Sendable {
    /// The preset the parameters were drawn from.
    public let preset: SimulationPreset
    /// The options it runs with.
    public let options: SimulationOptions
    /// Pull target in Celsius.
    public let targetCelsius: Double
    /// Surface heat transfer coefficient drawn for this cook, W/(m^2 K) (before any wrap).
    public let heatTransferWattsPerSquareMetreKelvin: Double
    /// Radius of the probe tip from the centre, metres.
    public let probeRadiusMetres: Double
    /// Physics time step, seconds.
    public let physicsStepSeconds = 2.0
    /// Time of the wrap if this cook wraps and has wrapped, seconds.
    public private(set) var wrapSeconds: Double?
    /// First time (seconds) the noise-free temperature at the probe location reached the target,
    /// linearly interpolated between physics steps; nil until it happens.
    public private(set) var trueTimeToTargetSeconds: Double?

    /// The meat (public for inspection in tests and tools).
    public private(set) var body: ConductionModel
    /// The air around it.
    public private(set) var air: AirTemperatureModel

    private var heatTransfer: Double
    private var stopSeconds: Double
    // Physics clock and the two latest states, for interpolation at sample times.
    private var physicsSeconds = 0.0
    private var previousProbeTruth: Double
    private var probeTruth: Double
    private var previousAir: Double
    private var airNow: Double
    // Wrap plan.
    private var wrapDelaySeconds: Double?
    private var wrapIsFoil = false
    private var reachedStallZoneAt: Double?
    // Sensors.
    private var sensorRandom: SimulationRandom
    private var probeLagged: Double
    private var ambientLagged: Double
    private var sensorSeconds = 0.0
    private let probeLagSeconds: Double
    private let ambientLagSeconds: Double
    private let probeNoise: Double
    private let ambientNoise: Double
    private let ambientBias: Double
    private let batteryStartPercent: Double
    private let batteryPercentPerSecond: Double
    // Faults and emission.
    private var faultRandom: SimulationRandom
    private let dropoutsPerSecond: Double
    private var nextDropoutAt: Double
    private var clockSeconds = 0.0
    private var packetCount = 0
    private var pending: SourceEvent?
    private var phase = Phase.notStarted

    private enum Phase: Sendable { case notStarted, running, finished }

    /// The probe's unexplained header bytes, as in the original captures.
    static let packetHeader: [UInt8] = [0x00, 0x00, 0x00, 0x64]

    /// Draws a cook from `preset` with `options.seed`.
    public init(preset: SimulationPreset, options: SimulationOptions = SimulationOptions()) {
        self.preset = preset
        self.options = options
        targetCelsius = options.targetCelsius ?? preset.targetCelsius
        stopSeconds = options.maxDurationSeconds

        var draw = SimulationRandom(seed: options.seed, stream: 1)
        let radius = draw.uniform(preset.radiusMetres)
        let alpha = draw.uniform(preset.diffusivitySquareMetresPerSecond)
        let k = draw.uniform(preset.conductivityWattsPerMetreKelvin)
        let start = draw.uniform(preset.startCelsius)
        let h = draw.uniform(preset.heatTransferWattsPerSquareMetreKelvin)
        heatTransferWattsPerSquareMetreKelvin = h
        heatTransfer = h
        probeRadiusMetres = draw.uniform(preset.probeOffsetFraction) * radius

        let isBath = preset.airKind == .waterBath
        let setPoint = options.ambientCelsius ?? draw.uniform(preset.setPointCelsius)
        let room = draw.uniform(18...25)
        let airParameters = AirTemperatureModel.Parameters(
            kind: preset.airKind, setPointCelsius: setPoint, roomCelsius: room,
            offsetCelsius: draw.gaussian() * (isBath ? 0.05 : 3),
            isPreheated: draw.chance(preset.preheatedProbability),
            loadDipCelsius: isBath ? draw.uniform(0.3...1.5) : draw.uniform(10...35),
            loadRecoverySeconds: draw.uniform(120...900),
            rampCelsiusPerSecond: draw.uniform(3...15) / 60,
            cycleAmplitudeCelsius: draw.uniform(preset.cycleAmplitudeCelsius),
            cyclePeriodSeconds: draw.uniform(180...900),
            wanderSigmaCelsius: draw.uniform(preset.wanderSigmaCelsius),
            wanderTimeSeconds: draw.uniform(900...3600),
            lidOpeningsPerSecond: draw.uniform(preset.lidOpeningsPerHour) / 3600,
            lidOpenSeconds: 20...120,
            lidRecoverySeconds: draw.uniform(180...600))

        var evaporation: SurfaceEvaporation?
        if let stall = preset.stall {
            let vapour = draw.uniform(stall.pitVapourPressurePascals)
            let budgetSeconds = draw.uniform(stall.evaporationBudgetHours) * 3600
            let water = budgetSeconds * h * Swift.max(setPoint - 70, 5) / SurfaceEvaporation.latentHeatJoulesPerKilogram
            evaporation = SurfaceEvaporation(
                pitVapourPressurePascals: vapour, initialWaterKilogramsPerSquareMetre: water,
                criticalFraction: draw.uniform(stall.criticalFraction))
            if draw.chance(stall.wrapProbability) {
                wrapDelaySeconds = draw.uniform(stall.wrapDelayHours) * 3600
                wrapIsFoil = draw.chance(0.5)
            }
        }
        body = ConductionModel(
            geometry: preset.geometry, radiusMetres: radius, diffusivitySquareMetresPerSecond: alpha,
            conductivityWattsPerMetreKelvin: k, initialCelsius: start, nodeCount: 30, evaporation: evaporation)
        air = AirTemperatureModel(parameters: airParameters, random: SimulationRandom(seed: options.seed, stream: 2))
        let airStart =
            airParameters.isPreheated
            ? setPoint + airParameters.offsetCelsius - airParameters.loadDipCelsius : room
        previousAir = airStart
        airNow = airStart
        previousProbeTruth = start
        probeTruth = start

        sensorRandom = SimulationRandom(seed: options.seed, stream: 3)
        probeLagSeconds = sensorRandom.uniform(2...8)
        ambientLagSeconds = isBath ? sensorRandom.uniform(3...10) : sensorRandom.uniform(5...40)
        probeNoise = sensorRandom.uniform(preset.probeNoiseCelsius)
        ambientNoise = sensorRandom.uniform(preset.ambientNoiseCelsius)
        ambientBias = sensorRandom.gaussian() * preset.ambientBiasSigmaCelsius
        batteryStartPercent = sensorRandom.uniform(80...100)
        batteryPercentPerSecond = sensorRandom.uniform(0.3...1.0) / 3600
        probeLagged = room  // the probe reads the room until it is pushed into the meat at t = 0
        ambientLagged = room

        faultRandom = SimulationRandom(seed: options.seed, stream: 4)
        dropoutsPerSecond = options.injectsFaults ? faultRandom.uniform(preset.dropoutsPerHour) / 3600 : 0
        nextDropoutAt = faultRandom.exponentialWait(ratePerSecond: dropoutsPerSecond)
    }

    /// Convenience: `CookSimulator(preset:options:)` with just a seed.
    public init(preset: SimulationPreset, seed: UInt64) {
        self.init(preset: preset, options: SimulationOptions(seed: seed))
    }

    /// Noise-free temperature at the probe location at the latest physics step, Celsius.
    public var probeLocationCelsius: Double { probeTruth }

    /// Current simulated time of the latest emitted event, seconds.
    public var elapsedSeconds: Double { clockSeconds }

    /// Runs to the end and returns every event (for tests and benchmarks; a 12 h brisket is ~130k events).
    public mutating func run() -> [SourceEvent] {
        var events: [SourceEvent] = []
        while let e = next() { events.append(e) }
        return events
    }

    /// The next event, stepping the physics as far as needed; nil after `.ended`.
    public mutating func next() -> SourceEvent? {
        if let event = pending {
            pending = nil
            return event
        }
        switch phase {
        case .finished:
            return nil
        case .notStarted:
            phase = .running
            return .connection(.connected, elapsedSeconds: 0, detail: "simulated probe connected")
        case .running:
            break
        }
        let interval = preset.packetIntervalSeconds
        let t = clockSeconds + interval * (1 + 0.05 * (2 * sensorRandom.unit() - 1))
        advancePhysics(toSeconds: Swift.min(t, stopSeconds))
        if t >= stopSeconds {
            phase = .finished
            let end = Swift.max(clockSeconds, stopSeconds)
            let detail = trueTimeToTargetSeconds == nil ? "maximum duration reached" : "target reached"
            return .connection(.ended, elapsedSeconds: end, detail: detail)
        }
        if t >= nextDropoutAt {
            let gap = faultRandom.logUniform(10...300)
            clockSeconds = t + gap
            nextDropoutAt = clockSeconds + faultRandom.exponentialWait(ratePerSecond: dropoutsPerSecond)
            pending = .connection(.connected, elapsedSeconds: clockSeconds, detail: "reconnected")
            return .connection(.disconnected, elapsedSeconds: t, detail: "simulated BLE dropout")
        }
        clockSeconds = t
        updateSensors(toSeconds: t)
        packetCount += 1
        guard packetCount % 2 == 1 else {
            return .packet(bytes: SeedProbeDecoder.capturedStatus, elapsedSeconds: t, channel: 1)
        }
        let probe = (probeLagged + probeNoise * sensorRandom.gaussian())
        let ambient = (ambientLagged + ambientBias + ambientNoise * sensorRandom.gaussian())
        let battery = Swift.max(0, batteryStartPercent - batteryPercentPerSecond * t)
        var bytes = SeedProbeDecoder.encodeReading(
            probeCelsius: Self.quantised(probe), ambientCelsius: Self.quantised(ambient),
            batteryPercent: battery, header: Self.packetHeader)
        if options.injectsFaults && faultRandom.chance(preset.corruptPacketProbability) {
            bytes = Array(bytes.prefix(1 + Int(faultRandom.next() % 7)))  // 1...7 bytes: never a valid length
        }
        return .packet(bytes: bytes, elapsedSeconds: t, channel: 1)
    }

    private static func quantised(_ celsius: Double) -> Double { (celsius * 10).rounded() / 10 }

    private mutating func advancePhysics(toSeconds t: Double) {
        while physicsSeconds < t {
            let dt = physicsStepSeconds
            previousAir = airNow
            previousProbeTruth = probeTruth
            airNow = air.advance(dtSeconds: dt)
            body.step(dtSeconds: dt, airCelsius: airNow, heatTransferWattsPerSquareMetreKelvin: heatTransfer)
            physicsSeconds += dt
            probeTruth = body.temperature(atRadiusMetres: probeRadiusMetres)
            if trueTimeToTargetSeconds == nil, probeTruth >= targetCelsius {
                let rise = probeTruth - previousProbeTruth
                let fraction = rise > 0 ? (targetCelsius - previousProbeTruth) / rise : 1
                let crossing = physicsSeconds - dt + dt * Swift.min(Swift.max(fraction, 0), 1)
                trueTimeToTargetSeconds = crossing
                stopSeconds = Swift.min(stopSeconds, crossing + options.afterTargetSeconds)
            }
            applyWrapIfDue()
        }
    }

    private mutating func applyWrapIfDue() {
        guard let delay = wrapDelaySeconds, wrapSeconds == nil else { return }
        if reachedStallZoneAt == nil, probeTruth >= 62 { reachedStallZoneAt = physicsSeconds }
        guard let zone = reachedStallZoneAt, physicsSeconds >= zone + delay else { return }
        wrapSeconds = physicsSeconds
        body.evaporation?.factor *= wrapIsFoil ? 0.03 : 0.15
        heatTransfer *= wrapIsFoil ? 0.85 : 0.95
        air.openLid(durationSeconds: 240 + 360 * sensorRandom.unit())
    }

    /// Value at `t` linearly interpolated over the latest physics step.
    private func interpolated(_ previous: Double, _ current: Double, at t: Double) -> Double {
        let f = 1 - (physicsSeconds - t) / physicsStepSeconds
        return previous + (current - previous) * Swift.min(Swift.max(f, 0), 1)
    }

    private mutating func updateSensors(toSeconds t: Double) {
        let dt = Swift.max(t - sensorSeconds, 0)
        sensorSeconds = t
        let probeTarget = interpolated(previousProbeTruth, probeTruth, at: t)
        let ambientTarget = interpolated(previousAir, airNow, at: t)
        probeLagged += (probeTarget - probeLagged) * (1 - exp(-dt / probeLagSeconds))
        ambientLagged += (ambientTarget - ambientLagged) * (1 - exp(-dt / ambientLagSeconds))
    }
}
