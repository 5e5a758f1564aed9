import CookcastCore
import Foundation
import Testing

@testable import CookcastImport

/// Locates the real cook logs (see their README for sources): `COOKCAST_DATA_DIR`, else the copy
/// vendored in the repository at `Tests/Data`.
enum TestData {
    static let root: String? = {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["COOKCAST_DATA_DIR"], fm.fileExists(atPath: env) { return env }
        let vendored = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data").path
        return fm.fileExists(atPath: vendored + "/raw") ? vendored : nil
    }()

    static var available: Bool { root != nil }

    static func raw(_ repo: String, _ name: String) -> String { "\(root ?? "")/raw/\(repo)/\(name)" }

    static func rawFiles(_ repo: String) -> [String] {
        let dir = "\(root ?? "")/raw/\(repo)"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().map { "\(dir)/\($0)" }
    }

    static let catalog: CutCatalog? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Models/cuts.json")
        return (try? Data(contentsOf: url)).flatMap { try? CutCatalog(jsonData: $0) }
    }()

    static var options: ImportOptions { ImportOptions(utcOffsetSeconds: 0, catalog: catalog) }

    /// One row of a normalised copy in `data/cooks/`.
    struct Row {
        var t: Double
        var probe: Double?
        var ambient: Double?
    }

    static func canonical(_ name: String) -> [Row] {
        guard let text = try? String(contentsOfFile: "\(root ?? "")/cooks/\(name)", encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Row(
                t: Double(f[0]) ?? .nan, probe: f.count > 1 ? Double(f[1]) : nil,
                ambient: f.count > 2 ? Double(f[2]) : nil)
        }
    }

    /// Manifest entry fields used by the tests.
    static func manifest(_ id: String) -> (cut: String, target: Double)? {
        guard let data = FileManager.default.contents(atPath: "\(root ?? "")/cooks/manifest.json"),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cooks = json["cooks"] as? [[String: Any]],
            let entry = cooks.first(where: { $0["id"] as? String == id }),
            let cut = entry["preset"] as? String, let target = entry["target_c"] as? Double
        else { return nil }
        return (cut, target)
    }

    static func read(_ paths: [String], options: ImportOptions = TestData.options, format: ImportFormat? = nil) throws
        -> [ImportGroup]
    {
        try Importer(options: options, format: format).read(paths: paths)
    }
}

/// Asserts that `channel` of `cook`, relative to its own first reading, equals a normalised copy:
/// same count, times within 1 ms, temperatures within 0.01 C (ambient nil where the copy has none).
func expectMatchesCanonical(
    _ cook: RecordedCook, channel: Int, canonical name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = TestData.canonical(name)
    let got = cook.readings.filter { $0.channel == channel }
    #expect(got.count == expected.count, "\(name): reading count", sourceLocation: sourceLocation)
    guard let first = got.first, got.count == expected.count else { return }
    var mismatches = 0
    var firstMismatch = ""
    for (r, e) in zip(got, expected) {
        let tOK = abs(r.elapsedSeconds - first.elapsedSeconds - e.t) < 0.001
        let pOK = close(r.probeCelsius, e.probe)
        let aOK = close(r.ambientCelsius, e.ambient)
        if !(tOK && pOK && aOK) {
            if mismatches == 0 { firstMismatch = "got \(r) expected \(e)" }
            mismatches += 1
        }
    }
    #expect(
        mismatches == 0, "\(name): \(mismatches) mismatches, first: \(firstMismatch)", sourceLocation: sourceLocation)
}

func close(_ a: Double?, _ b: Double?, tolerance: Double = 0.01) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return abs(x - y) <= tolerance
    default: return false
    }
}

func roles(_ cook: RecordedCook) -> [Int: ChannelRole] {
    Dictionary(uniqueKeysWithValues: cook.channels.map { ($0.channel, $0.role) })
}
