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
        #expect(r.err.hasPrefix("cookcast live: --pit-probe 7: a ibbq probe has channels 1 to 6\n"))
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
