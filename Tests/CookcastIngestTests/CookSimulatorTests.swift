import CookcastCore
import Foundation
import Testing
@testable import CookcastIngest

/// Plausibility and determinism of the physics simulator.
@Suite struct CookSimulatorTests {
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func turkeyReaches74InTwoAndAHalfToFourAndAHalfHours(seed: UInt64) throws {
        var sim = CookSimulator(preset: .turkey, seed: seed)
        _ = sim.run()
        let hours = try #require(sim.trueTimeToTargetSeconds) / 3600
        #expect((2.5...4.5).contains(hours), "turkey seed \(seed): \(hours) h")
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func chickenTakesOneToTwoHours(seed: UInt64) throws {
        var sim = CookSimulator(preset: .chicken, seed: seed)
        _ = sim.run()
        let hours = try #require(sim.trueTimeToTargetSeconds) / 3600
        #expect((1.0...2.0).contains(hours), "chicken seed \(seed): \(hours) h")
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func brisketStallsThenFinishes(seed: UInt64) throws {
        var sim = CookSimulator(preset: .brisket, seed: seed)
        let events = sim.run()
        let hours = try #require(sim.trueTimeToTargetSeconds) / 3600
        #expect((8.0...18.0).contains(hours), "brisket seed \(seed): \(hours) h")
        let readings = SimulationSupport.decode(events).readings
        let stall = SimulationSupport.longestStall(readings)
        #expect(stall.hours >= 1.5, "brisket seed \(seed): stall \(stall.hours) h at \(stall.celsius) C")
        // The probe really got to 95 C in the data, not just in the truth.
        let maxProbe = readings.compactMap(\.probeCelsius).max() ?? 0
        #expect(maxProbe >= 94.5)
    }

    @Test func sameSeedGivesIdenticalEvents() {
        var a = CookSimulator(preset: .steak, seed: 42)
        var b = CookSimulator(preset: .steak, seed: 42)
        #expect(a.run() == b.run())
        #expect(a.trueTimeToTargetSeconds == b.trueTimeToTargetSeconds)
    }

    @Test func differentSeedsDiffer() {
        var a = CookSimulator(preset: .steak, seed: 1)
        var b = CookSimulator(preset: .steak, seed: 2)
        #expect(a.run() != b.run())
        #expect(a.trueTimeToTargetSeconds != b.trueTimeToTargetSeconds)
    }

    @Test(arguments: SimulationPreset.all.map(\.name))
    func everyPacketDecodesAndStreamIsWellFormed(preset name: String) throws {
        let preset = try #require(SimulationPreset.named(name))
        var sim = CookSimulator(preset: preset, seed: 7)
        let events = sim.run()
        #expect(events.first == .connection(.connected, elapsedSeconds: 0, detail: "simulated probe connected"))
        guard case .connection(.ended, _, _) = events.last else {
            Issue.record("last event is not .ended")
            return
        }
        let decoder = SeedProbeDecoder()
        var lastT = 0.0
        var connected = true
        var readings = 0
        var statuses = 0
        var truncated = 0
        for event in events {
            #expect(event.elapsedSeconds >= lastT)
            lastT = event.elapsedSeconds
            switch event {
            case .connection(let state, _, _):
                if state == .disconnected { connected = false }
                if state == .connected { connected = true }
            case .packet(let bytes, let t, let channel):
                #expect(connected, "packet during a dropout")
                switch decoder.decode(bytes, elapsedSeconds: t, channel: channel) {
                case .reading(let r):
                    readings += 1
                    let probe = try #require(r.probeCelsius)
                    let ambient = try #require(r.ambientCelsius)
                    #expect(probe.isFinite && (-5...130).contains(probe))
                    #expect(ambient.isFinite && (-5...300).contains(ambient))
                    #expect((0...100).contains(r.batteryPercent ?? -1))
                case .readings:
                    Issue.record("the seed probe sends one reading per packet")
                case .status(let s):
                    statuses += 1
                    #expect(s.bytes == SeedProbeDecoder.capturedStatus)
                case .failure(let e):
                    // Only the simulator's deliberately truncated packets may fail.
                    #expect(e.reason == .unexpectedLength && bytes.count < 8)
                    truncated += 1
                }
            case .reading:
                Issue.record("simulator emits packets, not readings")
            }
        }
        #expect(abs((readings + truncated) - statuses) <= 1)
        #expect(truncated * 1000 < readings + 1000)
        // Stops about 10 minutes after the truth crosses the target.
        let truth = try #require(sim.trueTimeToTargetSeconds)
        #expect(abs(lastT - (truth + 600)) < 2)
    }

    @Test func packetsComeEveryHalfSecondWithJitter() {
        var sim = CookSimulator(preset: .steak, options: SimulationOptions(seed: 3, injectsFaults: false))
        let times = sim.run().compactMap { e -> Double? in
            if case .packet = e { return e.elapsedSeconds }
            return nil
        }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.allSatisfy { (0.47...0.53).contains($0) })
    }

    @Test func overridesTargetAndAmbient() throws {
        var sim = CookSimulator(
            preset: .primeRib, options: SimulationOptions(seed: 5, targetCelsius: 50, ambientCelsius: 150))
        _ = sim.run()
        #expect(sim.targetCelsius == 50)
        #expect(sim.air.parameters.setPointCelsius == 150)
        #expect(try #require(sim.trueTimeToTargetSeconds) < 3 * 3600)
    }

    @Test func stopsAtMaximumDuration() {
        var sim = CookSimulator(
            preset: .brisket, options: SimulationOptions(seed: 1, maxDurationSeconds: 3600))
        let events = sim.run()
        #expect(sim.trueTimeToTargetSeconds == nil)
        #expect(abs((events.last?.elapsedSeconds ?? 0) - 3600) < 1)
    }

    @Test func sourceMatchesSynchronousSimulator() async {
        let options = SimulationOptions(seed: 9)
        let source = SimulatorSource(preset: .steak, options: options)
        #expect(source.label == "simulate:steak")
        #expect(source.decoder is SeedProbeDecoder)
        var asyncEvents: [SourceEvent] = []
        for await e in source { asyncEvents.append(e) }
        var sim = CookSimulator(preset: .steak, options: options)
        #expect(asyncEvents == sim.run())
        #expect(SimulatorSource(presetName: "pork_butt") == nil)  // aliases are resolved by the caller
    }
}

/// Unit checks of the numerical pieces.
@Suite struct ConductionModelTests {
    @Test func tridiagonalSolveMatchesKnownSolution() {
        // [2 -1 0; -1 2 -1; 0 -1 2] x = [1 0 1] -> x = [1 1 1]
        var d: [Double] = [2, 2, 2]
        var b: [Double] = [1, 0, 1]
        ConductionModel.solveTridiagonal(lower: [0, -1, -1], diagonal: &d, upper: [-1, -1, 0], rhs: &b)
        for x in b { #expect(abs(x - 1) < 1e-12) }
    }

    @Test func sphereApproachesAirAndMatchesSeriesSolution() {
        // Sphere, R = 5 cm, alpha = 1.4e-7, k = 0.45, h = 20 -> Bi = hR/k = 2.222.
        // One-term series: theta_centre = C1 exp(-zeta1^2 Fo), zeta1 = 2.0982, C1 = 1.5160 for this Bi
        // (root of 1 - zeta cot zeta = Bi; C1 = 4(sin z - z cos z)/(2z - sin 2z)). Valid for Fo > 0.2.
        let radius = 0.05
        var body = ConductionModel(
            geometry: .sphere, radiusMetres: radius, diffusivitySquareMetresPerSecond: 1.4e-7,
            conductivityWattsPerMetreKelvin: 0.45, initialCelsius: 5, nodeCount: 40)
        let seconds = 5400.0
        for _ in 0..<Int(seconds / 1) {
            body.step(dtSeconds: 1, airCelsius: 105, heatTransferWattsPerSquareMetreKelvin: 20)
        }
        let fo = 1.4e-7 * seconds / (radius * radius)
        let z = 2.0982
        let c1 = 4 * (sin(z) - z * cos(z)) / (2 * z - sin(2 * z))
        let expected = 105 - 100 * c1 * exp(-z * z * fo)
        #expect(
            abs(body.temperature(atRadiusMetres: 0) - expected) < 0.5,
            "got \(body.temperature(atRadiusMetres: 0)), expected \(expected)")
    }

    @Test func wetSurfaceSitsNearWetBulb() {
        let e = SurfaceEvaporation(
            pitVapourPressurePascals: 27_000, initialWaterKilogramsPerSquareMetre: 1, criticalFraction: 0.3)
        let wetBulb = e.wetBulbCelsius(airCelsius: 115)
        #expect((60...75).contains(wetBulb))
    }
}
