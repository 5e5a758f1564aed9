import Foundation
import Testing

@testable import CookcastBlueZ

/// A private `dbus-daemon` for one test: started here, stopped with SIGKILL and reaped
/// (Foundation.Process children of test threads may block SIGTERM; see toolchain.md).
final class PrivateBus {
    let process = Process()
    let address: String
    /// Holds the bus socket (SIGKILL leaves it behind; `stop()` removes the directory).
    let socketDirectory: URL

    init() throws {
        socketDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cookcast-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: socketDirectory, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = [
            "--session", "--nofork", "--print-address=1", "--address=unix:dir=\(socketDirectory.path)",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice  // "cannot raise fd limit" warnings when not root-capable
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private var stopped = false

    /// Kills the daemon and removes its socket; a second call does nothing (the pid may be reused).
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: socketDirectory)
    }

    /// The bus socket's path, from `unix:path=...,guid=...`.
    var socketPath: String {
        let keys = address.dropFirst("unix:".count).split(separator: ",")
        return keys.first { $0.hasPrefix("path=") }.map { String($0.dropFirst("path=".count)) } ?? address
    }
}

@Suite struct DBusConnectionTests {
    @Test func connectsToAPrivateBusAndListsNames() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        #expect(bus.address.hasPrefix("unix:"))
        let connection = try DBusConnection(address: bus.address)
        let names = try connection.listNames()
        #expect(names.contains("org.freedesktop.DBus"))
        #expect(connection.uniqueName.map { names.contains($0) } == true)
        #expect(try connection.nameHasOwner("org.freedesktop.DBus"))
        #expect(try !connection.nameHasOwner("org.bluez"))
        let problem = BluetoothAvailability.problem(environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        #expect(problem?.contains("org.bluez") == true)
    }

    @Test func aMissingBusIsAnErrorNotACrash() {
        #expect(throws: DBusError.self) {
            _ = try DBusConnection(address: "unix:path=/nonexistent/cookcast-test-bus")
        }
        let problem = BluetoothAvailability.problem(environment: [
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/bus"
        ])
        // QA: it said "no D-Bus system bus (Failed to connect to socket /nonexistent/bus: No such
        // file or directory); BlueZ needs one".
        #expect(
            problem == "the system D-Bus is not running (no socket at /nonexistent/bus): "
                + "start it (sudo systemctl start dbus)")
    }

    /// A daemon killed leaves its socket behind: nothing answers on it.
    @Test func aDeadBusIsSaidInAFewWords() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        kill(bus.process.processIdentifier, SIGKILL)
        bus.process.waitUntilExit()
        let error = try #require(throws: DBusError.self) { _ = try DBusConnection(address: bus.address) }
        #expect(error.isBusUnreachable)
        #expect(error.description == "connecting to D-Bus: nothing listens on \(bus.socketPath)")
    }
}
