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
}
