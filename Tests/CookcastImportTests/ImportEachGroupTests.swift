import CookcastCore
import Foundation
import Testing

@testable import CookcastImport

/// `Importer.forEachGroup`: a folder of exports is read one group at a time.
struct ImportEachGroupTests {
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-each-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// QA (scale): `cookcast import DIR` read and parsed every file before storing the first, so
    /// a folder of 100 exports (327 MB, 13 M readings) held them all at once: 1.7 GB resident,
    /// and nothing stored for 45 s. A group is now read when its turn comes: a file rewritten
    /// while the group before it is handled is read as it is then, not as it was at the start.
    @Test func aGroupIsReadWhenItsTurnComes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.csv").path
        let b = dir.appendingPathComponent("b.csv").path
        try "t_s,probe_c,ambient_c\n0,20,100\n60,21,100\n".write(toFile: a, atomically: true, encoding: .utf8)
        try "t_s,probe_c,ambient_c\n0,30,110\n60,31,110\n".write(toFile: b, atomically: true, encoding: .utf8)
        var probes: [[Double?]] = []
        let failures = try Importer(options: TestData.options).forEachGroup(paths: [dir.path]) { group in
            if group.paths == [a] {
                try "t_s,probe_c,ambient_c\n0,40,120\n60,41,120\n".write(toFile: b, atomically: true, encoding: .utf8)
            }
            probes.append(group.result.cooks.flatMap { $0.readings.map(\.probeCelsius) })
        }
        #expect(failures.isEmpty)
        #expect(probes == [[20, 21], [40, 41]])
    }

    /// Failures are what `readEach` reports: unreadable and unknown files, then groups that
    /// cannot be parsed; the usable groups still come, in file order.
    @Test func failuresMatchReadEach() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "t_s,probe_c,ambient_c\n0,20,100\n".write(
            toFile: dir.appendingPathComponent("a.csv").path, atomically: true, encoding: .utf8)
        try "".write(toFile: dir.appendingPathComponent("empty.csv").path, atomically: true, encoding: .utf8)
        try "{\"cooks\": []}\n".write(
            toFile: dir.appendingPathComponent("manifest.json").path, atomically: true, encoding: .utf8)
        try "t_s,probe_c,ambient_c\n0,30,110\n".write(
            toFile: dir.appendingPathComponent("z.csv").path, atomically: true, encoding: .utf8)
        let importer = Importer(options: TestData.options)
        let missing = dir.appendingPathComponent("missing.csv").path
        var paths: [String] = []
        let failures = importer.forEachGroup(paths: [dir.path, missing]) { paths += $0.paths }
        let batch = importer.readEach(paths: [dir.path, missing])
        #expect(paths == batch.groups.flatMap(\.paths))
        #expect(paths.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.csv", "z.csv"])
        #expect(failures.map(\.description) == batch.failures.map(\.description))
        #expect(failures.count == 3)
    }
}
