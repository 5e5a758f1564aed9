import CookcastCore

/// Round tick marks for chart axes: time ticks on steps a person counts in (10 s, 5 min, 30 min,
/// 3 h) with one distinct label each (a 23-minute cook was labelled `0.0h 0.1h 0.1h 0.2h`), and
/// temperature ticks on 1-2-5 steps of the unit shown, so a Fahrenheit chart reads 60, 80, 100 F
/// rather than a Celsius grid converted (68, 104, 140 F).
enum AxisTicks {
    /// One tick: where it sits (seconds or a temperature in the display unit) and its label.
    struct Tick: Equatable {
        var value: Double
        var label: String
    }

    /// Time steps in seconds, smallest first; past the last, whole days on 1-2-5 steps.
    static let timeSteps: [Double] = [
        1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 14_400, 21_600, 43_200, 86_400,
    ]

    /// Ticks on the multiples of the smallest step in `timeSteps` that puts at most `maxCount`
    /// (at least 2) of them between `start` and `end`, seconds since the session start. Labels
    /// say seconds (`30s`, `1m30s`) for steps under a minute, minutes (`25m`) when every tick is
    /// under an hour, `h:mm` (`1:30`) for sub-hour steps past it, and hours (`6h`) for steps of
    /// whole hours. Empty when the span is not finite, negative, or longer than a century.
    static func time(from start: Double, to end: Double, maxCount: Int) -> [Tick] {
        let span = end - start
        guard start.isFinite, end.isFinite, span >= 0, span < 3.2e9 else { return [] }
        let count = max(maxCount, 2)
        func fits(_ step: Double) -> Bool { (end / step).rounded(.down) - (start / step).rounded(.up) < Double(count) }
        var step = timeSteps.first(where: fits) ?? 86_400 * niceStep(atLeast: span / 86_400 / Double(count - 1))
        while !fits(step) { step = 86_400 * niceStep(above: step / 86_400) }
        let ticks = multiples(of: step, from: start, to: end)
        let lastSeconds = ticks.last.map { Int($0.rounded()) } ?? 0
        return ticks.map { Tick(value: $0, label: timeLabel(Int($0.rounded()), step: step, last: lastSeconds)) }
    }

    /// Ticks on multiples of the smallest 1-2-5 step that spans `low...high` (in the display unit)
    /// in at most `maxIntervals` (at least 1) steps between the multiples just outside it. Empty
    /// when a bound is not finite or `high < low`.
    static func temperature(from low: Double, to high: Double, maxIntervals: Int) -> [Tick] {
        guard low.isFinite, high.isFinite, high >= low else { return [] }
        return temperature(step: temperatureStep(from: low, to: high, maxIntervals: maxIntervals), from: low, to: high)
    }

    /// Ticks on the multiples of `step` (a 1-2-5 step) in `low...high`, labelled with as many
    /// decimals as the step needs.
    static func temperature(step: Double, from low: Double, to high: Double) -> [Tick] {
        var decimals = 0
        var scaled = step
        while scaled < 1 - 1e-9 && decimals < 6 {
            scaled *= 10
            decimals += 1
        }
        return multiples(of: step, from: low, to: high).map {
            Tick(value: $0, label: TemperatureUnit.fixed($0, decimals: decimals))
        }
    }

    /// The smallest 1-2-5 step whose multiples just below `low` and just above `high` are at most
    /// `maxIntervals` (at least 1) steps apart.
    static func temperatureStep(from low: Double, to high: Double, maxIntervals: Int) -> Double {
        let intervals = Double(max(maxIntervals, 1))
        guard low.isFinite, high.isFinite, high > low else { return 1 }
        var step = niceStep(atLeast: (high - low) / intervals)
        // Bounded: with one interval, a span across zero never fits (zero is a multiple of all).
        for _ in 0..<64 where (high / step).rounded(.up) - (low / step).rounded(.down) > intervals {
            step = niceStep(above: step)
        }
        return step
    }

    /// The multiples of `step` in `low...high`, each computed from its index (no drift).
    static func multiples(of step: Double, from low: Double, to high: Double) -> [Double] {
        guard step > 0, low.isFinite, high.isFinite, high >= low else { return [] }
        let first = (low / step).rounded(.up)
        let last = (high / step).rounded(.down)
        guard last >= first, last - first < 10_000 else { return [] }
        return (0...Int(last - first)).map { (first + Double($0)) * step }
    }

    /// The smallest value of the form 1, 2 or 5 times a power of ten at or above `raw` (> 0).
    static func niceStep(atLeast raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        for m in [1.0, 2.0, 5.0] where magnitude * m >= raw * (1 - 1e-12) { return magnitude * m }
        return magnitude * 10
    }

    /// The next 1-2-5 step after `step`.
    static func niceStep(above step: Double) -> Double { niceStep(atLeast: step * 1.5) }

    private static func timeLabel(_ seconds: Int, step: Double, last: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        let s = abs(seconds)
        func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        if step < 60 {
            if s < 60 { return "\(sign)\(s)s" }
            return sign + "\(s / 60)m" + (s % 60 == 0 ? "" : pad(s % 60) + "s")
        }
        if step < 3600 {
            if abs(last) < 3600 { return "\(sign)\(s / 60)m" }
            return "\(sign)\(s / 3600):" + pad(s % 3600 / 60)
        }
        return "\(sign)\(s / 3600)h"
    }
}
