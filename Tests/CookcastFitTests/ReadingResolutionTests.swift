import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

@Suite struct ReadingResolutionTests {
    static func resolution(of values: [Double]) -> ReadingResolution {
        var r = ReadingResolution()
        for v in values { r.observe(v) }
        return r
    }

    /// Whole degrees Fahrenheit shown in Celsius with one decimal, as a sous-vide logger writes them.
    static func fahrenheitShown(_ celsius: Double) -> Double {
        let f = (celsius * 9 / 5 + 32).rounded()
        return (((f - 32) * 5 / 9) * 10).rounded() / 10
    }

    @Test func detectsTheStepOfTheReadings() {
        // The first readings of the real sous-vide T-bone log (whole Fahrenheit, one decimal).
        let tbone = [
            12.8, 21.1, 24.4, 26.1, 28.3, 30.0, 31.1, 32.8, 33.9, 35.0, 36.1, 36.7, 37.8, 38.3, 39.4,
            40.0, 41.1, 41.7, 42.2, 43.3, 43.9, 44.4, 45.0, 45.6,
        ]
        #expect(Self.resolution(of: tbone).step == .wholeFahrenheit)
        let wholeC = (0..<40).map { Double(20 + $0 / 2) }
        #expect(Self.resolution(of: wholeC).step == .wholeCelsius)
        let halfC = (0..<40).map { 20 + Double($0) * 0.5 }
        #expect(Self.resolution(of: halfC).step == .halfCelsius)
        let tenths = (0..<400).map { 20 + Double($0) * 0.1 }
        #expect(Self.resolution(of: tenths).step == nil)
        #expect(Self.resolution(of: Array(wholeC.prefix(10))).step == nil, "too few readings to tell")
    }

    @Test func crossingIsHalfAStepBelowTheFirstShownValueAtTheTarget() {
        let f = Self.resolution(of: (0..<40).map { Self.fahrenheitShown(20 + Double($0) * 0.7) })
        // 51.7 C is 125 F: shown once the meat passes 124.5 F.
        #expect(abs(f.crossingCelsius(forTarget: 51.7) - (124.5 - 32) * 5 / 9) < 1e-9)
        // 50.1 C lies between 122 F and 123 F: the probe must show 123 F, from 122.5 F on.
        #expect(abs(f.crossingCelsius(forTarget: 50.1) - (122.5 - 32) * 5 / 9) < 1e-9)
        let c = Self.resolution(of: (0..<40).map { Double(20 + $0) })
        #expect(abs(c.crossingCelsius(forTarget: 50) - 49.5) < 1e-9)
        #expect(abs(c.crossingCelsius(forTarget: 50.2) - 50.5) < 1e-9)
        let fine = Self.resolution(of: (0..<400).map { 20 + Double($0) * 0.1 })
        #expect(fine.crossingCelsius(forTarget: 50.2) == 50.2)
    }

    /// A 1-inch steak in a bath half a degree above the target, logged in whole Fahrenheit: the
    /// probe shows the target once the meat is within a quarter degree of it, far sooner than a
    /// curve crossing the exact target (which hangs on the asymptote).
    @Test func wholeDegreeBathCookFinishesOnTime() {
        let bath = 52.2, target = 51.7
        let modes = ConductionModes(shape: .slab, tauSeconds: 2_400, biot: 30, count: 40)
        var readings: [Reading] = []
        var trueFinish: Double?
        for k in 0..<150 {
            let t = Double(k) * 60
            let exact = bath - (bath - 12) * (1 - modes.stepResponse(atSeconds: t))
            let shown = Self.fahrenheitShown(exact)
            if trueFinish == nil, shown >= target { trueFinish = t }
            readings.append(Reading(elapsedSeconds: t, probeCelsius: shown, ambientCelsius: Self.fahrenheitShown(bath)))
        }
        let done = try! #require(trueFinish)
        // Measured: 0.13, 0.02 and 0.25 of the time left (at 90 % that is 2 of 8 minutes, readings
        // being a minute apart).
        for (f, tolerance) in [(0.5, 0.2), (0.75, 0.2), (0.9, 0.3)] {
            let at = (f * done / 60).rounded(.down) * 60
            let e = Predictor.predict(readings: readings, targetCelsius: target, atSeconds: at, cut: nil, priors: [])
            let rel = abs((e.finishSeconds ?? .infinity) - done) / (done - at)
            #expect(rel < tolerance, "at \(f): finish \(e.finishSeconds ?? -1) s vs \(done) s")
        }
    }
}
