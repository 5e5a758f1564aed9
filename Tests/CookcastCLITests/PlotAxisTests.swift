import CookcastCore
import Foundation
import Testing

@testable import CookcastCLI
@testable import CookcastEngine

/// The axes of `cookcast plot`'s SVG and the live view's ASCII chart.
@Suite struct PlotAxisTests {
    /// A cook from 20 C towards 95 C over `minutes`, one reading every `everySeconds`.
    static func cook(minutes: Double, everySeconds: Double = 5, ambient: Bool = true) -> [Reading] {
        stride(from: 0, through: minutes * 60, by: everySeconds).map { t in
            Reading(
                elapsedSeconds: t, probeCelsius: 95 - 75 * exp(-t / (minutes * 30)),
                ambientCelsius: ambient ? 120 : nil)
        }
    }

    static func svg(_ readings: [Reading], unit: TemperatureUnit = .celsius, target: Double? = 95) -> String {
        SVGPlot(unit: unit).render(
            title: "t", readings: readings, channels: [ChannelInfo(channel: 1)], targetCelsius: target, events: [],
            fits: [])
    }

    /// The texts of the `<text>` elements whose attributes contain `attribute`.
    static func labels(_ svg: String, with attribute: String) -> [String] {
        svg.components(separatedBy: "<text ").dropFirst().compactMap { element in
            guard let close = element.firstIndex(of: ">"), element[..<close].contains(attribute),
                let end = element.range(of: "</text>")
            else { return nil }
            return String(element[element.index(after: close)..<end.lowerBound])
        }
    }

    /// The time axis' labels (the only centred texts).
    static func timeLabels(_ svg: String) -> [String] { labels(svg, with: "text-anchor=\"middle\"") }

