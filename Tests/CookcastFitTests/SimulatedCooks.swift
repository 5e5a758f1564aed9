import CookcastCore
import CookcastIngest

/// A cook from the project's own simulator (no injected faults), as the decoded readings a probe
/// would have sent, with its target and the true time the probe reached it (nil if never).
func simulatedCook(_ preset: SimulationPreset, seed: UInt64) -> (
    readings: [Reading], targetCelsius: Double, truth: Double?
) {
    var sim = CookSimulator(preset: preset, options: SimulationOptions(seed: seed, injectsFaults: false))
    let decoder = SeedProbeDecoder()
    var readings: [Reading] = []
    while let event = sim.next() {
        guard case .packet(let bytes, let t, let channel) = event,
            case .reading(let r) = decoder.decode(bytes, elapsedSeconds: t, channel: channel)
        else { continue }
        readings.append(r)
    }
    return (readings, sim.targetCelsius, sim.trueTimeToTargetSeconds)
}
