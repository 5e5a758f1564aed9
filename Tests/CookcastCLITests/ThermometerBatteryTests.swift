import CookcastCore
import Testing

@testable import CookcastCLI

/// `ThermometerBattery`: the battery levels an iBBQ reported as `probe_status` events, given to
/// the CSV rows that follow them.
@Suite struct ThermometerBatteryTests {
    static let events = [
        SessionEvent(elapsedSeconds: 0.5, kind: .probeStatus, channel: 0, detail: "battery 61 % (24A00F981900)"),
        SessionEvent(elapsedSeconds: 5, kind: .probeStatus, channel: 1, detail: "0000006400C8FF"),
        SessionEvent(elapsedSeconds: 600.5, kind: .probeStatus, channel: 0, detail: "battery 12 % (242003981900)"),
        SessionEvent(elapsedSeconds: 700, kind: .note, detail: "battery 50 % (not a status)"),
    ]

    /// Decoded by the profile, each reply's exact level (0x0FA0 of 0x1998: 61.05 %); a status
    /// without a battery and other kinds of event are none.
    @Test func eachRowTakesTheLevelLastReported() {
        let battery = ThermometerBattery(events: Self.events, decoder: IBBQDecoder())
        #expect(battery.percent(atSeconds: 0) == nil)
        #expect(abs((battery.percent(atSeconds: 0.5) ?? 0) - 100.0 * 0x0FA0 / 0x1998) < 1e-9)
        #expect(abs((battery.percent(atSeconds: 600) ?? 0) - 100.0 * 0x0FA0 / 0x1998) < 1e-9)
        #expect(abs((battery.percent(atSeconds: 9_999) ?? 0) - 100.0 * 0x0320 / 0x1998) < 1e-9)
        let rows = battery.filling([
            Reading(channel: 1, elapsedSeconds: 0, probeCelsius: 20, ambientCelsius: nil),
            Reading(channel: 1, elapsedSeconds: 610, probeCelsius: 26, ambientCelsius: nil, batteryPercent: 80),
        ])
        #expect(rows.map(\.batteryPercent) == [nil, 80])
    }

    /// Without the profile (no Models directory), the whole percent the event says.
    @Test func withoutTheProfileTheWholePercentItSays() {
        let battery = ThermometerBattery(events: Self.events, decoder: nil)
        #expect(battery.reports.map(\.percent) == [61, 12])
        #expect(ThermometerBattery(events: [], decoder: nil).isEmpty)
    }
}
