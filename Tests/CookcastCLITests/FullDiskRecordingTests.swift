import CookcastStore
import Foundation
import Testing

/// QA (a full disk): `live --stdin` stored 39 readings of 600 piped in and said nothing of the
/// other 561; a replay stopped by it stayed `active` for good. Here the database lies on a small
/// file system that fills for real ("No space left on device").
@Suite(.enabled(if: SmallDisk.isPossible)) struct FullDiskRecordingTests {
    let cook = (0..<600).map { "\($0),\(20 + Double($0) / 10),150\n" }.joined()

    /// The recovery files `live` saved in `directory`.
    func saved(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("cookcast.db-unsaved-1-") && $0.hasSuffix("Z.csv") }.map { directory + "/" + $0 }
    }

    @Test func standardInputOnAFullDiskLosesNoReading() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let feed = box.write("feed.csv", cook)
        let run = try SmallDisk.run(
            "\"$COOKCAST\" live --stdin --plain --cut steak --db \"$DISK/cookcast.db\" < \"\(feed)\" > /dev/null",
            box: box)
        #expect(run.status == 74)
        // The database's directory is full: the readings not stored went to $TMPDIR, said so.
        let files = try saved(in: SmallDisk.temporaryDirectory(box))
        #expect(files.count == 1)
        let path = files.first ?? "none"
        let line = run.err.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            line.contains("still full when the input ended")
                && line.contains(" readings in \(path) (not beside the database: ")
                && line.contains("No space left on device") && line.contains("cookcast import \(path) --into 1"),
            "\(line)")
        // The database, copied where there is room, and the file hold every reading; the import
        // the line names puts them back into the cook's own session.
        let imported = await box.run(["import", path, "--into", "1"])
        #expect(imported.status == 0, "\(imported.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.readings(session: 1).map(\.elapsedSeconds) == (0..<600).map(Double.init))
    }

    /// A replay paused by the full disk and stopped with Ctrl-C is ended, cut short: at once when
    /// the disk takes that write, else by the next `live`. It cannot be resumed, and stayed `active`.
    @Test func aReplayStoppedOnAFullDiskIsNotLeftActive() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("cook.csv", "t_s,probe_c,ambient_c\n" + cook)
        let run = try SmallDisk.run(
            """
            "$COOKCAST" live --replay "\(file)" --speed max --plain --cut steak --db "$DISK/cookcast.db" \
            2> "$OUT/live.err" > /dev/null &
            pid=$!
            i=0
            while ! grep -q "disk full: " "$OUT/live.err" && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
            kill -INT $pid
            wait $pid; status=$?
            cat "$OUT/live.err" >&2
            exit $status
            """, box: box)
        #expect(run.status == 74)
        #expect(run.err.contains("note: disk full: "), "\(run.err)")
        let line = run.err.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            line.contains("; session 1 ends there, cut short; ")
                || line.contains("; session 1 could not be ended (cannot end a session in ")
                    && line.contains("): the next `cookcast live` ends it; "),
            "\(line)")
        let next = await box.run([
            "live", "--replay", box.write("next.csv", "t_s,probe_c\n0,20\n1,21\n"), "--speed", "max",
        ])
        #expect(next.status == 0, "\(next.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        #expect(try store.session(1)?.status == .finished)
        #expect(try store.events(session: 1).contains { $0.kind == .stopped && $0.detail.hasPrefix("cut short: ") })
    }
}

/// Runs a shell script with the database on a small tmpfs, mounted in a user and mount namespace
/// of its own (`unshare -rm`: no root needed where the kernel lets users make namespaces; skipped
/// where it does not), so a write fails as on a full disk.
enum SmallDisk {
    static let unshare = "/usr/bin/unshare"

    /// Whether a tmpfs can be mounted so.
    static let isPossible: Bool = {
        guard FileManager.default.isExecutableFile(atPath: unshare) else { return false }
        let box = Sandbox()
        defer { box.cleanup() }
        return (try? run("true", box: box, kibibytes: 16).status) == 0
    }()

    /// `$TMPDIR` of the script: `tmp` in the sandbox.
    static func temporaryDirectory(_ box: Sandbox) -> String { box.directory + "/tmp" }

    /// Runs `script` under `sh` with `$DISK` a tmpfs of `kibibytes` (300: the schema and a few
    /// dozen readings), `$OUT` the sandbox's directory, `$COOKCAST` the binary and `$TMPDIR` in
    /// the sandbox; then copies the database and its `-wal` from the disk to the sandbox's
    /// database path. Its exit status (99: no tmpfs) and standard error.
    static func run(_ script: String, box: Sandbox, kibibytes: Int = 300) throws -> (status: Int32, err: String) {
        let disk = box.directory + "/disk"
        for directory in [disk, temporaryDirectory(box)] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: unshare)
        process.arguments = [
            "-rm", "/bin/sh", "-c",
            """
            mount -t tmpfs -o size=\(kibibytes)k tmpfs "$DISK" || exit 99
            (
            \(script)
            )
            status=$?
            for file in "$DISK"/cookcast.db "$DISK"/cookcast.db-wal; do [ -f "$file" ] && cp "$file" "$OUT"/; done
            exit $status
            """,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["DISK"] = disk
        environment["OUT"] = box.directory
        environment["COOKCAST"] = CookcastBinary.path
        environment["TMPDIR"] = temporaryDirectory(box)
        environment["COOKCAST_MODELS"] = SharedData.models
        process.environment = environment
        return try process.runCollectingStandardError()
    }
}
