import CookcastCore
import CookcastStore
import Testing

@testable import CookcastCLI

/// Events are stored as text in Celsius; `show` and the plot's markers say them in `--unit`.
@Suite struct ShowEventUnitTests {
    /// QA: `show --unit f` printed `probe 1 reached 95.0 C` and the fit's notes in Celsius.
    @Test func showSaysEventTemperaturesInTheUnitShown() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let imported = await box.run([
            "import", SharedData.cook("combustion_short_46c.csv"), "--cut", "beef_steak", "--target", "46.1",
        ])
        #expect(imported.status == 0, "\(imported.err)")
        let store = try SessionStore(path: box.databasePath)
        for (t, kind, detail) in [
            (600.0, EventKind.alarm, "target_reached: probe 1 reached 46.1 C"),
            (700, .alarm, "done: probe 1 is done: the bath (52.5 C) holds the target: within 0.3 C of it"),
            (800, .note, "no reading for 75 s"),
        ] {
            try store.append(SessionEvent(elapsedSeconds: t, kind: kind, channel: 1, detail: detail), session: 1)
        }
        let fahrenheit = await box.run(["show", "1", "--unit", "f"])
        #expect(fahrenheit.status == 0, "\(fahrenheit.err)")
        #expect(
            fahrenheit.out.contains("[00:10:00] alarm ch1 target_reached: probe 1 reached 115.0 F"), "\(fahrenheit.out)"
        )
        #expect(fahrenheit.out.contains("the bath (126.5 F) holds the target: within 0.5 F of it"), "\(fahrenheit.out)")
        #expect(fahrenheit.out.contains("[00:13:20] note ch1 no reading for 75 s"), "\(fahrenheit.out)")
        #expect(!fahrenheit.out.contains(" C"), "\(fahrenheit.out)")
        let celsius = await box.run(["show", "1"])
        #expect(celsius.out.contains("target_reached: probe 1 reached 46.1 C"), "\(celsius.out)")
        // Storage stays Celsius.
        let stored = try store.events(session: 1).map(\.detail)
        #expect(stored.contains("target_reached: probe 1 reached 46.1 C"))
    }

    /// The plot's event markers carry the same words in their tooltips.
    @Test func plotMarkersSayEventTemperaturesInTheUnitShown() {
        let readings = (0...60).map {
            Reading(elapsedSeconds: Double($0) * 60, probeCelsius: 40 + Double($0), ambientCelsius: 110)
        }
        let alarm = SessionEvent(
            elapsedSeconds: 3000, kind: .alarm, channel: 1, detail: "target_reached: probe 1 reached 95.0 C")
        let svg = SVGPlot(unit: .fahrenheit).render(
            title: "t", readings: readings, channels: [], targetCelsius: 95, events: [alarm], fits: [])
        #expect(svg.contains("<title>alarm target_reached: probe 1 reached 203.0 F</title>"))
    }

    @Test(arguments: [
        ("probe 1 reached 95.0 C", "probe 1 reached 203.0 F"),
        (
            "detected: probe fell from 95 C (lying in the pit) to 30 C; 12 earlier readings kept",
            "detected: probe fell from 203 F (lying in the pit) to 86 F; 12 earlier readings kept"
        ),
        (
            "the probe reads 60.0 C, 2.0 C below its recent peak: is it still in the meat?",
            "the probe reads 140.0 F, 3.6 F below its recent peak: is it still in the meat?"
        ),
        ("outside -20 to 150 C, a device error code", "outside -4 to 302 F, a device error code"),
        ("a bath at 52-55 C", "a bath at 126-131 F"),
        ("rising 4.5 C/h at -10 C.", "rising 8.1 F/h at 14 F."),
        ("no reading for 75 s; battery low (12 %)", "no reading for 75 s; battery low (12 %)"),
        ("no valid temperature in packet 00000064F500FB00DD", "no valid temperature in packet 00000064F500FB00DD"),
        ("v1.5 C, 12 CD, 3 Celsius, x2 C", "v1.5 C, 12 CD, 3 Celsius, x2 C"),
        ("probe 1 reached 203.0 F", "probe 1 reached 203.0 F"),
        ("12 C", "54 F"),
        // The estimate's words, which live shows and an alarm stores.
        (
            "probe 1 is done: 56.7 C, the bath (57.0 C) holds the target: within 0.3 C of it",
            "probe 1 is done: 134.1 F, the bath (134.6 F) holds the target: within 0.5 F of it"
        ),
        (
            "stalled at 67.4 C for 33 min; going by past cooks of this cut, about 8 h to go",
            "stalled at 153.3 F for 33 min; going by past cooks of this cut, about 8 h to go"
        ),
    ])
    func temperaturesInTextAreConvertedAndOtherNumbersLeftAlone(stored: String, shown: String) {
        #expect(TemperatureText.converting(stored, to: .fahrenheit) == shown)
        #expect(TemperatureText.converting(stored, to: .celsius) == stored)
    }
}
