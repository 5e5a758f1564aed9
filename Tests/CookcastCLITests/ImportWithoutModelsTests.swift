import CookcastCore
import CookcastStore
import Foundation
import Testing

/// `cookcast import` on an install whose model data cannot be found (`COOKCAST_MODELS` wrong):
/// the goals given on the command line are still taken as given.
@Suite struct ImportWithoutModelsTests {
    /// Runs the built binary in `box`'s directory with no model data to find (unless the build
    /// directory itself lies in a checkout, where the shipped data is found and the same holds).
    func runWithoutModels(_ arguments: [String], in box: Sandbox) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CookcastBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: box.directory)
        process.environment = [
            "COOKCAST_DB": box.databasePath, "COOKCAST_MODELS": box.directory + "/no-models", "TZ": "UTC",
        ]
        return try process.runCollectingStandardError()
    }

    /// QA: `--target 2=74` was checked against the range and then left out (probe 2 cooked to
    /// the session's 60 C), and `--cut 2=brisket` became every probe's cut, "2=brisket".
    @Test func probesOwnGoalsAreTaken() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", "t_s,probe_c,ambient_c,channel\n0,20,110,1\n0,21,,2\n30,22,110,1\n30,23,,2\n")
        let r = try runWithoutModels(
            ["import", file, "--target", "60", "--target", "2=74", "--cut", "3=brisket"], in: box)
        #expect(r.status == 0, "\(r.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let session = try #require(try store.session(1))
        #expect(session.cut == nil)
        #expect(session.targetCelsius.map { abs($0 - 60) < 1e-9 } == true)
        let probe2 = try store.channels(session: 1).first { $0.channel == 2 }
        #expect(probe2?.targetCelsius.map { abs($0 - 74) < 1e-9 } == true, "\(String(describing: probe2))")
        #expect(r.err.contains("no probe 3"), "\(r.err)")
    }
}