    /// QA: a 23-minute cook was labelled `0.0h 0.1h 0.1h 0.2h 0.2h ...`, and a session with one
    /// reading `0.0h` four times.
    @Test func shortCooksAreLabelledInMinutesOrSecondsOnceEach() {
        #expect(Self.timeLabels(Self.svg(Self.cook(minutes: 23))) == ["0m", "5m", "10m", "15m", "20m"])
        let one = [Reading(elapsedSeconds: 0, probeCelsius: 21, ambientCelsius: 22)]
        #expect(Self.timeLabels(Self.svg(one)) == ["0s", "10s", "20s", "30s", "40s", "50s", "1m"])
        #expect(
            Self.timeLabels(Self.svg(Self.cook(minutes: 4))) == [
                "0s", "30s", "1m", "1m30s", "2m", "2m30s", "3m", "3m30s", "4m",
            ])
    }

    /// A simulated cook's first reading at 0.5 s: its axis said `0:10 0:20 ...` without `0:00`.
    @Test func aFirstReadingJustAfterTheStartKeepsTheZeroTick() {
        let late = Self.cook(minutes: 62, everySeconds: 60).map {
            Reading(elapsedSeconds: $0.elapsedSeconds + 0.486, probeCelsius: $0.probeCelsius, ambientCelsius: 110)
        }
        #expect(Self.timeLabels(Self.svg(late)) == ["0:00", "0:10", "0:20", "0:30", "0:40", "0:50", "1:00"])
        let resumed = Self.cook(minutes: 62, everySeconds: 60).map {
            Reading(elapsedSeconds: $0.elapsedSeconds + 3600, probeCelsius: $0.probeCelsius, ambientCelsius: 110)
        }
        #expect(Self.timeLabels(Self.svg(resumed)).first == "1:00")
    }

    @Test func longCooksAreLabelledInHoursAndMinutesOrWholeHours() {
        let twoAndAHalf = Self.timeLabels(Self.svg(Self.cook(minutes: 150, everySeconds: 30)))
        #expect(twoAndAHalf == ["0:00", "0:30", "1:00", "1:30", "2:00", "2:30"])
        let day = Self.timeLabels(Self.svg(Self.cook(minutes: 26 * 60, everySeconds: 60)))
        #expect(day == ["0h", "3h", "6h", "9h", "12h", "15h", "18h", "21h", "24h"])
    }

    /// Whatever the span (the plot's is a minute at least), a handful of ticks, each label once.
    @Test func timeTicksAreFewDistinctAndRound() {
        var span = 60.0
        while span < 60 * 86_400 {
            for start in [0.0, 7, span / 3] {
                let ticks = AxisTicks.time(from: start, to: start + span, maxCount: 9)
                let labels = ticks.map(\.label)
                #expect(Set(labels).count == labels.count, "\(span) s from \(start): \(labels)")
                #expect(ticks.count <= 9 && ticks.count >= 2, "\(span) s from \(start): \(labels)")
                #expect(ticks.allSatisfy { $0.value >= start && $0.value <= start + span })
            }
            span *= 1.37
        }
        #expect(AxisTicks.time(from: 0, to: .infinity, maxCount: 9).isEmpty)
        #expect(AxisTicks.time(from: 0, to: 20 * 86_400, maxCount: 9).map(\.label).first == "0h")
    }

    /// The temperature axis' labels (right-aligned, without the target's label).
    static func temperatureLabels(_ svg: String) -> [String] {
        labels(svg, with: "text-anchor=\"end\"").filter { !$0.hasPrefix("target") }
    }

    /// QA: under `--unit f` the ticks sat on a Celsius grid converted (68, 104, 140 F).
    @Test func fahrenheitTicksAreRoundInFahrenheit() {
        let cook = Self.cook(minutes: 300, everySeconds: 60)
        #expect(
            Self.temperatureLabels(Self.svg(cook, unit: .fahrenheit)) == [
                "60 F", "80 F", "100 F", "120 F", "140 F", "160 F", "180 F", "200 F", "220 F", "240 F",
            ])
        #expect(
            Self.temperatureLabels(Self.svg(cook)) == [
                "20 C", "30 C", "40 C", "50 C", "60 C", "70 C", "80 C", "90 C", "100 C", "110 C", "120 C",
            ])
        // Without ambient the span is 15..100 C, 59..212 F.
        let noAir = Self.svg(Self.cook(minutes: 300, everySeconds: 60, ambient: false), unit: .fahrenheit)
        #expect(
            Self.temperatureLabels(noAir) == ["60 F", "80 F", "100 F", "120 F", "140 F", "160 F", "180 F", "200 F"])
    }

    /// The live view's chart: labels on round values of the unit shown, each on the row nearest
    /// its value (it printed the raw extremes converted, `230` and `68`).
    @Test func asciiChartLabelsAreRoundInTheUnitShown() throws {
        let points = Self.cook(minutes: 120, everySeconds: 60, ambient: false).map {
            LiveStatus.ChartPoint(elapsedSeconds: $0.elapsedSeconds, probeCelsius: $0.probeCelsius, ambientCelsius: 110)
        }
        // The chart spans 20..110 C, 68..230 F.
        for (unit, expected) in [
            (TemperatureUnit.fahrenheit, ["200", "150", "100"]), (.celsius, ["100", "80", "60", "40", "20"]),
        ] {
            let lines = AsciiChart(width: 40, height: 10, unit: unit).render(points, targetCelsius: 95)
            #expect(lines.count == 11)
            let labels = lines.prefix(10).map { String($0.prefix { $0 != "|" }).trimmingCharacters(in: .whitespaces) }
            #expect(labels.filter { !$0.isEmpty } == expected, "\(lines.joined(separator: "\n"))")
            let (low, high) = (unit.value(fromCelsius: 20), unit.value(fromCelsius: 110))
            for (row, label) in labels.enumerated() where !label.isEmpty {
                let exact = 9 * (high - (Double(label) ?? .nan)) / (high - low)
                #expect(abs(Double(row) - exact) <= 0.5, "\(label) on row \(row), belongs at \(exact)")
            }
        }
    }
}
