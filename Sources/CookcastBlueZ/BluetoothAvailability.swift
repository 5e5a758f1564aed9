/// Checks, before any scanning, that BlueZ is reachable: a system bus with `org.bluez` on it,
/// whose policy lets this user talk to it.
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
            guard try bus.nameHasOwner("org.bluez") else {
                return "no Bluetooth service: org.bluez is not on the system bus "
                    + "(is bluetoothd running, is there an adapter?)"
            }
            // The bus's policy may still refuse this user every call to bluetoothd: said now, once,
            // not as the reason of every try of a session that can never record.
            _ = try BlueZObjects.fetch(bus)
            return nil
        } catch {
            if let line = error.accessDeniedLine { return line }
            // bluetoothd going away right now, or busy: the command's own tries say what follows.
            if error.isNameUnowned || error.name == "org.freedesktop.DBus.Error.NoReply" { return nil }
            return "cannot query the system bus: \(error.message)"
        }
    }
}
