import CDBus

/// A private connection to a D-Bus bus (libdbus), closed in `deinit`.
///
/// The connection never exits the process when the bus goes away
/// (`dbus_connection_set_exit_on_disconnect(c, 0)`), so a bluetoothd restart or a test bus
/// shutting down surfaces as an error instead.
public final class DBusConnection {
    private let handle: OpaquePointer

    /// Connects to the bus at `address` (e.g. from `dbus-daemon --print-address`) and registers.
    public init(address: String) throws(DBusError) {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw Self.convert(&error, context: "connecting to D-Bus at \(address)")
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw Self.convert(&error, context: "registering on D-Bus at \(address)")
        }
        handle = connection
    }

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS` if set, else the default socket).
    public static func systemBus(environment: [String: String]) throws(DBusError) -> DBusConnection {
        try DBusConnection(
            address: environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? "unix:path=/var/run/dbus/system_bus_socket")
    }

    deinit {
        dbus_connection_close(handle)
        dbus_connection_unref(handle)
    }

    /// The unique name the bus gave this connection, e.g. `:1.42`.
    public var uniqueName: String? {
        dbus_bus_get_unique_name(handle).map { String(cString: $0) }
    }

    /// Names currently on the bus (`org.freedesktop.DBus.ListNames`).
    public func listNames(timeoutMilliseconds: Int32 = 5_000) throws(DBusError) -> [String] {
        let reply = try callBus(method: "ListNames", argument: nil, timeoutMilliseconds: timeoutMilliseconds)
        defer { dbus_message_unref(reply) }
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iter) != 0,
            dbus_message_iter_get_arg_type(&iter) == cookcast_dbus_type_array
        else { return [] }
        var names: [String] = []
        var element = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &element)
        while dbus_message_iter_get_arg_type(&element) == cookcast_dbus_type_string {
            var value: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&element, &value)
            if let value { names.append(String(cString: value)) }
            dbus_message_iter_next(&element)
        }
        return names
    }

    /// Whether some connection owns `name` (`org.freedesktop.DBus.NameHasOwner`).
    public func nameHasOwner(_ name: String, timeoutMilliseconds: Int32 = 5_000) throws(DBusError) -> Bool {
        let reply = try callBus(method: "NameHasOwner", argument: name, timeoutMilliseconds: timeoutMilliseconds)
        defer { dbus_message_unref(reply) }
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iter) != 0,
            dbus_message_iter_get_arg_type(&iter) == cookcast_dbus_type_boolean
        else { return false }
        var value: dbus_bool_t = 0
        dbus_message_iter_get_basic(&iter, &value)
        return value != 0
    }

    private func callBus(method: String, argument: String?, timeoutMilliseconds: Int32) throws(DBusError)
        -> OpaquePointer
    {
        guard
            let message = dbus_message_new_method_call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method)
        else { throw DBusError(name: "org.freedesktop.DBus.Error.NoMemory", message: "out of memory", context: method) }
        defer { dbus_message_unref(message) }
        if let argument {
            var iter = DBusMessageIter()
            dbus_message_iter_init_append(message, &iter)
            let appended = argument.withCString { text -> dbus_bool_t in
                var pointer: UnsafePointer<CChar>? = text
                return dbus_message_iter_append_basic(&iter, cookcast_dbus_type_string, &pointer)
            }
            guard appended != 0 else {
                throw DBusError(
                    name: "org.freedesktop.DBus.Error.NoMemory", message: "cannot append argument", context: method)
            }
        }
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(handle, message, timeoutMilliseconds, &error) else {
            throw Self.convert(&error, context: "calling org.freedesktop.DBus.\(method)")
        }
        return reply
    }

    private static func convert(_ error: inout CDBus.DBusError, context: String) -> DBusError {
        let name = error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
        let message = error.message.map { String(cString: $0) } ?? "unknown error"
        return DBusError(name: name, message: message, context: context)
    }
}
