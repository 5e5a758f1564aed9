import CookcastCore
import Foundation

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
