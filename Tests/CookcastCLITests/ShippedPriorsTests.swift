import CookcastFit
import Foundation
import Testing

@testable import CookcastCLI

/// `Models/priors.json` is what the documented recipe (`Models/regenerate-priors.sh`: import every
/// real cook of `Tests/Data/cooks` with its cut and target, then `cookcast fit --export-priors`)
/// gives with this code, and so are the per-cook summaries shipped beside them (`cooks`, what a
/// user's `cookcast fit` learns from together with their own cooks): a change to the estimator
/// that moves the learned priors must ship them regenerated, or new users would start from priors
/// that no code produces.
@Suite struct ShippedPriorsTests {
    @Test func shippedPriorsAreWhatTheRecipeLearnsFromTheRealCooks() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let manifestURL = URL(fileURLWithPath: SharedData.cook("manifest.json"))
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        let cooks = try #require(manifest["cooks"] as? [[String: Any]])
        for cook in cooks {
            let file = try #require(cook["file"] as? String), cut = try #require(cook["preset"] as? String)
            let target = try #require(cook["target_c"] as? Double), id = try #require(cook["id"] as? String)
            let r = await box.run([
                "import", SharedData.cook(file), "--cut", cut, "--target", String(target), "--name", id,
            ])
            #expect(r.status == 0, "\(id): \(r.err)")
        }
        let learnedPath = box.directory + "/priors.json"
        let fit = await box.run(["fit", "--export-priors", learnedPath])
        #expect(fit.status == 0, "\(fit.err)")
        let learned = try PriorSet.decode(jsonData: Data(contentsOf: URL(fileURLWithPath: learnedPath)))
        let shippedURL = URL(fileURLWithPath: SharedData.models + "/priors.json")
        let shipped = try PriorSet.decode(jsonData: Data(contentsOf: shippedURL))
        let stale = "Models/priors.json is stale: run Models/regenerate-priors.sh"
        #expect(learned.map(\.cut) == shipped.map(\.cut), "\(stale)")
        for (l, s) in zip(learned, shipped) {
            #expect(l.parameterNames == s.parameterNames && l.cookCount == s.cookCount, "\(l.cut): \(stale)")
            let values = zip(l.mean + l.covariance, s.mean + s.covariance)
            #expect(values.allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) }, "\(l.cut): \(stale)")
        }
        // And the cooks they were learned from, which a user's `fit` learns from too: every
        // shipped cook is one the recipe imported (its fingerprint), so none counted twice here.
        #expect(fit.out.contains("learned from all 17 stored cooks:"), "\(fit.out)")
        let learnedCooks = try PriorSet.decodeCooks(jsonData: Data(contentsOf: URL(fileURLWithPath: learnedPath)))
        let shippedCooks = try PriorSet.decodeCooks(jsonData: Data(contentsOf: shippedURL))
        #expect(learnedCooks.map(\.id) == shippedCooks.map(\.id), "\(stale)")
        for (l, s) in zip(learnedCooks, shippedCooks) {
            #expect(l.cut == s.cut && l.contentHash == s.contentHash && l.group == s.group, "\(l.id): \(stale)")
            #expect(l.parameters.keys.sorted() == s.parameters.keys.sorted(), "\(l.id): \(stale)")
            for (key, value) in s.parameters {
                let learnedValue = l.parameters[key] ?? .nan
                #expect(abs(learnedValue - value) <= 1e-9 * max(1, abs(value)), "\(l.id) \(key): \(stale)")
            }
        }
    }

    /// QA sweep of `fit`: the script learned from the cooks of the `priors.json` it replaces too
    /// (a user's `fit` learns from them beside the stored ones): a cook dropped from the manifest
    /// stayed in the regenerated priors ("learned by cookcast fit from 16 cooks and 1 shipped
    /// cook", its cut's prior still shipped). The script is run as documented, on the built binary.
    @Test func theRegenerationScriptLearnsFromTheManifestsCooksAlone() throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let cooks = box.directory + "/cooks"
        try FileManager.default.copyItem(atPath: SharedData.root + "/cooks", toPath: cooks)
        let manifestURL = URL(fileURLWithPath: cooks + "/manifest.json")
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        let all = try #require(manifest["cooks"] as? [[String: Any]])
        manifest["cooks"] = all.filter { ($0["id"] as? String) != "heatledger_pork_ribs" }
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        let output = box.directory + "/priors.json"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [SharedData.models + "/regenerate-priors.sh", cooks, output]
        process.environment = ProcessInfo.processInfo.environment.merging(["COOKCAST_BIN": CookcastBinary.path]) {
            $1
        }
        let (status, err) = try process.runCollectingStandardError()
        #expect(status == 0, "\(err)")
        let data = try Data(contentsOf: URL(fileURLWithPath: output))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["comment"] as? String == "learned by cookcast fit from 16 cooks")
        let priors = try PriorSet.decode(jsonData: data)
        #expect(!priors.contains { $0.cut == "pork_ribs" })
        #expect(priors.first { $0.cut == "generic" }?.cookCount == 16)
        #expect(try PriorSet.decodeCooks(jsonData: data).count == 16)
    }
}
