import CookcastCore
import Foundation
import Testing

@testable import CookcastFit

/// Heating meat does not fall: a probe that fell (a lid opened, the meat basted or turned, the
/// probe moved) and climbs again rises at the rate since the bottom, and the recent line starts
/// there (`GridBuffer.bottomOfFall`, `Configuration.lineFallCelsius`); until it has climbed long
/// enough to read, the line is one a fall does not bend (`GridBuffer.medianLine`).
@Suite struct LineAfterFallTests {
    /// Grid points every 30 s rising 10 C/h, less `dip(t)`.
    static func buffer(dip: (Double) -> Double) -> GridBuffer {
        var b = GridBuffer(capacity: 512)
        for t in stride(from: 0.0, through: 3600, by: 30) {
            b.append(GridPoint(seconds: t, probeCelsius: 60 + 10 * t / 3600 - dip(t), ambientCelsius: 120))
        }
        return b
    }

    @Test func theBottomOfAFallIsFoundAndAFlickerIsNoFall() {
        let lid = Self.buffer { t in (1200...1500).contains(t) ? 3 * (t - 1170) / 330 : 0 }
        #expect(lid.bottomOfFall(since: 0, fallCelsius: 1.5) == 1500)
        // Points older than `since` are not looked at.
        #expect(lid.bottomOfFall(since: 1800, fallCelsius: 1.5) == nil)
        // A whole-degree probe's reading flicking back one step, and a steady rise, are no fall.
        let flicker = Self.buffer { t in t == 1500 ? 1 : 0 }
        #expect(flicker.bottomOfFall(since: 0, fallCelsius: 1.5) == nil)
        #expect(Self.buffer { _ in 0 }.bottomOfFall(since: 0, fallCelsius: 1.5) == nil)
    }

    @Test func theMedianLineIsNotBentByAFallOrAJump() throws {
        // A lid took 2.5 C off the reading over 5 minutes and it climbs on from there at the same
        // 10 C/h; before it, a sensor read 3 C high for a minute.
        let lid = Self.buffer { t in
            (t > 1200 ? min(2.5, 2.5 * (t - 1200) / 300) : 0) - ((900...960).contains(t) ? 3 : 0)
        }
        let median = try #require(lid.medianLine(since: 0, spanSeconds: 300, levelSeconds: 300))
        #expect(abs(median.slope * 3600 - 10) < 0.01)
        #expect(abs(median.level - (70 - 2.5)) < 0.01)
        // The least-squares line through the same points reads the fall as a slower rise.
        let straight = try #require(lid.line(since: 0))
        #expect(straight.slope * 3600 < 9.5)
        // On a clean rise it is that rise.
        let clean = try #require(Self.buffer { _ in 0 }.medianLine(since: 0, spanSeconds: 300, levelSeconds: 300))
        #expect(abs(clean.slope * 3600 - 10) < 1e-9 && abs(clean.level - 70) < 1e-9 && clean.sd < 1e-9)
        // Too short a window for 8 spans: nil.
        #expect(lid.medianLine(since: 3200, spanSeconds: 300, levelSeconds: 300) == nil)
    }

    /// The real Combustion pork shoulder (`Tests/Data/cooks`, target 95 C, reached at 17,705 s),
    /// predicted at each of `times` without learned cooks: every miss within `tolerance` of the time
    /// left.
    static func expectShoulderWithin(_ tolerance: Double, at times: [Double]) throws {
        let readings = try realCookReadings("combustion_long_95c.csv")
        let cut = CutProfile(
            name: "pork_shoulder", defaultTargetCelsius: 95, safeMinimumCelsius: nil, typicalAmbientCelsius: 121,
            stalls: true)
        let truth = 17_705.0
        for at in times {
            let e = Predictor.predict(readings: readings, targetCelsius: 95, atSeconds: at, cut: cut, priors: [])
            let miss = ((e.finishSeconds ?? 0) - truth) / (truth - at)
            #expect(abs(miss) < tolerance, "at \(at) s: \(miss) of the time left (\(e.model): \(e.message))")
        }
    }

    /// The real Combustion pork shoulder: a lid at 4.2 hours took its core from 88.0 to 86.0 C, and
    /// it climbed 17 C/h after. Through the fall the line said 10 C/h, and the finish was late by
    /// 0.43-1.16 of the time left from 20 to 30 minutes after the lid (with the shipped priors); from
    /// the bottom (and without learned cooks), within 0.13.
    @Test func theRealPorkShoulderAfterALidIsNotLate() throws {
        try Self.expectShoulderWithin(0.2, at: [16_200, 16_600, 16_820, 17_000])
    }

    /// The same cook in the 10 minutes after the bottom of the fall, before the climb from there is
    /// long enough to read (`lineAfterFallSeconds`): the least-squares line through the fall said
    /// 12 C/h where the meat climbed 16, and the finish was 0.11-0.29 of the time left late from 5 to
    /// 8 minutes after the bottom (without learned cooks); the median line, within 0.07.
    @Test func theRealPorkShoulderJustAfterALidIsNotLate() throws {
        try Self.expectShoulderWithin(0.1, at: [15_900, 16_000, 16_100])
    }
}
