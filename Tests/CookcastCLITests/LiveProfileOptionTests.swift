import Foundation
import Testing

@testable import CookcastCLI

/// `live --probe ADDR --profile NAME [--pit-probe N]`: validated before anything runs.
@Suite struct LiveProfileOptionTests {
    @Test func anUnknownProfileIsAUsageErrorNamingTheKnownOnes() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run(["live", "--probe", "AA:BB:CC:DD:EE:FF", "--profile", "meater"])
        #expect(r.status == 64)
        #expect(r.err.hasPrefix("cookcast live: unknown probe profile 'meater' (known: seed, ibbq)\n"))
    }

    @Test func aPitProbeBeyondTheProfilesChannelsIsAUsageError() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run(["live", "--probe", "AA:BB:CC:DD:EE:FF", "--profile", "ibbq", "--pit-probe", "7"])
        #expect(r.status == 64)
        #expect(r.err.hasPrefix("cookcast live: --pit-probe 7: the ibbq profile has channels 1 to 6\n"))
    }

    /// The seed probe's one channel as the pit left no meat, and its own air reading was dropped.
    @Test func aPitProbeThatLeavesNoMeatIsAUsageError() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("seed.hex", "0 00000064F500FB00DD\n10 00000064F600FB00DD\n")
        let r = await box.run(["live", "--replay", file, "--profile", "seed", "--pit-probe", "1", "--speed", "max"])
        #expect(r.status == 64)
        #expect(
            r.err.hasPrefix(
                "cookcast live: --pit-probe 1: the seed profile has one probe, which would leave none in the meat\n"),
            "\(r.err)")
    }

    @Test func profileOptionsWithASimulationAreWarnedAbout() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run([
            "live", "--simulate", "steak", "--speed", "max", "--plain", "--profile", "ibbq", "--pit-probe", "2",
        ])
        #expect(r.status == 0)
        #expect(r.err.contains("--profile only applies to --probe, --replay and --stdin; ignored"))
        #expect(r.err.contains("--pit-probe only applies with --profile (--probe, --replay or --stdin); ignored"))
    }
}
