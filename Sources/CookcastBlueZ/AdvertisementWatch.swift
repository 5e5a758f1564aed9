/// Picks out, among BlueZ's signals while discovering, the probe being seen again.
///
/// BlueZ tells of the advertisements it receives: a device it did not know (or had dropped from
/// its cache) appears with `InterfacesAdded`, a known one gets `PropertiesChanged` on its
/// `org.bluez.Device1` carrying `RSSI`, `ManufacturerData` or `ServiceData`. A `Connected = true`
/// (BlueZ reconnecting by itself) also ends the wait: there is a link to stream from. Without
/// discovery, `isBluetoothBack` tells of bluetoothd or an adapter back, which ends a wait too.
struct AdvertisementWatch {
    /// What the probe was seen doing.
    enum Sighting: Equatable {
        /// Advertising: it can be connected to.
        case advertising
        /// Connected: BlueZ reconnected it by itself, there is a link to stream from.
        case connected
    }

    /// Device properties BlueZ sets from an advertisement.
    static let advertisedProperties: Set<String> = ["RSSI", "ManufacturerData", "ServiceData"]

    /// Bluetooth address of the probe, e.g. `AA:BB:CC:DD:EE:FF`.
    let address: String
    /// The probe's object path, once known (from `GetManagedObjects` or its `InterfacesAdded`).
    private(set) var devicePath: String?

    init(address: String, devicePath: String?) {
        self.address = address
        self.devicePath = devicePath
    }

    /// What `message` says the probe is doing, if it says the probe is advertising or connected.
    mutating func sighting(in message: DBusMessage) -> Sighting? {
        guard message.kind == .signal, message.arguments.count >= 2 else { return nil }
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus.ObjectManager", "InterfacesAdded"):
            guard let path = message.arguments[0].string,
                let device = message.arguments[1].dictionary?[BlueZObjects.device]?.dictionary,
                device["Address"]?.string?.uppercased() == address.uppercased()
            else { return nil }
            devicePath = path
            return device["Connected"]?.bool == true ? .connected : .advertising
        case ("org.freedesktop.DBus.Properties", "PropertiesChanged"):
            guard let path = message.path, path == devicePath, message.arguments[0].string == BlueZObjects.device,
                let changed = message.arguments[1].dictionary
            else { return nil }
            if changed["Connected"]?.bool == true { return .connected }
            return changed.keys.contains { Self.advertisedProperties.contains($0) } ? .advertising : nil
        default:
            return nil
        }
    }

    /// Whether `message` says BlueZ can be used again after a wait without discovery:
    /// bluetoothd took `org.bluez` (it came back), or an adapter powered on or was added powered.
    static func isBluetoothBack(_ message: DBusMessage) -> Bool {
        guard message.kind == .signal else { return false }
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus", "NameOwnerChanged"):
            guard message.arguments.count == 3, message.arguments[0].string == "org.bluez",
                let owner = message.arguments[2].string
            else { return false }
            return !owner.isEmpty
        case ("org.freedesktop.DBus.Properties", "PropertiesChanged"):
            guard message.arguments.count >= 2, message.arguments[0].string == BlueZObjects.adapter else {
                return false
            }
            return message.arguments[1].dictionary?["Powered"]?.bool == true
        case ("org.freedesktop.DBus.ObjectManager", "InterfacesAdded"):
            // An adapter plugged in (again), already powered: no `PropertiesChanged` tells of it.
            guard message.arguments.count >= 2,
                let adapter = message.arguments[1].dictionary?[BlueZObjects.adapter]?.dictionary
            else { return false }
            return adapter["Powered"]?.bool == true
        default:
            return false
        }
    }
}
