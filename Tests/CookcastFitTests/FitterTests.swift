import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

@Suite struct FitterTests {
    @Test func newtonFitterRecoversExactNewtonData() {
        // dT/dt = k (Ta - T), exact discretisation on a 30 s grid, k = 2e-4 /s, Ta = 120 C.
        let k = 2e-4, ta = 120.0, dt = 30.0
        let f = NewtonFitter(capacity: 100)
        var t = 5.0
        for i in 0..<100 {
            let temp = ta - (ta - 5) * exp(-k * Double(i) * dt)
            f.add(GridPoint(seconds: Double(i) * dt, probeCelsius: temp, ambientCelsius: ta))
            t = temp
        }
        let withAir = f.fit(air: ta, useAir: true, ridge: 0)
        #expect(withAir != nil)
        #expect(abs((withAir?.rate ?? 0) - k) / k < 1e-6)
        #expect(abs((withAir?.equilibriumCelsius ?? 0) - ta) < 1e-4)
        // Without the air series the equilibrium is fitted from the curvature alone.
        let noAir = f.fit(air: 0, useAir: false, ridge: 0)
        #expect(abs((noAir?.rate ?? 0) - k) / k < 1e-6)
        #expect(abs((noAir?.equilibriumCelsius ?? 0) - ta) < 1e-3)
        // Crossing of 100 C from the last value matches the closed form.
        let cross = NewtonFitter.crossing(withAir!, from: t, target: 100)
        let expected = log((ta - t) / (ta - 100)) / k
        #expect(abs((cross ?? 0) - expected) < 1e-3 * expected)
    }

    @Test func conductionModesMatchKnownEigenvalues() {
        // Textbook first roots (Incropera, Table 5.1): cylinder Bi = 1 -> 1.2558, sphere Bi = 1
        // -> 1.5708 (pi/2), slab Bi = 1 -> 0.8603; centre amplitudes 1.2071, 1.2732, 1.1191.
        let tau = 1000.0
        let cyl = ConductionModes(shape: .cylinder, tauSeconds: tau, biot: 1)
        let sph = ConductionModes(shape: .sphere, tauSeconds: tau, biot: 1)
        let slab = ConductionModes(shape: .slab, tauSeconds: tau, biot: 1)
        #expect(abs((cyl.rates[0] * tau).squareRoot() - 1.2558) < 1e-4)
        #expect(abs((sph.rates[0] * tau).squareRoot() - 1.5708) < 1e-4)
        #expect(abs((slab.rates[0] * tau).squareRoot() - 0.8603) < 1e-4)
        #expect(abs(cyl.amplitudes[0] - 1.2071) < 1e-3)
        #expect(abs(sph.amplitudes[0] - 1.2732) < 1e-3)
        #expect(abs(slab.amplitudes[0] - 1.1191) < 1e-3)
    }

    @Test(arguments: [(biotIndex: 6, withPrior: false), (biotIndex: 4, withPrior: true)])
    func conductionFitterRecoversExactModalData(biotIndex: Int, withPrior: Bool) {
        // Centre of a cylinder, tau on the fitter's grid, constant air 130 C, start 5 C. Without
        // the Biot prior any grid pair is recovered exactly; with it, a physically plausible one
        // (tau 29,000 s is a 6.3 cm radius, Bi 2.3 is h = 17 W/m^2K).
        var cfg = ConductionFitter.Configuration()
        cfg.shape = .cylinder
        if !withPrior { cfg.biotPrior = nil }
        let tau = cfg.taus[45], bi = cfg.biots[biotIndex]
        let modes = ConductionModes(shape: .cylinder, tauSeconds: tau, biot: bi, count: 40)
        let f = ConductionFitter(configuration: cfg, assumedAmbientCelsius: 130)
        for i in 0...200 {
            let t = Double(i) * 30
            f.add(
                GridPoint(
                    seconds: t, probeCelsius: 130 - 125 * (1 - modes.stepResponse(atSeconds: t)), ambientCelsius: 130))
        }
        let best = f.solveAll().min { $0.cost < $1.cost }!
        #expect(abs(best.tauSeconds - tau) / tau < 1e-9)
        #expect(abs(best.biot - bi) < 1e-9)
        #expect(abs(best.startCelsius - 5) < 0.5)
        #expect(abs(best.offsetCelsius) < 0.5)
    }

