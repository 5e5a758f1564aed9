import CookcastCore
import CookcastEngine

/// A small terminal chart of probe (`*`) and ambient (`.`) temperature over the cook, with the
/// target as a dashed line, labelled at round temperatures of the unit shown (50, 100, 150 F).
struct AsciiChart {
    var width: Int
    var height: Int
    var unit: TemperatureUnit

    /// The chart's lines, none wider than `maxLineWidth` (the plot narrows, and the legend goes
    /// under the axis when it does not fit beside it).
    func render(_ points: [LiveStatus.ChartPoint], targetCelsius: Double?, maxLineWidth: Int = .max) -> [String] {
        guard points.count >= 2, let first = points.first, let last = points.last,
            last.elapsedSeconds > first.elapsedSeconds
        else { return [] }
        let values =
            points.flatMap { [$0.probeCelsius, $0.ambientCelsius].compactMap { $0 } }
            + [targetCelsius].compactMap { $0 }
        guard var lo = values.min(), var hi = values.max(), lo.isFinite, hi.isFinite else { return [] }
        if hi - lo < 5 { hi += 2.5; lo -= 2.5 }
        func row(_ c: Double) -> Int {
            min(height - 1, max(0, height - 1 - Int(((c - lo) / (hi - lo) * Double(height - 1)).rounded())))
        }
        // Labels on round values of the unit shown, at least two rows apart, each on its nearest row.
        let low = unit.value(fromCelsius: lo), high = unit.value(fromCelsius: hi)
        let step = AxisTicks.niceStep(atLeast: (high - low) * 2 / Double(max(1, height - 1)))
        var labels: [Int: String] = [:]
        for tick in AxisTicks.temperature(step: step, from: low, to: high) {
            let r = row(unit.celsius(from: tick.value))
            if labels[r] == nil { labels[r] = tick.label }
        }
        let labelWidth = labels.values.map(\.count).max() ?? 0
        let width = max(1, min(self.width, maxLineWidth - labelWidth - 2))
        var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        if let targetCelsius {
            let r = row(targetCelsius)
            for x in stride(from: 0, to: width, by: 2) { grid[r][x] = "-" }
        }
        let span = last.elapsedSeconds - first.elapsedSeconds
        for p in points {
            let x = min(width - 1, Int((p.elapsedSeconds - first.elapsedSeconds) / span * Double(width - 1)))
            if let a = p.ambientCelsius { grid[row(a)][x] = "." }
            if let c = p.probeCelsius { grid[row(c)][x] = "*" }
        }
        let rows = grid.enumerated().map { (i, chars) in
            let label = labels[i] ?? ""
            return String(repeating: " ", count: labelWidth - label.count) + label + " |" + String(chars)
        }
        let axis = String(repeating: " ", count: labelWidth) + " +" + String(repeating: "-", count: width)
        let legend = "* probe  . ambient  - target"
        if axis.count + 2 + legend.count <= maxLineWidth { return rows + [axis + "  " + legend] }
        return rows + [axis, String(repeating: " ", count: labelWidth + 2) + legend]
    }
}
