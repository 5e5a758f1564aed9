import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// `live` options and their validation.
@Suite struct LiveOptionTests {
    /// A replay whose ambient sits at 150 C for an hour while the probe warms slowly.
    static func hotAmbientCSV() -> String {
        var text = "t_s,probe_c,ambient_c\n"
        for minute in 0...60 { text += "\(minute * 60),\(20 + Double(minute) * 0.5),150\n" }
        return text
    }

    @Test func ambientRangeIsAcceptedAndAnAmbientOutsideItFiresTheAlarm() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("hot.csv", Self.hotAmbientCSV())
        let outside = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--target", "90", "--ambient-range", "105:125",
        ])
        #expect(outside.status == 0, "\(outside.err)")
        #expect(outside.out.contains("ALARM ambient_out_of_range: ambient above the expected range"))
        let events = try SessionStore(path: box.databasePath, readOnly: true).events(session: 1)
        #expect(events.contains { $0.kind == .alarm && $0.detail.contains("ambient above") })

        let inside = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--target", "90", "--ambient-range", "140:160",
        ])
        #expect(inside.status == 0, "\(inside.err)")
        #expect(!inside.out.contains("ambient_out_of_range"))
        // In --unit f the range is Fahrenheit: 284-320 F holds 150 C.
        let fahrenheit = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--target", "194", "--unit", "f",
            "--ambient-range", "284:320",
        ])
        #expect(fahrenheit.status == 0, "\(fahrenheit.err)")
        #expect(!fahrenheit.out.contains("ambient_out_of_range"))
        let backwards = await box.run(["live", "--replay", file, "--ambient-range", "125:105"])
        #expect(backwards.status == 64)
        #expect(backwards.err.contains("--ambient-range"))
        let infinite = await box.run(["live", "--replay", file, "--ambient-range", "-inf:125"])
        #expect(infinite.status == 64)
        // QA: a range no pit, oven or bath has was taken without a word.
        for absurd in ["-300:50", "100:1e9"] {
            let r = await box.run(["live", "--replay", file, "--ambient-range", absurd])
            #expect(r.status == 64, "\(absurd): \(r.err)")
            let said = "option '--ambient-range' must lie between -40 and 600 C, got '\(absurd)'"
            #expect(r.err.contains(said), "\(r.err)")
        }
    }

    @Test func aSpeedOutsideWhatPacingCanRepresentIsAUsageError() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("hot.csv", Self.hotAmbientCSV())
        // 1e-21 trapped with 'Overflow in multiplication' in the pacing arithmetic.
        for (source, speed) in [
            (["--simulate", "steak"], "1e-21"), (["--simulate", "steak"], "1e-300"), (["--replay", file], "1e-30"),
            (["--simulate", "steak"], "0"), (["--simulate", "steak"], "-3"), (["--simulate", "steak"], "1e7"),
            (["--simulate", "steak"], "inf"), (["--simulate", "steak"], "nan"),
        ] {
            let r = await box.run(["live"] + source + ["--speed", speed, "--plain"])
            #expect(r.status == 64, "--speed \(speed)")
            #expect(r.err.hasPrefix("cookcast live: option '--speed' must be between 0.001 and 1000000, or max"))
        }
        let fastest = await box.run(["live", "--replay", file, "--speed", "1e6", "--plain", "--target", "90"])
        #expect(fastest.status == 0, "\(fastest.err)")
    }

    /// A mistyped probe address is a usage error, said as such (it reached BlueZ and exited 69,
    /// "no Bluetooth service").
    @Test func aMistypedProbeAddressIsAUsageError() async {
        let box = Sandbox()
        defer { box.cleanup() }
        for address in ["XYZ", "AA:BB:CC:DD:EE", "AA:BB:CC:DD:EE:FG", "AABBCCDDEEFF"] {
            let r = await box.run(["live", "--probe", address])
            #expect(r.status == 64, "\(address): \(r.err)")
            #expect(r.err.contains("--probe needs a Bluetooth address like AA:BB:CC:DD:EE:FF"), "\(r.err)")
        }
    }

    @Test func predictRejectsAnImplausibleTarget() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("hot.csv", Self.hotAmbientCSV())
        for target in ["1e300", "-1e300", "600"] {
            let r = await box.run(["predict", file, "--target", target])
            #expect(r.status == 64, "--target \(target)")
        }
        #expect(await box.run(["predict", file, "--target", "90"]).status == 0)
    }

    @Test func optionsThatDoNothingTogetherAreWarnedAbout() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("hot.csv", Self.hotAmbientCSV())
        let cases: [([String], String)] = [
            (["--simulate", "steak", "--json", "--plain"], "--plain has no effect with --json"),
            (["--replay", file, "--seed", "4", "--plain"], "--seed only applies to --simulate; ignored"),
            (["--replay", file, "--characteristic", "abcd", "--plain"], "--characteristic only applies to --probe"),
            // A sample is cookcast's own readings, never a probe profile's packets.
            (["--sample", "roast-chicken", "--profile", "ibbq", "--json"], "--profile only applies to --probe"),
        ]
        for (arguments, warning) in cases {
            let r = await box.run(["live", "--speed", "max", "--target", "90"] + arguments)
            #expect(r.status == 0, "\(r.err)")
            let warnings = r.err.split(separator: "\n").filter { $0.hasPrefix("cookcast live: warning: ") }
            #expect(warnings.count == 1 && warnings[0].contains(warning), "\(r.err)")
        }
        // --stdin cannot be fed in-process; the notes themselves are checked.
        let stdin = try? ParsedArguments(["--stdin", "--speed", "10", "--seed", "3"], spec: LiveCommand.options)
        let notes = stdin.map { LiveCommand.ignoredOptions($0, source: .stdin) } ?? []
        #expect(notes.count == 2)
        #expect(notes.contains { $0.hasPrefix("--speed only applies to --simulate, --sample and --replay") })
        let quiet = await box.run(["live", "--simulate", "steak", "--seed", "4", "--speed", "max", "--plain"])
        #expect(!quiet.err.contains("warning"))
    }
}