    @Test func biotPriorGetsAnEarlyTurkeyRight() {
        // A 9.5 cm turkey (tau = R^2/alpha ~ 66,000 s, Bi 2.8) in a 163 C oven, one hour in: the
        // centre has risen a degree and a half. A low Biot with a shorter tau fits that onset as
        // well, and finished hours late; the physical Biot prior must keep the finish within 15 %.
        var cfg = ConductionFitter.Configuration()
        cfg.shape = .sphere
        let tau = 66_000.0, bi = 2.8, air = 163.0, target = 74.0
        let modes = ConductionModes(shape: .sphere, tauSeconds: tau, biot: bi, count: 40)
        func centre(_ t: Double) -> Double { air - (air - 5) * (1 - modes.stepResponse(atSeconds: t)) }
        let f = ConductionFitter(configuration: cfg, assumedAmbientCelsius: air)
        f.offsetScaleCelsius = air - target
        for i in 0...120 {
            let t = Double(i) * 30
            f.add(GridPoint(seconds: t, probeCelsius: (centre(t) * 10).rounded() / 10, ambientCelsius: air))
        }
        var lo = 3600.0, hi = 7 * 86400.0
        for _ in 0..<60 { let mid = 0.5 * (lo + hi); if centre(mid) >= target { hi = mid } else { lo = mid } }
        let trueRemaining = hi - 3600
        let best = f.solveAll().min { $0.cost < $1.cost }!
        let remaining = f.crossing(
            best, targetCelsius: target, futureDriveCelsius: air, residual: f.lastProbeCelsius! - best.lastModelCelsius)
        #expect(
            abs((remaining ?? .infinity) - trueRemaining) / trueRemaining < 0.15,
            "\(remaining ?? -1) vs \(trueRemaining)")
    }

    @Test func conductionFitterRecoversAnEvaporativeEffectiveAir() {
        // A wet surface loses heat by evaporation: the meat heats as if the oven (160 C measured)
        // were 16 C cooler. The fitted offset must find that drop (the old narrow prior could not).
        var cfg = ConductionFitter.Configuration()
        cfg.shape = .cylinder
        let tau = cfg.taus[40], bi = cfg.biots[5]
        let modes = ConductionModes(shape: .cylinder, tauSeconds: tau, biot: bi, count: 40)
        let measured = 160.0, effective = 144.0
        let f = ConductionFitter(configuration: cfg, assumedAmbientCelsius: measured)
        f.offsetScaleCelsius = measured - 74
        for i in 0...160 {
            let t = Double(i) * 30
            let probe = effective - (effective - 5) * (1 - modes.stepResponse(atSeconds: t))
            f.add(GridPoint(seconds: t, probeCelsius: probe, ambientCelsius: measured))
        }
        guard let best = f.solveAll().min(by: { $0.cost < $1.cost }) else {
            Issue.record("no solution")
            return
        }
        #expect(abs(best.offsetCelsius - (effective - measured)) < 2, "offset \(best.offsetCelsius)")
        #expect(abs(best.tauSeconds - tau) / tau < 0.2)
    }

    @Test func offsetPriorExpectsEvaporationInAnOvenNotInABath() {
        // Before any fitted point the offset is its prior mean: a tenth of the air-to-target gap
        // below zero (wet surface in an oven), none for a bath a degree above the target (meat
        // sealed in a bag under water does not evaporate).
        let f = ConductionFitter(configuration: ConductionFitter.Configuration(), assumedAmbientCelsius: 160)
        f.add(GridPoint(seconds: 0, probeCelsius: 5, ambientCelsius: 160))
        f.offsetScaleCelsius = 86
        let oven = f.solveAll()[0].offsetCelsius
        #expect(abs(oven + 8.6) < 1e-6, "oven offset \(oven)")
        f.offsetScaleCelsius = 1
        f.inBath = true
        let bath = f.solveAll()[0].offsetCelsius
        #expect(bath == 0, "bath offset \(bath)")
    }
}
