import CookcastCore

/// Prints benchmark results as a table or JSON lines.
struct BenchmarkReport {
    var results: [BenchmarkHarness.Result]

    func render(json: Bool) -> String {
        if json {
            return results.map { r in
                var fields =
                    "{\"name\":\"\(r.name)\",\"unit\":\"\(r.unit)\",\"median\":\(format(r.median)),\"p90\":\(format(r.p90))"
                if let ratio = r.ratio {
                    fields += ",\"ratio\":\(format(ratio.value)),\"ratio_label\":\"\(ratio.label)\""
                }
                if let target = r.target { fields += ",\"target\":\"\(target)\"" }
                return fields + "}"
            }.joined(separator: "\n")
        }
        var lines = [
            "benchmark".padding(toLength: 64, withPad: " ", startingAt: 0) + "median".leftPad(14) + "p90".leftPad(14)
                + "  unit        ratio / target"
        ]
        for r in results {
            var line =
                r.name.padding(toLength: 64, withPad: " ", startingAt: 0) + format(r.median).leftPad(14)
                + format(r.p90).leftPad(14)
                + "  " + r.unit.padding(toLength: 12, withPad: " ", startingAt: 0)
            if let ratio = r.ratio { line += TemperatureUnit.fixed(ratio.value, decimals: 2) + " " + ratio.label }
            if let target = r.target { line += (r.ratio == nil ? "" : "; ") + "target " + target }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private func format(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        return abs(v) >= 1000 ? TemperatureUnit.fixed(v, decimals: 0) : TemperatureUnit.fixed(v, decimals: 2)
    }
}

extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
