/// Checks, before any scanning, that BlueZ is reachable: a system bus with `org.bluez` on it.
public enum BluetoothAvailability {
    /// Why Bluetooth cannot be used, as one line, or nil if `org.bluez` is on the system bus.
    public static func problem(environment: [String: String]) -> String? {
        let bus: DBusConnection
        do {
            bus = try DBusConnection.systemBus(environment: environment)
        } catch {
            return error.systemBusDownLine ?? "no D-Bus system bus (\(error.message)); BlueZ needs one"
        }
        do {
            return try bus.nameHasOwner("org.bluez")
                ? nil
                : "no Bluetooth service: org.bluez is not on the system bus (is bluetoothd running, is there an adapter?)"
        } catch {
            return "cannot query the system bus: \(error.message)"
        }
    }
}
