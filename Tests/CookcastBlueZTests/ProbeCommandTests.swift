import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastBlueZ

/// `cookcast scan` and `cookcast live --probe` as separate processes against the fake BlueZ.
@Suite(.serialized) struct ProbeCommandTests {
    static var binary: String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [
            dir, dir.deletingLastPathComponent(), dir.deletingLastPathComponent().deletingLastPathComponent(),
        ] {
            let path = candidate.appendingPathComponent("cookcast").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return dir.appendingPathComponent("cookcast").path
    }

    func cookcast(_ arguments: [String], fake: FakeBlueZ, output: Pipe? = nil, errors: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = fake.bus.address
        process.environment = env
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = errors ?? output ?? FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `cookcast arguments` against `fake` to its end: its exit status and all it printed
    /// (standard output and error together).
    func finished(_ arguments: [String], fake: FakeBlueZ) throws -> (status: Int32, text: String) {
        let out = Pipe()
        let process = try cookcast(arguments, fake: fake, output: out)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func scanListsTheProbe() throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (status, text) = try finished(["scan", "--seconds", "0.3"], fake: fake)
        #expect(status == 0, "\(text)")
        #expect(text.contains("AA:BB:CC:DD:EE:FF"))
        #expect(text.contains("BBQ Probe"))
        #expect(text.contains("-58 dBm"))
        #expect(text.contains("unknown (try: cookcast live --probe AA:BB:CC:DD:EE:FF)"), "\(text)")
    }

    /// A device advertising the iBBQ's service is listed with the profile `live` needs; it was
    /// named "iBBQ (Inkbird and rebrands)" without saying how to use it.
    @Test func scanSuggestsTheProfileOfAnIBBQ() throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.addOtherDevice(address: "11:22:33:44:55:66", rssi: -70)
        let (status, text) = try finished(["scan", "--seconds", "0.3"], fake: fake)
        #expect(status == 0, "\(text)")
        let line = text.split(separator: "\n").first { $0.hasPrefix("11:22:33:44:55:66") }
        #expect(line?.hasSuffix("ibbq: cookcast live --probe 11:22:33:44:55:66 --profile ibbq") == true, "\(text)")
    }

