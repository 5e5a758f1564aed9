import CookcastCore
import Testing

@testable import CookcastImport

/// The canonical CSV's channel roles, read from which columns a channel's rows fill.
struct CanonicalCSVRoleTests {
    @Test func aChannelWithOnlyAmbientValuesIsThePit() throws {
        let text = """
            t_s,probe_c,ambient_c,channel
            0,5,110,1
            0,,110,2
            0,6,,3
            0,,,4
            60,6,111,1
            60,,111,2
            60,7,,3
            60,8,,4
            60,9,,5
            120,,120,5

            """
        let file = ImportFile(path: "cook.csv", bytes: Array(text.utf8), modifiedAtUnixMs: 0)
        let cook = try #require(try Importer(options: TestData.options).read(files: [file]).first?.result.cooks.first)
        let roles = cook.channels.map(\.role)
        // 1 meat with the pit aligned, 2 the pit, 3 and 4 meat, 5 meat (a pit row does not make it one).
        #expect(roles == [.meat, .ambient, .meat, .meat, .meat])
        // Named as `live` and a hex log's import name them: an iBBQ cook's CSV gave no names.
        #expect(cook.channels.map(\.name) == ["probe 1", "probe 2 (pit)", "probe 3", "probe 4", "probe 5"])
    }

    /// A CSV whose battery column is the thermometer's (filled by `export` from an iBBQ's reports)
    /// has a second hash, of its readings without it; a CSV without one, or another format, none.
    @Test func aCSVWithABatteryHasABatteryFreeHash() throws {
        func cook(_ text: String) throws -> RecordedCook {
            let file = ImportFile(path: "ibbq.csv", bytes: Array(text.utf8), modifiedAtUnixMs: 0)
            return try #require(try Importer(options: TestData.options).read(files: [file]).first?.result.cooks.first)
        }
        let withBattery = try cook(
            "t_s,probe_c,ambient_c,channel,battery_pct\n0,20,,1,\n0,,110,4,\n10,20.1,,1,61.05\n10,,110,4,61.05\n")
        let without = try cook("t_s,probe_c,ambient_c,channel\n0,20,,1\n0,,110,4\n10,20.1,,1\n10,,110,4\n")
        #expect(without.readings.allSatisfy { $0.batteryPercent == nil })
        #expect(withBattery.info.contentHash != without.info.contentHash)
        #expect(CanonicalCSVReader.batteryFreeHash(of: withBattery) == without.info.contentHash)
        #expect(CanonicalCSVReader.batteryFreeHash(of: without) == nil)
        var vendor = withBattery
        vendor.info.source = "import:combustion"
        #expect(CanonicalCSVReader.batteryFreeHash(of: vendor) == nil)
    }
}
