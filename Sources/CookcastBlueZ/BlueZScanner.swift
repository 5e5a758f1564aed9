import Foundation

/// A device seen during a scan.
public struct ScannedDevice: Sendable, Hashable {
    public var address: String
    public var name: String?
    /// Signal strength in dBm, if BlueZ reported it.
    public var rssi: Int?
    /// Advertised service UUIDs.
    public var serviceUUIDs: [String]
    /// A probe protocol its services suggest that cookcast has no profile for yet (the profiles
    /// of `Models/probes.json`, such as the iBBQ's, are matched by `ProbeProfileCatalog`).
    public var recognizedProtocol: String? {
        let uuids = Set(serviceUUIDs.map { $0.lowercased() })
        if uuids.contains("a75cc7fc-c956-488f-ac2a-2dbc08b63a04") { return "MEATER" }
        if uuids.contains("00000100-caab-3792-3d44-97ae51c1407a") { return "Combustion" }
        return nil
    }
}

/// Lists nearby BLE devices through BlueZ (`Adapter1.StartDiscovery` with an LE filter).
public enum BlueZScanner {
    /// The service UUIDs BlueZ already knows the device at `address` to offer (from an earlier
    /// scan, a connection or pairing), without scanning; empty when it does not know the device
    /// or BlueZ cannot be asked.
    public static func knownServiceUUIDs(address: String, environment: [String: String]) -> [String] {
        do throws(DBusError) {
            let objects = try BlueZObjects.fetch(try DBusConnection.systemBus(environment: environment))
            guard let path = objects.devicePath(address: address) else { return [] }
            return objects.deviceProperty(path, "UUIDs")?.array?.compactMap(\.string) ?? []
        } catch {
            return []
        }
    }

    /// How long the adapter has to start discovering, seconds.
    static let startTimeoutSeconds = 5

    /// Scans for `seconds` and returns every device BlueZ knows, strongest signal first.
    ///
    /// - Throws: `DBusError`; `org.bluez.Error.NotReady` when there is no adapter, it is
    ///   powered off or it does not start discovering, with a message that says so.
    public static func scan(seconds: Double, environment: [String: String]) throws(DBusError) -> [ScannedDevice] {
        let bus = try DBusConnection.systemBus(environment: environment)
        try bus.addMatch("type='signal',sender='org.bluez'")
        let objects = try BlueZObjects.fetch(bus)
        guard let adapter = objects.adapterPath else {
            throw DBusError(name: "org.bluez.Error.NotReady", message: "no Bluetooth adapter", context: "scanning")
        }
        try objects.requirePowered(adapter: adapter, context: "scanning")
        do {
            try bus.startLEDiscovery(adapter: adapter, timeoutMilliseconds: Int32(startTimeoutSeconds * 1000))
        } catch let error where error.name == "org.freedesktop.DBus.Error.NoReply" {
            // A stuck controller; libdbus's own words are a paragraph of possible causes.
            let name = adapter.split(separator: "/").last.map(String.init) ?? adapter
            throw DBusError(
                name: "org.bluez.Error.NotReady",
                message: "the Bluetooth adapter \(name) did not start discovering in \(startTimeoutSeconds) s "
                    + "(try: bluetoothctl power off, then power on)",
                context: "scanning")
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline { _ = try bus.nextMessage(timeoutMilliseconds: 100) }
        bus.stopDiscovery(adapter: adapter)
        return try BlueZObjects.fetch(bus).devices.compactMap { _, props -> ScannedDevice? in
            guard let address = props["Address"]?.string else { return nil }
            return ScannedDevice(
                address: address, name: props["Name"]?.string ?? props["Alias"]?.string,
                rssi: props["RSSI"]?.integer, serviceUUIDs: props["UUIDs"]?.array?.compactMap(\.string) ?? [])
        }.sorted { ($0.rssi ?? -200) > ($1.rssi ?? -200) }
    }
}
