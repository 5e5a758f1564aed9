/// BlueZ's object tree (`ObjectManager.GetManagedObjects`): path -> interface -> property -> value.
struct BlueZObjects {
    static let device = "org.bluez.Device1"
    static let characteristic = "org.bluez.GattCharacteristic1"
    static let adapter = "org.bluez.Adapter1"

    var objects: [String: [String: [String: DBusValue]]]

    init(reply: DBusMessage) {
        var objects: [String: [String: [String: DBusValue]]] = [:]
        for (path, interfaces) in reply.arguments.first?.dictionary ?? [:] {
            var byInterface: [String: [String: DBusValue]] = [:]
            for (name, props) in interfaces.dictionary ?? [:] { byInterface[name] = props.dictionary ?? [:] }
            objects[path] = byInterface
        }
        self.objects = objects
    }

    static func fetch(_ bus: DBusConnection) throws(DBusError) -> BlueZObjects {
        BlueZObjects(
            reply: try bus.call(
                destination: "org.bluez", path: "/", interface: "org.freedesktop.DBus.ObjectManager",
                method: "GetManagedObjects"))
    }

    /// Object path of the device with `address` (case-insensitive), if BlueZ knows it.
    func devicePath(address: String) -> String? {
        objects.first { $0.value[Self.device]?["Address"]?.string?.uppercased() == address.uppercased() }?.key
    }

    /// The first adapter's path.
    var adapterPath: String? { objects.keys.sorted().first { objects[$0]?[Self.adapter] != nil } }

    func deviceProperty(_ path: String, _ name: String) -> DBusValue? { objects[path]?[Self.device]?[name] }

    /// Throws when the adapter at `path` is powered off: BlueZ's own answer to `Connect` or
    /// `StartDiscovery` then, "Resource Not Ready", did not say what to do.
    func requirePowered(adapter path: String, context: String) throws(DBusError) {
        guard objects[path]?[Self.adapter]?["Powered"]?.bool == false else { return }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        throw DBusError(
            name: "org.bluez.Error.NotReady",
            message: "the Bluetooth adapter \(name) is powered off (turn it on: bluetoothctl power on)",
            context: context)
    }

    /// The adapter a device is on: its `Adapter` property, else the first adapter.
    func adapterPath(of devicePath: String) -> String? {
        deviceProperty(devicePath, "Adapter")?.string ?? adapterPath
    }

    /// Characteristics under a device, with their UUID and flags.
    func characteristics(under devicePath: String) -> [(path: String, uuid: String, flags: [String])] {
        objects.keys.sorted().compactMap { path in
            guard path.hasPrefix(devicePath + "/"), let props = objects[path]?[Self.characteristic] else { return nil }
            return (path, props["UUID"]?.string?.lowercased() ?? "", props["Flags"]?.array?.compactMap(\.string) ?? [])
        }
    }

    /// Every device: path and properties.
    var devices: [(path: String, properties: [String: DBusValue])] {
        objects.keys.sorted().compactMap { path in objects[path]?[Self.device].map { (path, $0) } }
    }
}
