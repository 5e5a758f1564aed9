import CookcastCore
import Foundation

@testable import CookcastFit

/// Every reading of a real cook in `Tests/Data/cooks` (canonical CSV `t_s,probe_c,ambient_c`; an
/// empty ambient is nil).
func realCookReadings(_ file: String) throws -> [Reading] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/cooks/\(file)")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
    return lines.compactMap { line in
        let f = line.split(separator: ",", omittingEmptySubsequences: false)
        guard f.count >= 2, let t = Double(f[0]), let p = Double(f[1]) else { return nil }
        return Reading(elapsedSeconds: t, probeCelsius: p, ambientCelsius: f.count > 2 ? Double(f[2]) : nil)
    }
}

/// The pork shoulder prior as `cookcast fit` learns it from the other real pork shoulder (the
/// Combustion cook) alone: the leave-one-out prior of the real iGrill pulled pork.
let porkShoulderPriorWithoutThePulledPork: FitPrior = {
    var prior = FitPrior(
        cut: "pork_shoulder", ambientCelsius: 121, logTauMean: 8.55, logTauSD: 1.2, stalls: true,
        stallCelsius: 74.9, stallHoursMean: 1.4, stallHoursSD: 1, totalHoursMean: 4.92, totalHoursSD: 1.5,
        cookCount: 1)
    prior.stallToFinishHoursMean = 2.94
    prior.stallFinishRatioMean = 1.49
    return prior
}()