    /// An iBBQ sends nothing until it is logged in: recorded without `--profile` it was taken for
    /// the seed probe, and the link stayed connected and silent. The profile of the service BlueZ
    /// knows it to offer is now used, and said.
    @Test func liveFindsTheProfileOfAProbeBlueZKnows() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.presentIBBQ()
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let err = Pipe()
        let live = try cookcast(
            ["live", "--probe", FakeBlueZ.address, "--cut", "brisket", "--plain", "--db", db], fake: fake, errors: err)
        let packet = IBBQDecoder.encodeRealtime(celsius: [21.5, nil, 30])
        #expect(try await waitUntil { try fake.notify(packet) })
        #expect(try await waitUntil { stored(db) == 2 })
        try await interrupt(live)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("note: \(FakeBlueZ.address) offers the ibbq service: recording it as --profile ibbq"))
        let readings = try SessionStore(path: db, readOnly: true).readings(session: 1)
        #expect(readings.map(\.channel).sorted() == [1, 3])
        #expect(readings.first { $0.channel == 1 }?.probeCelsius == 21.5)
    }

    @Test func liveProbeKeepsOneSessionAcrossADropAndAKill() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-probe-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/cook.db"
        let args = ["live", "--probe", FakeBlueZ.address, "--cut", "brisket", "--plain", "--db", db]
        let first = try cookcast(args, fake: fake)
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        for i in 1..<10 { try fake.notify(readingPacket(i)) }
        func stored() throws -> Int {
            guard FileManager.default.fileExists(atPath: db) else { return 0 }
            return (try? SessionStore(path: db, readOnly: true).readings(session: 1).count) ?? 0
        }
        #expect(try await waitUntil { try stored() == 10 })
        try fake.dropLink()
        #expect(try await waitUntil { try fake.notify(readingPacket(10)) })
        for i in 11..<20 { try fake.notify(readingPacket(i)) }
        #expect(try await waitUntil { try stored() == 20 })

        // A crash: the next run resumes the same session by itself.
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        try fake.dropLink()
        let second = try cookcast(args, fake: fake)
        #expect(try await waitUntil { try fake.notify(readingPacket(20)) })
        for i in 21..<30 { try fake.notify(readingPacket(i)) }
        #expect(try await waitUntil { try stored() == 30 })
        kill(second.processIdentifier, SIGINT)
        for _ in 0..<100 where second.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        if second.isRunning { kill(second.processIdentifier, SIGKILL) }
        second.waitUntilExit()
        #expect(second.terminationStatus == 130)

        let store = try SessionStore(path: db, readOnly: true)
        #expect(try store.sessions().count == 1)
        #expect(try store.session(1)?.status == .finished)
        let kinds = try store.events(session: 1).map(\.kind)
        #expect(kinds.contains(.resumed))
        #expect(kinds.filter { $0 == .disconnected }.count >= 1)
        let probe = try store.readings(session: 1).compactMap(\.probeCelsius)
        #expect(probe.count == 30)
        #expect(zip(probe, (0..<30).map { 20 + Double($0) * 0.1 }).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    func temporaryDatabase() -> (dir: String, db: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-probe-\(UUID().uuidString)")
            .path
        return (dir, dir + "/cook.db")
    }

    func stored(_ db: String) -> Int {
        guard FileManager.default.fileExists(atPath: db) else { return 0 }
        return (try? SessionStore(path: db, readOnly: true).readings(session: 1).count) ?? 0
    }

    /// Starts `cookcast ARGUMENTS` against `fake` and waits until its first reading is stored.
    func recording(_ arguments: [String], fake: FakeBlueZ, db: String) async throws -> Process {
        let process = try cookcast(arguments, fake: fake)
        #expect(try await waitUntil { try fake.notify(readingPacket(0)) })
        #expect(try await waitUntil { stored(db) == 1 })
        return process
    }

    func interrupt(_ process: Process) async throws {
        kill(process.processIdentifier, SIGINT)
        for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A resumed recording is a new link: its readings used to go back to `link_epoch` 0, as if
    /// they came over the first link of the cook, before the kill.
    @Test func aResumedRecordingStartsANewLinkEpoch() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["live", "--probe", FakeBlueZ.address, "--cut", "brisket", "--plain", "--db", db]
        let first = try await recording(args, fake: fake, db: db)
        try fake.dropLink()
        #expect(try await waitUntil { try fake.notify(readingPacket(1)) })
        #expect(try await waitUntil { stored(db) == 2 })
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        try fake.dropLink()

        let second = try cookcast(args + ["--resume", "1"], fake: fake)
        #expect(try await waitUntil { try fake.notify(readingPacket(2)) })
        #expect(try await waitUntil { stored(db) == 3 })
        try await interrupt(second)
        #expect(second.terminationStatus == 130)
        let rows = try SQLiteReader(path: db).rows("SELECT link_epoch FROM readings ORDER BY t_ms")
        #expect(rows == [[.integer(0)], [.integer(1)], [.integer(2)]])
    }

    /// QA: `--resume 1 --probe` with another probe's address was taken: its readings joined the
    /// first probe's cook, and only the `resumed` event named it.
    @Test func anotherProbeDoesNotResumeThisProbesCook() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try await recording(
            ["live", "--probe", FakeBlueZ.address, "--plain", "--db", db], fake: fake, db: db)
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let (status, text) = try finished(
            ["live", "--probe", "11:22:33:44:55:66", "--resume", "1", "--plain", "--db", db], fake: fake)
        #expect(status == 64)
        #expect(text.contains("it was recorded from probe \(FakeBlueZ.address.uppercased())"), "\(text)")
    }

    /// A second `live` on a probe that one is recording said "resuming session 1: its recorder
    /// stopped 1s ago", then "cannot resume ... leave out --resume", to a user who gave no --resume.
    @Test func aSecondRecorderOfTheSameProbeIsToldWhoRecordsIt() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["live", "--probe", FakeBlueZ.address, "--cut", "brisket", "--plain", "--db", db]
        let first = try await recording(args, fake: fake, db: db)
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }

        let (status, text) = try finished(args, fake: fake)
        #expect(status == 64, "\(text)")
        #expect(text.split(separator: "\n").count == 1, "\(text)")
        #expect(text.contains("is being recorded into session 1 by another cookcast live"), "\(text)")
        #expect(!text.contains("--resume") && !text.contains("resuming"), "\(text)")
        #expect(first.isRunning)
        try await interrupt(first)
        #expect(first.terminationStatus == 130)
    }

    /// QA: Ctrl-C while the link waited for the probe left the adapter discovering: the process
    /// exited before the link's thread got to `StopDiscovery`.
    @Test func ctrlCWhileWaitingForTheProbeStopsDiscovery() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let live = try await recording(
            ["live", "--probe", FakeBlueZ.address, "--plain", "--db", db], fake: fake, db: db)
        try fake.removeDevice()  // gone until it advertises: the link discovers while it waits
        #expect(try await waitUntil(10) { try fake.isDiscovering() })
        try await interrupt(live)
        #expect(live.terminationStatus == 130)
        #expect(try !fake.isDiscovering())
    }

    /// QA: Ctrl-C (or SIGTERM) while a `Connect` hung (the probe out of range, BlueZ waiting up
    /// to 20 s) exited after a second with the `Connect` still pending: real BlueZ may complete it
    /// after the process is gone, the probe then connected to no client and no longer advertising.
    @Test(arguments: [SIGINT, SIGTERM])
    func stoppingDuringAHangingConnectCancelsIt(signal: Int32) async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try fake.hangConnects()
        let live = try cookcast(["live", "--probe", FakeBlueZ.address, "--plain", "--db", db], fake: fake)
        defer { if live.isRunning { kill(live.processIdentifier, SIGKILL) } }
        #expect(try await waitUntil(10) { try fake.heldConnects() == 1 })
        let stoppedAt = ContinuousClock.now
        kill(live.processIdentifier, signal)
        for _ in 0..<100 where live.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        let exitSeconds = (ContinuousClock.now - stoppedAt) / .seconds(1)
        #expect(!live.isRunning)
        if live.isRunning { kill(live.processIdentifier, SIGKILL) }
        live.waitUntilExit()
        #expect(live.terminationStatus == 128 + signal)
        #expect(exitSeconds < 1.5, "\(exitSeconds) s")  // the exit's 1 s budget, and the process's start and end
        #expect(try fake.disconnects() == ["cancelled a pending connect"])
        #expect(try fake.heldConnects() == 0)
        #expect(try !fake.isConnected())
    }

    /// Stopped while connected, the probe is disconnected: left connected to no client, a cheap
    /// probe does not advertise, and neither its app nor the next `live` finds it.
    @Test func ctrlCWhileConnectedDisconnectsTheProbe() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let live = try await recording(
            ["live", "--probe", FakeBlueZ.address, "--plain", "--db", db], fake: fake, db: db)
        #expect(try fake.isConnected())
        try await interrupt(live)
        #expect(live.terminationStatus == 130)
        #expect(try fake.disconnects() == ["dropped the link"])
        #expect(try !fake.isConnected())
    }

    @Test func scanSaysAnAdapterIsPoweredOff() throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.setPowered(false)
        let (status, text) = try finished(["scan", "--seconds", "0.3"], fake: fake)
        #expect(status == 69, "\(text)")
        #expect(
            text == "cookcast scan: the Bluetooth adapter hci0 is powered off (turn it on: bluetoothctl power on)\n")
    }

    /// An adapter that never answers `StartDiscovery` ended the scan with libdbus's "Did not
    /// receive a reply. Possible causes include: ..." paragraph.
    @Test func scanSaysAnAdapterDidNotStartDiscovering() throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.hangDiscovery()
        let (status, text) = try finished(["scan", "--seconds", "0.3"], fake: fake)
        #expect(status == 69, "\(text)")
        #expect(
            text == "cookcast scan: the Bluetooth adapter hci0 did not start discovering in 5 s "
                + "(try: bluetoothctl power off, then power on)\n")
    }

    /// A recording stopped while the probe was silent ended at its last reading: Ctrl-C 3 s
    /// after it said "interrupted after 0s" and stored `stopped` and `ended_at` 3 s early (a probe
    /// alarm stamped in the silence came after the session's end).
    @Test func aRecordingStoppedInASilenceEndsWhenItIsStopped() async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let live = try await recording(
            ["live", "--probe", FakeBlueZ.address, "--plain", "--db", db], fake: fake, db: db)
        try await Task.sleep(for: .seconds(3))
        try await interrupt(live)
        #expect(live.terminationStatus == 130)
        let store = try SessionStore(path: db, readOnly: true)
        let info = try #require(try store.session(1))
        let lastReading = try #require(try store.readings(session: 1).last).elapsedSeconds
        let stopped = try #require(try store.events(session: 1).last { $0.kind == .stopped })
        #expect(stopped.elapsedSeconds > lastReading + 2.5)
        let endedSeconds = Double((info.endedAtUnixMs ?? 0) - info.startedAtUnixMs) / 1000
        #expect(abs(endedSeconds - stopped.elapsedSeconds) < 0.01)
    }

    /// QA: with the D-Bus daemon gone both said libdbus's "Failed to connect to socket ...: No
    /// such file or directory" inside "no D-Bus system bus (...); BlueZ needs one".
    @Test(arguments: [["scan", "--seconds", "0.3"], ["live", "--probe", FakeBlueZ.address]])
    func noSystemBusIsOneClearLine(arguments: [String]) throws {
        let socket = "/nonexistent/cookcast-\(UUID().uuidString)/system_bus_socket"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments + ["--db", "/tmp/cookcast-unused-\(UUID().uuidString).db"]
        process.environment = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(socket)", "PATH": "/usr/bin:/bin"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 69, "\(text)")
        #expect(
            text == "cookcast \(arguments[0]): the system D-Bus is not running (no socket at \(socket)): "
                + "start it (sudo systemctl start dbus)\n")
    }

    @Test func noBluetoothServiceExits69() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = [
            "live", "--probe", "AA:BB:CC:DD:EE:FF", "--db", "/tmp/cookcast-unused-\(UUID().uuidString).db",
        ]
        process.environment = ["DBUS_SYSTEM_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 69)
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains("org.bluez is not on the system bus"))
    }
}
