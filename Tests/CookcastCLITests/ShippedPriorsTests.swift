import CookcastFit
import Foundation
import Testing

@testable import CookcastCLI

/// `Models/priors.json` is what the documented recipe (`Models/regenerate-priors.sh`: import every
/// real cook of `Tests/Data/cooks` with its cut and target, then `cookcast fit --export-priors`)
/// gives with this code: a change to the estimator that moves the learned priors must ship them
/// regenerated, or new users would start from priors that no code produces.
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
    }
}
