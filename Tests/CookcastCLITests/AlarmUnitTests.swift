import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// A target given in Fahrenheit is said in Fahrenheit, exactly, wherever the alarm shows.
@Suite struct AlarmUnitTests {
    /// A probe rising a quarter of a degree every 30 s from 20 to 96 C, in a 120 C pit.
    static func risingCSV() -> String {
        var text = "t_s,probe_c,ambient_c\n"
        for step in 0..<400 { text += "\(step * 30),\(min(20 + Double(step) * 0.25, 96)),120\n" }
        return text
    }

    /// QA: `live --unit f --target 200` sounded "probe 1 reached 199.9 F": the words were stored
    /// with the target rounded to 93.3 C and converted back. The screen, `--on-alarm`, `--json`,
    /// the estimate's "done" words and `show` of the stored event now all say 200.0 F.
    @Test func aTargetGivenInFahrenheitIsSaidAsGivenWhereverTheAlarmShows() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("rising.csv", Self.risingCSV())
        let log = box.directory + "/alarms.log"
        let plain = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--unit", "f", "--target", "200",
            "--on-alarm", "echo \"$COOKCAST_ALARM: $COOKCAST_MESSAGE\" >> '\(log)'",
        ])
        #expect(plain.status == 0, "\(plain.err)")
        #expect(plain.out.contains("ALARM target_reached: probe 1 reached 200.0 F"), "\(plain.out)")
        #expect(plain.out.contains("into the cook): the probe reached 200.0 F"), "\(plain.out)")
        #expect(!plain.out.contains("199.9"), "\(plain.out)")
        var text = ""
        for _ in 0..<100 {
            text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if text.contains("target_reached") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(text.contains("target_reached: probe 1 reached 200.0 F"), "\(text)")

        let json = await box.run([
            "live", "--replay", file, "--speed", "max", "--json", "--unit", "f", "--target", "1=200",
        ])
        #expect(json.status == 0, "\(json.err)")
        #expect(json.out.contains("\"message\":\"probe 1 reached 200.0 F\""), "\(json.out)")

        let fahrenheit = await box.run(["show", "1", "--unit", "f"])
        #expect(fahrenheit.status == 0, "\(fahrenheit.err)")
        #expect(fahrenheit.out.contains("alarm ch1 target_reached: probe 1 reached 200.0 F"), "\(fahrenheit.out)")
        #expect(!fahrenheit.out.contains("199.9"), "\(fahrenheit.out)")
        // In Celsius the target reads as it always did, one decimal.
        let celsius = await box.run(["show", "1"])
        #expect(celsius.out.contains("alarm ch1 target_reached: probe 1 reached 93.3 C"), "\(celsius.out)")

        let predicted = await box.run(["predict", file, "--unit", "f", "--target", "200"])
        #expect(predicted.status == 0, "\(predicted.err)")
        #expect(predicted.out.contains("done: the probe reached 200.0 F"), "\(predicted.out)")
    }

    /// Celsius users see what they saw: the target's words, live and stored, are unchanged.
    @Test func aTargetGivenInCelsiusIsSaidAsBefore() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("rising.csv", Self.risingCSV())
        let plain = await box.run(["live", "--replay", file, "--speed", "max", "--plain", "--target", "93.3"])
        #expect(plain.status == 0, "\(plain.err)")
        #expect(plain.out.contains("ALARM target_reached: probe 1 reached 93.3 C"), "\(plain.out)")
        let json = await box.run(["live", "--replay", file, "--speed", "max", "--json", "--target", "93.3"])
        #expect(json.out.contains("\"message\":\"probe 1 reached 93.3 C\""), "\(json.out)")
        let stored = try SessionStore(path: box.databasePath, readOnly: true).events(session: 1).map(\.detail)
        #expect(stored.contains("target_reached: probe 1 reached 93.3 C"), "\(stored)")
    }

    /// The words keep a target's every decimal; a person sees one, in their unit. Words stored by
    /// older builds (one decimal) are shown as they were.
    @Test func storedTargetWordsAreShownWithOneDecimalInEitherUnit() {
        let target = TemperatureUnit.fahrenheit.celsius(from: 200)
        let words = AlarmEngine.probeReachedTargetMessage(channel: 1, targetCelsius: target)
        #expect(words == "probe 1 reached 93.333333333 C")
        #expect(TemperatureText.converting(words, to: .fahrenheit) == "probe 1 reached 200.0 F")
        #expect(TemperatureText.converting(words, to: .celsius) == "probe 1 reached 93.3 C")
        #expect(TemperatureText.converting("probe 1 reached 93.3 C", to: .fahrenheit) == "probe 1 reached 199.9 F")
        #expect(TemperatureText.converting("probe 1 reached 93.3 C", to: .celsius) == "probe 1 reached 93.3 C")
        #expect(TemperatureUnit.formatExactCelsius(74) == "74.0 C")
        #expect(TemperatureUnit.formatExactCelsius(63.5) == "63.5 C")
        #expect(TemperatureUnit.formatExactCelsius(-0.0) == "0.0 C")
        #expect(TemperatureUnit.formatExactCelsius(TemperatureUnit.fahrenheit.celsius(from: 165)) == "73.888888889 C")
    }
}
