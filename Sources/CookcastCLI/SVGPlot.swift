import CookcastCore
import CookcastFit

/// Renders a cook as a standalone SVG: probe and ambient temperature against time, the target
/// line, event markers, and each probe's predicted finish with its 80 % interval when fits are
/// stored.
struct SVGPlot {
    var width = 960.0
    var height = 480.0
    var unit: TemperatureUnit

    struct Series {
        var channel: Int
        var name: String
        var points: [(t: Double, c: Double)]
    }

    /// - Parameter fits: each probe's last fit (`SessionStore.lastFitOfEachChannel`). One whose
    ///   phase has no finish (out of reach, out of the meat) draws none: its finish is a
    ///   placeholder for callers that need a number, and the chart drew it as the cook's finish.
    func render(
        title: String, readings: [Reading], channels: [ChannelInfo], targetCelsius: Double?,
        events: [SessionEvent], fits: [FitRecord]
    ) -> String {
        var probeSeries: [Int: [(t: Double, c: Double)]] = [:]
        var ambient: [(t: Double, c: Double)] = []
        for r in readings {
            if let p = r.probeCelsius { probeSeries[r.channel, default: []].append((r.elapsedSeconds, p)) }
            if let a = r.ambientCelsius { ambient.append((r.elapsedSeconds, a)) }
        }
        let allPoints = probeSeries.values.flatMap { $0 } + ambient
        let finishes = fits.filter { $0.shownFinishSeconds != nil }
        let times = allPoints.map(\.t) + finishes.compactMap { $0.etaHighSeconds ?? $0.shownFinishSeconds }
        // Probes with a target of their own get their own line, in their colour.
        let ownTargets = channels.compactMap { ch in ch.targetCelsius.map { (channel: ch.channel, celsius: $0) } }
            .filter { probeSeries[$0.channel] != nil }
        let temps = allPoints.map(\.c) + [targetCelsius].compactMap { $0 } + ownTargets.map(\.celsius)
        let first = times.min() ?? 0
        let t1 = max((times.max() ?? 1), first + 60)
        // A first reading just after the start (a simulation's at 0.5 s) still gets the 0 tick.
        let t0 = first > 0 && first <= 0.05 * (t1 - first) ? 0 : first
        var c0 = (temps.min() ?? 0) - 5
        var c1 = (temps.max() ?? 100) + 5
        if c1 - c0 < 10 { c0 -= 5; c1 += 5 }
        let left = 64.0, right = 24.0, top = 40.0, bottom = 48.0
        let plotW = width - left - right, plotH = height - top - bottom
        func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotW }
        func y(_ c: Double) -> Double { top + (1 - (c - c0) / (c1 - c0)) * plotH }
        func f(_ v: Double) -> String { TemperatureUnit.fixed(v, decimals: 1) }
        func path(_ pts: [(t: Double, c: Double)]) -> String {
            var steps: [String] = []
            for run in Self.runs(pts) {
                let thinned = thin(Array(run), maxPoints: max(2, 2000 * run.count / pts.count))
                for (i, p) in thinned.enumerated() { steps.append((i == 0 ? "M" : "L") + f(x(p.t)) + "," + f(y(p.c))) }
                // A lone reading between two silences: a dot (the paths' round caps draw it).
                if thinned.count == 1, let p = thinned.first { steps.append("L" + f(x(p.t)) + "," + f(y(p.c))) }
            }
            return steps.joined(separator: " ")
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(f(left))" y="24" font-size="16">\(escape(title))</text>

            """
        // Axes and grid.
        for tick in AxisTicks.time(from: t0, to: t1, maxCount: 9) {
            let gx = x(tick.value)
            svg += "<line x1=\"\(f(gx))\" y1=\"\(f(top))\" x2=\"\(f(gx))\" y2=\"\(f(top + plotH))\" stroke=\"#eee\"/>"
            svg +=
                "<text class=\"time-tick\" x=\"\(f(gx))\" y=\"\(f(top + plotH + 16))\" text-anchor=\"middle\">\(tick.label)</text>\n"
        }
        let low = unit.value(fromCelsius: c0), high = unit.value(fromCelsius: c1)
        for tick in AxisTicks.temperature(from: low, to: high, maxIntervals: 12) {
            let gy = y(unit.celsius(from: tick.value))
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(gy))\" x2=\"\(f(left + plotW))\" y2=\"\(f(gy))\" stroke=\"#eee\"/>"
            svg +=
                "<text class=\"temperature-tick\" x=\"\(f(left - 6))\" y=\"\(f(gy + 4))\" text-anchor=\"end\">\(tick.label) \(unit.symbol)</text>\n"
        }
        svg +=
            "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotW))\" height=\"\(f(plotH))\" fill=\"none\" stroke=\"#888\"/>\n"
        if let targetCelsius {
            svg +=
                "<line x1=\"\(f(left))\" y1=\"\(f(y(targetCelsius)))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y(targetCelsius)))\" stroke=\"#2a2\" stroke-dasharray=\"6 4\"/>"
            svg +=
                "<text x=\"\(f(left + plotW - 4))\" y=\"\(f(y(targetCelsius) - 4))\" text-anchor=\"end\" fill=\"#2a2\">target \(unit.format(celsius: targetCelsius))</text>\n"
        }
        let palette = ["#15c", "#709", "#088", "#a60", "#555", "#c0c", "#06a", "#690"]
        let probeChannels = probeSeries.keys.sorted()
        func probeColor(_ channel: Int) -> String {
            palette[(probeChannels.firstIndex(of: channel) ?? 0) % palette.count]
        }
        // Several probes: each one's finish in its colour, named (the chart drew the highest
        // channel's alone, a probe done an hour before the slowest one's finish).
        for fit in finishes {
            guard let eta = fit.shownFinishSeconds else { continue }
            let color = probeChannels.count > 1 ? probeColor(fit.channel) : "#2a2"
            if let lo = fit.etaLowSeconds, let hi = fit.etaHighSeconds {
                svg +=
                    "<rect x=\"\(f(x(lo)))\" y=\"\(f(top))\" width=\"\(f(max(1, x(hi) - x(lo))))\" height=\"\(f(plotH))\" fill=\"\(color)\" fill-opacity=\"0.12\"/>\n"
            }
            let name = channels.first { $0.channel == fit.channel }?.name ?? "probe \(fit.channel)"
            svg +=
                "<line x1=\"\(f(x(eta)))\" y1=\"\(f(top))\" x2=\"\(f(x(eta)))\" y2=\"\(f(top + plotH))\" stroke=\"\(color)\"><title>\(escape(name)) \(EstimatePhase(rawValue: fit.phase) == .done ? "done at" : "finish") \(DurationFormat.clock(eta))</title></line>\n"
        }
        for e in events
        where e.kind == .disconnected || e.kind == .alarm || e.kind == .probeInserted || e.kind == .stall {
            svg +=
                "<line x1=\"\(f(x(e.elapsedSeconds)))\" y1=\"\(f(top))\" x2=\"\(f(x(e.elapsedSeconds)))\" y2=\"\(f(top + plotH))\" stroke=\"#c80\" stroke-opacity=\"0.5\"><title>\(escape(e.kind.rawValue + " " + e.displayDetail(unit: unit)))</title></line>\n"
        }
        if !ambient.isEmpty {
            svg +=
                "<path d=\"\(path(ambient))\" fill=\"none\" stroke=\"#d33\" stroke-width=\"1\" stroke-linecap=\"round\"/>\n"
        }
        var legend: [(String, String)] = []
        // One line per target: a probe whose own target is the session's needs none, and probes
        // sharing one share a line (their labels were drawn over each other), in the first one's colour.
        var ownLines: [(celsius: Double, names: [String], color: String)] = []
        for ch in probeChannels {
            let color = probeColor(ch)
            svg +=
                "<path d=\"\(path(probeSeries[ch] ?? []))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-linecap=\"round\"/>\n"
            let name = channels.first { $0.channel == ch }?.name ?? "probe \(ch)"
            legend.append((name, color))
            if let own = ownTargets.first(where: { $0.channel == ch }), own.celsius != targetCelsius {
                if let k = ownLines.firstIndex(where: { $0.celsius == own.celsius }) {
                    ownLines[k].names.append(name)
                } else {
                    ownLines.append((own.celsius, [name], color))
                }
            }
        }
        for line in ownLines {
            let gy = f(y(line.celsius))
            svg +=
                "<line x1=\"\(f(left))\" y1=\"\(gy)\" x2=\"\(f(left + plotW))\" y2=\"\(gy)\" stroke=\"\(line.color)\" stroke-dasharray=\"6 4\"/>"
            svg +=
                "<text x=\"\(f(left + plotW - 4))\" y=\"\(f(y(line.celsius) - 4))\" text-anchor=\"end\" fill=\"\(line.color)\">\(escape(line.names.joined(separator: ", "))) target \(unit.format(celsius: line.celsius))</text>\n"
        }
        if !ambient.isEmpty { legend.append(("ambient", "#d33")) }
        for (i, item) in legend.enumerated() {
            let ly = top + 14 + Double(i) * 16
            svg += "<rect x=\"\(f(left + 8))\" y=\"\(f(ly - 9))\" width=\"12\" height=\"3\" fill=\"\(item.1)\"/>"
            svg += "<text x=\"\(f(left + 26))\" y=\"\(f(ly - 4))\">\(escape(item.0))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// The stretches of a curve between silences that make a probe lost (`SilenceWatch`, the rule
    /// of the `probeLost` alarm: a minute, or longer for a probe that reports sparsely). A line
    /// across such a silence drew readings that never came: a 40-minute disconnect was a straight
    /// line from the last reading before it to the first after.
    static func runs(_ pts: [(t: Double, c: Double)]) -> [ArraySlice<(t: Double, c: Double)>] {
        let minimum = AlarmRules(targetCelsius: nil).probeLostAfterSeconds
        var watch = SilenceWatch()
        var runs: [ArraySlice<(t: Double, c: Double)>] = []
        var start = pts.startIndex
        for (i, p) in pts.enumerated() {
            // The usual interval (a sort) only once the minimum has passed.
            if let last = watch.lastReadingSeconds, p.t - last > minimum,
                p.t - last > watch.lostAfterSeconds(minimumSeconds: minimum)
            {
                runs.append(pts[start..<i])
                start = i
            }
            watch.observeReading(atSeconds: p.t)
        }
        if start < pts.endIndex { runs.append(pts[start...]) }
        return runs
    }

    private func thin(_ pts: [(t: Double, c: Double)], maxPoints: Int) -> [(t: Double, c: Double)] {
        guard pts.count > maxPoints else { return pts }
        let stride = Double(pts.count) / Double(maxPoints)
        return (0..<maxPoints).map { pts[min(pts.count - 1, Int(Double($0) * stride))] }
    }

    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
