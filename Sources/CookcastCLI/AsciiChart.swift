import CookcastCore
import CookcastEngine

/// A small terminal chart of probe (`*`) and ambient (`.`) temperature over the cook, with the
/// target as a dashed line.
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
        guard var lo = values.min(), var hi = values.max() else { return [] }
        if hi - lo < 5 { hi += 2.5; lo -= 2.5 }
        let top = TemperatureUnit.fixed(unit.value(fromCelsius: hi), decimals: 0)
        let bottom = TemperatureUnit.fixed(unit.value(fromCelsius: lo), decimals: 0)
        let labelWidth = max(top.count, bottom.count)
        let width = max(1, min(self.width, maxLineWidth - labelWidth - 2))
        var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        func row(_ c: Double) -> Int { height - 1 - Int(((c - lo) / (hi - lo) * Double(height - 1)).rounded()) }
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
            let label = i == 0 ? top : (i == height - 1 ? bottom : "")
            return String(repeating: " ", count: labelWidth - label.count) + label + " |" + String(chars)
        }
        let axis = String(repeating: " ", count: labelWidth) + " +" + String(repeating: "-", count: width)
        let legend = "* probe  . ambient  - target"
        if axis.count + 2 + legend.count <= maxLineWidth { return rows + [axis + "  " + legend] }
        return rows + [axis, String(repeating: " ", count: labelWidth + 2) + legend]
    }
}
