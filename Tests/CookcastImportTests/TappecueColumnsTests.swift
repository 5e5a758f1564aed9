import CookcastCore
import Foundation
import Testing

@testable import CookcastImport

/// A Tappecue log's probe columns are read by name, not by position.
@Suite struct TappecueColumnsTests {
    static func cook(_ text: String) throws -> RecordedCook {
        let file = ImportFile(path: "log.txt", bytes: Array(text.utf8))
        let groups = try Importer(options: TestData.options).read(files: [file])
        return try #require(groups.first?.result.hashedByReadings().cooks.first)
    }

    /// The real T-bone log with its two probe columns swapped is the same cook (same content
    /// hash, channel, name and cut). The column after `ElapsedTime` was the meat: the water bath
    /// was imported as a meat probe named "Bath", exit 0.
    @Test func theRealTBoneLogWithItsColumnsSwappedIsTheSameCook() throws {
        let path = TestData.raw(RealExportTests.sousVide, "TBone-1-inch.txt")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let swapped = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if f.count >= 4 { f.swapAt(2, 3) }
            return f.joined(separator: ",")
        }.joined(separator: "\n")
        #expect(swapped.hasPrefix(",ElapsedTime,Bath,TBone\n"))
        let original = try Self.cook(text), reordered = try Self.cook(swapped)
        #expect(reordered.info.contentHash == original.info.contentHash)
        #expect(reordered.readings == original.readings)
        #expect(reordered.channels == [ChannelInfo(channel: 1, name: "TBone", role: .meat)])
        #expect(reordered.info.name == "TBone" && reordered.info.cut == original.info.cut)
        #expect(original.info.cut == "sous_vide")
    }

    /// Every name that means the air is the ambient, wherever its column is, in any case.
    @Test(arguments: ["Pit", "AMBIENT", "Air", "Oven", "Smoker 1", "Grill", "Water Bath", "chamber"])
    func anAirColumnIsTheAmbient(name: String) throws {
        let cook = try Self.cook(",ElapsedTime,\(name),Brisket\n0,0,110,5\n1,1,111,6\n")
        #expect(cook.channels == [ChannelInfo(channel: 1, name: "Brisket", role: .meat)])
        #expect(cook.readings.map(\.probeCelsius) == [5, 6])
        #expect(cook.readings.map(\.ambientCelsius) == [110, 111])
    }

    /// Two meat probes are two meat channels, and no air: the second probe was the ambient.
    @Test func twoMeatProbesAreTwoChannels() throws {
        let cook = try Self.cook(",ElapsedTime,Brisket,Probe 2,Pit\n0,0,5,7,110\n1,1,6,8,111\n")
        #expect(cook.channels.map(\.name) == ["Brisket", "Probe 2"])
        #expect(cook.channels.allSatisfy { $0.role == .meat })
        #expect(cook.readings.filter { $0.channel == 2 }.map(\.probeCelsius) == [7, 8])
        #expect(cook.readings.allSatisfy { $0.ambientCelsius == 110 || $0.ambientCelsius == 111 })
        let noAir = try Self.cook(",ElapsedTime,Brisket,Probe 2\n0,0,5,7\n")
        #expect(noAir.channels.count == 2 && noAir.readings.allSatisfy { $0.ambientCelsius == nil })
    }

    /// The air's column alone is the air alone, said in a note, never a meat probe.
    @Test func theAirAloneIsAnAmbientChannel() throws {
        let file = ImportFile(path: "log.txt", bytes: Array(",ElapsedTime,Bath\n0,0,55\n1,1,55.5\n".utf8))
        let result = try #require(try Importer(options: TestData.options).read(files: [file]).first?.result)
        let cook = try #require(result.cooks.first)
        #expect(cook.channels == [ChannelInfo(channel: 1, name: "Bath", role: .ambient)])
        #expect(cook.readings.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius != nil })
        #expect(result.notes.contains { $0.contains("imported as the air alone") }, "\(result.notes)")
    }
}
