import Foundation

@testable import CookcastBlueZ

/// The BlueZ stand-in (Fixtures/fake_bluez.py) on a private bus, with its control interface.
final class FakeBlueZ {
    static let address = "AA:BB:CC:DD:EE:FF"
    let bus: PrivateBus
    let process = Process()
    let control: DBusConnection

    init() throws {
        bus = try PrivateBus()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/fake_bluez.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, Self.address]
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = bus.address
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var text = ""
        while !text.contains("READY") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard text.contains("READY") else {
            let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            bus.stop()
            throw DBusError(
                name: "test", message: "fake BlueZ did not start: \(problem)", context: "starting fake_bluez.py")
        }
        control = try DBusConnection(address: bus.address)
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        bus.stop()
    }

    @discardableResult
    func notify(_ bytes: [UInt8]) throws -> Bool {
        try call("Notify", [.bytes(bytes)]).arguments.first?.bool ?? false
    }

    func dropLink() throws { try call("DropLink") }
    func failNextConnect() throws { try call("FailNextConnect") }
    func isConnected() throws -> Bool { try call("IsConnected").arguments.first?.bool ?? false }

    @discardableResult
    private func call(_ method: String, _ arguments: [DBusArgument] = []) throws -> DBusMessage {
        try control.call(
            destination: "org.bluez", path: "/com/cookcast/fake", interface: "com.cookcast.FakeBlueZ",
            method: method, arguments: arguments)
    }
}
