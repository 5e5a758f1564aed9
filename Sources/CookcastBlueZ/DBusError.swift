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

    /// Whether the bus refused the call by its security policy: on the system bus, a user it does
    /// not let talk to bluetoothd (not in the `bluetooth` group where the policy asks for it).
    public var isAccessDenied: Bool { name == "org.freedesktop.DBus.Error.AccessDenied" }

    /// The line to show when the bus's policy refused a call to BlueZ (`isAccessDenied`), in
    /// place of the bus's own "Rejected send message, 2 matched rules; type=..."; nil otherwise.
    public var accessDeniedLine: String? {
        isAccessDenied
            ? "the system bus does not let this user use Bluetooth (org.bluez): add the user to the bluetooth "
                + "group (sudo usermod -aG bluetooth $USER, then log in again) or run as root"
            : nil
    }
}
