import Foundation
import Testing

@testable import CookcastCLI

/// QA: `export -o LINK`, `plot -o`, `fit --export-priors` renamed a temporary file over the path,
/// so a symlink or a FIFO became an ordinary file (exit 0) and its target was never written.
@Suite struct OutputFileTests {
    private static func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    private static func sandboxWithCook() async -> Sandbox {
        let box = Sandbox()
        let cook = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20.5,150\n30,21.5,150\n60,23.0,151\n")
        _ = await box.run(["import", cook, "--cut", "steak"])
        return box
    }

    @Test func aSymlinkIsFollowedAndItsTargetWritten() async throws {
        let box = await Self.sandboxWithCook()
        defer { box.cleanup() }
        try FileManager.default.createDirectory(atPath: box.directory + "/elsewhere", withIntermediateDirectories: true)
        let target = box.write("elsewhere/target.csv", "old\n")
        let link = box.directory + "/link.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let r = await box.run(["export", "1", "-o", link])
        #expect(r.status == 0, "\(r.err)")
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("t_s,probe_c,ambient_c\n0.0,20.5,150.0"))

        let svgLink = box.directory + "/plot.svg"
        let svgTarget = box.directory + "/elsewhere/plot.svg"
        try FileManager.default.createSymbolicLink(atPath: svgLink, withDestinationPath: svgTarget)  // dangling
        #expect(await box.run(["plot", "1", "-o", svgLink]).status == 0)
        #expect(Self.fileType(svgLink) == S_IFLNK)
        #expect(try String(contentsOfFile: svgTarget, encoding: .utf8).contains("<svg"))
    }

    @Test func aFIFOIsWrittenIntoNotReplaced() async throws {
        let box = await Self.sandboxWithCook()
        defer { box.cleanup() }
        let fifo = box.directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = LockedText()
        let reader = Thread {
            // Reads like `cat fifo`: the open blocks until the writer opens, then reads to end of file.
            let fd = open(fifo, O_RDONLY)
            guard fd >= 0 else { return }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            close(fd)
            received.set(String(decoding: bytes, as: UTF8.self))
        }
        reader.start()
        let r = await box.run(["export", "1", "-o", fifo])
        #expect(r.status == 0, "\(r.err)")
        for _ in 0..<200 where received.value == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(received.value?.hasPrefix("t_s,probe_c,ambient_c\n") == true)
        #expect(Self.fileType(fifo) == S_IFIFO)
    }

    @Test func anOrdinaryFileIsReplacedWholeAndKeepsItsMode() async throws {
        let box = await Self.sandboxWithCook()
        defer { box.cleanup() }
        let path = box.write("out.csv", String(repeating: "stale line\n", count: 1000))
        #expect(chmod(path, 0o640) == 0)
        #expect(await box.run(["export", "1", "-o", path]).status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("t_s,") && !text.contains("stale"))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: box.directory).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
        let missingDirectory = await box.run(["export", "1", "-o", box.directory + "/no/such/dir/out.csv"])
        #expect(missingDirectory.status == 74)
        #expect(missingDirectory.err.split(separator: "\n").count == 1)
    }

    @Test func symlinkedPriorsExportWritesTheTarget() async throws {
        let box = await Self.sandboxWithCook()
        defer { box.cleanup() }
        _ = await box.run(["import", SharedData.cook("sousvide_tbone.csv"), "--cut", "sous_vide", "--target", "51.7"])
        let target = box.write("priors-real.json", "{}")
        let link = box.directory + "/priors.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let r = await box.run(["fit", "--export-priors", link])
        #expect(r.status == 0, "\(r.err)")
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("generic"))
    }
}

/// Text one thread sets and another reads.
final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    var value: String? { lock.withLock { text } }
    func set(_ newValue: String) { lock.withLock { text = newValue } }
}
