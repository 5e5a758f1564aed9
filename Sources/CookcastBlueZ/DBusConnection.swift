import CDBus

/// A private connection to a D-Bus bus (libdbus), closed in `deinit`.
///
/// The connection never exits the process when the bus goes away
/// (`dbus_connection_set_exit_on_disconnect(c, 0)`), so a bluetoothd restart or a test bus
/// shutting down surfaces as an error instead. Not thread-safe: one thread uses a connection.
public final class DBusConnection {
    private let handle: OpaquePointer

    /// Connects to the bus at `address` (e.g. from `dbus-daemon --print-address`) and registers.
    public init(address: String) throws(DBusError) {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            let failure = Self.convert(&error, context: "connecting to D-Bus at \(address)")
            throw failure.isBusUnreachable ? Self.unreachable(failure, address: address) : failure
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

    /// Whether the connection to the bus is still up.
    public var isConnected: Bool { dbus_connection_get_is_connected(handle) != 0 }

    /// Calls a method and waits for its reply; a D-Bus error reply becomes a thrown `DBusError`.
    @discardableResult
    public func call(
        destination: String, path: String, interface: String, method: String, arguments: [DBusArgument] = [],
        timeoutMilliseconds: Int32 = 5_000
    ) throws(DBusError) -> DBusMessage {
        let what = "\(interface).\(method) on \(path)"
        guard let message = dbus_message_new_method_call(destination, path, interface, method) else {
            throw DBusError(name: "org.freedesktop.DBus.Error.NoMemory", message: "out of memory", context: what)
        }
        defer { dbus_message_unref(message) }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        for argument in arguments {
            guard Self.append(argument, to: &iter) else {
                throw DBusError(
                    name: "org.freedesktop.DBus.Error.NoMemory", message: "cannot append arguments", context: what)
            }
        }
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(handle, message, timeoutMilliseconds, &error) else {
            throw Self.convert(&error, context: "calling \(what)")
        }
        defer { dbus_message_unref(reply) }
        return DBusMessage(reply)
    }

    /// Asks the bus to route signals matching `rule` to this connection.
    public func addMatch(_ rule: String) throws(DBusError) {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        dbus_bus_add_match(handle, rule, &error)
        if dbus_error_is_set(&error) != 0 { throw Self.convert(&error, context: "adding match rule \(rule)") }
    }

    /// The next incoming message, waiting up to `timeoutMilliseconds`; nil on timeout.
    /// Throws when the connection to the bus is lost.
    public func nextMessage(timeoutMilliseconds: Int32) throws(DBusError) -> DBusMessage? {
        if let queued = dbus_connection_pop_message(handle) {
            defer { dbus_message_unref(queued) }
            return DBusMessage(queued)
        }
        guard dbus_connection_read_write(handle, timeoutMilliseconds) != 0 else {
            throw DBusError(
                name: "org.freedesktop.DBus.Error.Disconnected", message: "the bus connection was lost",
                context: "reading from D-Bus")
        }
        guard let message = dbus_connection_pop_message(handle) else { return nil }
        defer { dbus_message_unref(message) }
        return DBusMessage(message)
    }

    /// Names currently on the bus (`org.freedesktop.DBus.ListNames`).
    public func listNames(timeoutMilliseconds: Int32 = 5_000) throws(DBusError) -> [String] {
        let reply = try callBus("ListNames", [], timeoutMilliseconds)
        return reply.arguments.first?.array?.compactMap(\.string) ?? []
    }

    /// Whether some connection owns `name` (`org.freedesktop.DBus.NameHasOwner`).
    public func nameHasOwner(_ name: String, timeoutMilliseconds: Int32 = 5_000) throws(DBusError) -> Bool {
        let reply = try callBus("NameHasOwner", [.string(name)], timeoutMilliseconds)
        return reply.arguments.first?.bool ?? false
    }

    private func callBus(_ method: String, _ arguments: [DBusArgument], _ timeout: Int32) throws(DBusError)
        -> DBusMessage
    {
        try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: method, arguments: arguments, timeoutMilliseconds: timeout)
    }

    private static func append(_ argument: DBusArgument, to iter: inout DBusMessageIter) -> Bool {
        switch argument {
        case .string(let s): return appendString(s, type: cookcast_dbus_type_string, to: &iter)
        case .objectPath(let p): return appendString(p, type: cookcast_dbus_type_object_path, to: &iter)
        case .bytes(let bytes):
            var array = DBusMessageIter()
            guard dbus_message_iter_open_container(&iter, cookcast_dbus_type_array, "y", &array) != 0 else {
                return false
            }
            for byte in bytes {
                var b = byte
                guard dbus_message_iter_append_basic(&array, cookcast_dbus_type_byte, &b) != 0 else { return false }
            }
            return dbus_message_iter_close_container(&iter, &array) != 0
        case .stringVariantDictionary(let entries):
            var array = DBusMessageIter()
            guard dbus_message_iter_open_container(&iter, cookcast_dbus_type_array, "{sv}", &array) != 0 else {
                return false
            }
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                var entry = DBusMessageIter()
                var variant = DBusMessageIter()
                guard dbus_message_iter_open_container(&array, cookcast_dbus_type_dict_entry, nil, &entry) != 0,
                    appendString(key, type: cookcast_dbus_type_string, to: &entry),
                    dbus_message_iter_open_container(&entry, cookcast_dbus_type_variant, "s", &variant) != 0,
                    appendString(value, type: cookcast_dbus_type_string, to: &variant),
                    dbus_message_iter_close_container(&entry, &variant) != 0,
                    dbus_message_iter_close_container(&array, &entry) != 0
                else { return false }
            }
            return dbus_message_iter_close_container(&iter, &array) != 0
        }
    }

    private static func appendString(_ text: String, type: Int32, to iter: inout DBusMessageIter) -> Bool {
        text.withCString { pointer in
            var p: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iter, type, &p) != 0
        }
    }

    /// No bus at `address`, said in a few words: "no socket at /run/dbus/system_bus_socket", not
    /// "connecting to D-Bus at unix:path=...,guid=...: Failed to connect to socket ...: No such
    /// file or directory".
    private static func unreachable(_ error: DBusError, address: String) -> DBusError {
        // `unix:path=/run/dbus/system_bus_socket,guid=...`: the socket is what the user can check.
        let transport = address.split(separator: ";").first ?? ""
        let keys = transport.split(separator: ":", maxSplits: 1).last?.split(separator: ",") ?? []
        let socket = keys.first { $0.hasPrefix("path=") || $0.hasPrefix("abstract=") }.map { String($0) } ?? address
        let place = socket.hasPrefix("path=") ? String(socket.dropFirst("path=".count)) : socket
        let missing = error.name == "org.freedesktop.DBus.Error.FileNotFound"
        let words = missing ? "no socket at \(place)" : "nothing listens on \(place)"
        return DBusError(name: error.name, message: words, context: "connecting to D-Bus")
    }

    private static func convert(_ error: inout CDBus.DBusError, context: String) -> DBusError {
        let name = error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
        let message = error.message.map { String(cString: $0) } ?? "unknown error"
        return DBusError(name: name, message: message, context: context)
    }
}
