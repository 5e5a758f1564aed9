/// A D-Bus failure: the error name and message libdbus reported, and what was being done.
public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// D-Bus error name, e.g. `org.freedesktop.DBus.Error.NoServer`.
    public var name: String
    /// Message from the bus or libdbus.
    public var message: String
    /// What cookcast was doing, e.g. `connecting to the system bus`.
    public var context: String

    /// Creates an error.
    public init(name: String, message: String, context: String) {
        self.name = name
        self.message = message
        self.context = context
    }

    public var description: String { "\(context): \(message)" }

    /// Whether the bus itself could not be reached: no socket at its address, or nothing
    /// listening on it (the D-Bus daemon not running). `message` then says which in a few words.
    public var isBusUnreachable: Bool {
        name == "org.freedesktop.DBus.Error.FileNotFound" || name == "org.freedesktop.DBus.Error.NoServer"
    }

    /// The line to show when BlueZ's bus, the system bus, could not be reached
    /// (`isBusUnreachable`); nil for any other error.
    public var systemBusDownLine: String? {
        isBusUnreachable ? "the system D-Bus is not running (\(message)): start it (sudo systemctl start dbus)" : nil
    }

    /// Whether the call went to a name nobody owns (bluetoothd not running or restarting).
    public var isNameUnowned: Bool {
        name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
    }
}
