import CookcastCore
import CookcastFit
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

/// The real cooks shipped in `Models/samples/`: a new user without a probe watches one play
/// through `live --sample NAME` and predicts it with `predict --sample NAME`, never hunting for
/// files; a sample never teaches the priors (they were learned from it already).
@Suite struct SampleCookTests {
    /// The rows of a canonical CSV, its header left out.
    static func rows(_ path: String) throws -> [Substring] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map { $0 }
    }

    /// heatledger_roast_chicken.csv (edwardspeyer/heat-ledger, MIT): 517 readings, 74 C at 4550 s.
    @Test func liveSamplePlaysTheRealCookToItsOwnCutAndTarget() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let live = await box.run(["live", "--sample", "roast-chicken", "--speed", "max", "--plain"])
        #expect(live.status == 0, "\(live.err)")
        #expect(live.out.contains("ALARM target_reached: probe 1 reached 74.0 C"), "\(live.out)")
        #expect(live.out.contains("done at"), "\(live.out)")
        #expect(!live.out.contains("learned from this cook"), "\(live.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let info = try #require(try store.session(1))
        #expect(info.source == "sample:roast-chicken")
        #expect(info.isPlayedByCookcast && !info.isSimulated)
        #expect(info.cut == "chicken")
        #expect(info.targetCelsius == 74)
        #expect(info.status == .finished)
        let file = SharedData.models + "/samples/heatledger_roast_chicken.csv"
        #expect(try store.readings(session: 1).count == Self.rows(file).count)
        #expect(try store.priors().isEmpty)
    }

    /// `--cut` and `--target` given replace the sample's own, as they replace a simulation's.
    @Test func liveSampleTakesTheCutAndTargetGiven() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let live = await box.run(["live", "--sample", "turkey", "--speed", "max", "--json", "--target", "70"])
        #expect(live.status == 0, "\(live.err)")
        let info = try #require(try SessionStore(path: box.databasePath, readOnly: true).session(1))
        #expect(info.source == "sample:turkey")
        #expect(info.cut == "turkey")
        #expect(info.targetCelsius == 70)
    }

    @Test func predictSampleIsPredictOfItsFileWithItsCutAndTarget() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let sample = await box.run(["predict", "--sample", "roast-chicken", "--at", "2000", "--format", "seconds"])
        let file = await box.run([
            "predict", SharedData.models + "/samples/heatledger_roast_chicken.csv", "--cut", "chicken", "--target",
            "74", "--at", "2000", "--format", "seconds",
        ])
        #expect(sample.status == 0, "\(sample.err)")
        #expect(file.status == 0, "\(file.err)")
        #expect(!sample.out.isEmpty)
        #expect(sample.out == file.out)
    }

    @Test func anUnknownSampleNamesTheSamplesThereAre() async {
        let box = Sandbox()
        defer { box.cleanup() }
        for arguments in [["live", "--sample", "ribs", "--speed", "max"], ["predict", "--sample", "ribs"]] {
            let r = await box.run(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(
                r.err == "cookcast \(arguments[0]): unknown sample 'ribs' (samples: roast-chicken, brisket, turkey)\n")
        }
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
    }

    /// A sample is a source of its own: with another one, or a FILE, it is a usage error; resumed,
    /// it starts again from its first line as a replay file would, so it is refused as one is.
    @Test func aSampleWithAnotherSourceOrResumedIsAUsageError() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = SharedData.cook("heatledger_roast_chicken.csv")
        for arguments in [
            ["live", "--sample", "brisket", "--replay", file],
            ["live", "--sample", "brisket", "--simulate", "brisket"],
            ["live", "--sample", "brisket", "--stdin"],
            ["live", "--sample", "brisket", "--probe", "AA:BB:CC:DD:EE:FF"],
            ["live", "--sample", "brisket", file], ["predict", "--sample", "brisket", file],
        ] {
            let r = await box.run(arguments)
            #expect(r.status == 64, "\(arguments): \(r.err)")
        }
        let played = await box.run(["live", "--sample", "roast-chicken", "--speed", "max", "--json"])
        #expect(played.status == 0, "\(played.err)")
        let resumed = await box.run(["live", "--sample", "roast-chicken", "--resume", "1", "--speed", "max"])
        #expect(resumed.status == 64)
        #expect(resumed.err.contains("cannot resume session 1 from a sample cook"), "\(resumed.err)")
        #expect(try SessionStore(path: box.databasePath, readOnly: true).sessionIDs() == [1])
    }

    /// The shipped priors were learned from the sample cooks (`priors.json`'s `cooks`): a sample
    /// session learned from would count one of them twice.
    @Test func fitSkipsASampleSessionAndLearnsNothingFromIt() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let live = await box.run(["live", "--sample", "roast-chicken", "--speed", "max", "--plain"])
        #expect(live.status == 0, "\(live.err)")
        let fit = await box.run(["fit"])
        #expect(fit.status == 65)
        #expect(
            fit.err.contains(
                "skipped session 1: a sample cook shipped with cookcast (already in the shipped priors), not learned from"
            ), "\(fit.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.priors().isEmpty)
        #expect(try !store.fits(session: 1).contains { $0.model == PriorSet.modelName })
    }

    /// Each entry of `samples.json` loads, is a byte-for-byte copy of the cook in `Tests/Data/cooks`
    /// with that cook's source, cut and target (`manifest.json`), and its file parses with rows.
    @Test func theShippedSamplesAreTheRealCooksTheyName() async throws {
        let library = try ModelLibrary.load(environment: ["COOKCAST_MODELS": SharedData.models])
        #expect(library.samples.names == ["roast-chicken", "brisket", "turkey"])
        let manifestData = try Data(contentsOf: URL(fileURLWithPath: SharedData.cook("manifest.json")))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        let cooks = try #require(manifest["cooks"] as? [[String: Any]])
        let box = Sandbox()
        defer { box.cleanup() }
        for sample in library.samples.samples {
            let path = library.path(of: sample)
            #expect(
                FileManager.default.contents(atPath: path)
                    == FileManager.default.contents(atPath: SharedData.cook(sample.file)))
            let entry = try #require(cooks.first { $0["file"] as? String == sample.file }, "\(sample.name)")
            #expect(entry["source"] as? String == sample.source)
            #expect(entry["target_c"] as? Double == sample.targetCelsius)
            #expect(library.cuts.profile(named: sample.cut)?.name == sample.cut)
            #expect(sample.licence == "MIT")
            let rows = try Self.rows(path)
            #expect(rows.count == entry["n_readings"] as? Int, "\(sample.name)")
            let predicted = await box.run(["predict", "--sample", sample.name, "--format", "json"])
            #expect(predicted.status == 0, "\(sample.name): \(predicted.err)")
            #expect(predicted.err.isEmpty, "\(sample.name): \(predicted.err)")
        }
    }

    /// Like `probes.json`: a malformed list fails to load with its path, and so does an entry
    /// naming a file that is not there; no samples directory means no samples.
    @Test func aMalformedSampleListIsALoadErrorAndNoneIsNoSamples() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let fm = FileManager.default
        let models = box.directory + "/models"
        try fm.createDirectory(atPath: models + "/samples", withIntermediateDirectories: true)
        try fm.copyItem(atPath: SharedData.models + "/cuts.json", toPath: models + "/cuts.json")
        let environment = ["COOKCAST_MODELS": models]
        #expect(try ModelLibrary.load(environment: environment).samples.samples.isEmpty)

        let list = box.write("models/samples/samples.json", #"{"samples": [{"name": "brisket"}]}"#)
        #expect {
            try ModelLibrary.load(environment: environment)
        } throws: { error in
            "\(error)".hasPrefix("\(list) is not a valid sample list")
        }
        let entry =
            #"{"name": "brisket", "file": "gone.csv", "cut": "brisket", "target_c": 95, "#
            + #""description": "d", "source": "s", "licence": "MIT"}"#
        _ = box.write("models/samples/samples.json", #"{"samples": [\#(entry)]}"#)
        #expect {
            try ModelLibrary.load(environment: environment)
        } throws: { error in
            "\(error)" == "\(list): sample 'brisket' names gone.csv, which is not there"
        }
        let outside = entry.replacingOccurrences(of: "gone.csv", with: "../cuts.json")
        _ = box.write("models/samples/samples.json", #"{"samples": [\#(outside)]}"#)
        #expect(throws: (any Error).self) { try ModelLibrary.load(environment: environment) }
    }
}
