import Foundation

@testable import CookcastBlueZ

/// The BlueZ stand-in (Fixtures/fake_bluez.py) on a private bus, with its control interface.
final class FakeBlueZ {
    static let address = "AA:BB:CC:DD:EE:FF"
    let bus: PrivateBus
    let process = Process()
    let control: DBusConnection
    /// The fake's unique bus name.
    private(set) var uniqueName = "org.bluez"

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
        uniqueName =
            try control.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "GetNameOwner", arguments: [.string("org.bluez")]
            ).arguments.first?.string ?? "org.bluez"
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
    /// BlueZ reconnects the probe by itself, without a `Connect` call.
    func connectByItself() throws { try call("ConnectByItself") }
    func failNextConnect() throws { try call("FailNextConnect") }
    /// Another device appears, advertising the iBBQ's service (`0000fff0-...`).
    func addOtherDevice(address: String, rssi: Int) throws {
        try call("AddOtherDevice", [.string(address), .string(String(rssi))])
    }
    /// The next `count` `Connect` calls are refused.
    func failConnects(_ count: Int) throws { try call("FailConnects", [.string(String(count))]) }
    func isConnected() throws -> Bool { try call("IsConnected").arguments.first?.bool ?? false }
    /// Powers the adapter off (dropping the link, as BlueZ does) or on.
    func setPowered(_ powered: Bool) throws { try call(powered ? "PowerOn" : "PowerOff") }
    /// `Connect` calls get no answer (a probe out of range) until `answerConnects()`.
    func hangConnects() throws { try call("HangConnects") }
    func answerConnects() throws { try call("AnswerConnects") }
    /// How many `Connect` calls wait for an answer.
    func heldConnects() throws -> Int { try call("HeldConnects").arguments.first?.integer ?? -1 }
    /// What each `Device1.Disconnect` did, in order: "cancelled a pending connect", "dropped the
    /// link" or "not connected".
    func disconnects() throws -> [String] {
        try call("Disconnects").arguments.first?.array?.compactMap(\.string) ?? []
    }
    /// Later connects succeed but the services never resolve.
    func stallResolving() throws { try call("StallResolving") }
    /// The next `count` connections succeed but their services never resolve; later ones resolve.
    func stallResolves(_ count: Int) throws { try call("StallResolves", [.string(String(count))]) }
    /// Every other device advertises too (an RSSI change every 100 ms while discovering).
    func setOthersAdvertising(_ advertising: Bool) throws {
        try call("SetOthersAdvertising", [.string(advertising ? "1" : "")])
    }
    /// `GetManagedObjects` is refused as the system bus refuses it to a user its policy does not
    /// let talk to `org.bluez` (`org.freedesktop.DBus.Error.AccessDenied`).
    func denyAccess() throws { try call("DenyAccess") }
    /// How many `GetManagedObjects` calls the fake has answered (or refused).
    func managedObjectsCalls() throws -> Int { try call("ManagedObjectsCalls").arguments.first?.integer ?? -1 }
    /// The adapter leaves BlueZ's objects (a USB dongle pulled out; the device goes with it) ...
    func removeAdapter() throws { try call("RemoveAdapter") }
    /// ... and comes back, powered, with the device it knew (plugged in again).
    func addAdapter() throws { try call("AddAdapter") }
    /// `StartDiscovery` gets no answer (a stuck controller).
    func hangDiscovery() throws { try call("HangDiscovery") }
    /// The probe advertises (while not connected) or stops; BlueZ reports it while discovering.
    func setAdvertising(_ advertising: Bool) throws { try call(advertising ? "StartAdvertising" : "StopAdvertising") }
    func isDiscovering() throws -> Bool { try call("IsDiscovering").arguments.first?.bool ?? false }
    /// The device leaves BlueZ's objects (its link dropped first).
    func removeDevice() throws { try call("RemoveDevice") }
    /// bluetoothd going away: the fake gives up `org.bluez` (its links go with it) ...
    func releaseName() throws { try call("ReleaseName") }
    /// ... and comes back.
    func acquireName() throws { try call("AcquireName") }

    /// Later connects present an Inkbird iBBQ (FFF1/FFF2/FFF4/FFF5): it notifies data only once
    /// logged in and enabled on that connection, and answers a battery request on FFF1.
    func presentIBBQ() throws { try call("PresentIBBQ") }
    /// Every `WriteValue` received, as `CONNECTION UUID16 HEX` (`1 fff2 2107...`), in order.
    func writes() throws -> [String] {
        try call("Writes").arguments.first?.array?.compactMap(\.string) ?? []
    }

    @discardableResult
    private func call(_ method: String, _ arguments: [DBusArgument] = []) throws -> DBusMessage {
        // By its unique name, so the control interface answers while `org.bluez` is released.
        try control.call(
            destination: uniqueName, path: "/com/cookcast/fake", interface: "com.cookcast.FakeBlueZ",
            method: method, arguments: arguments)
    }
}
