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
    }
}
