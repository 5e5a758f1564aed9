import CDBus

/// A received D-Bus message (signal, reply or error), with its arguments decoded.
public struct DBusMessage: Sendable, Hashable {
    /// Message kind.
    public enum Kind: Sendable, Hashable {
        case methodCall, methodReturn, error, signal, other
    }

    public var kind: Kind
    public var path: String?
    public var interface: String?
    public var member: String?
    public var sender: String?
    /// Error name, for `.error` messages.
    public var errorName: String?
    public var arguments: [DBusValue]

    /// Decodes a libdbus message (the pointer is not retained).
    init(_ message: OpaquePointer) {
        switch dbus_message_get_type(message) {
        case 1: kind = .methodCall
        case 2: kind = .methodReturn
        case 3: kind = .error
        case 4: kind = .signal
        default: kind = .other
        }
        path = dbus_message_get_path(message).map { String(cString: $0) }
        interface = dbus_message_get_interface(message).map { String(cString: $0) }
        member = dbus_message_get_member(message).map { String(cString: $0) }
        sender = dbus_message_get_sender(message).map { String(cString: $0) }
        errorName = dbus_message_get_error_name(message).map { String(cString: $0) }
        var values: [DBusValue] = []
        var iter = DBusMessageIter()
        if dbus_message_iter_init(message, &iter) != 0 {
            repeat {
                if let v = Self.read(&iter) { values.append(v) }
            } while dbus_message_iter_next(&iter) != 0
        }
        arguments = values
    }

    /// Reads the value at the iterator (does not advance it).
    static func read(_ iter: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iter)
        // Only plain C scalars go through here (BitwiseCopyable: no object references to corrupt).
        func basic<T: BitwiseCopyable>(_ zero: T) -> T {
            var v = zero
            withUnsafeMutableBytes(of: &v) { dbus_message_iter_get_basic(&iter, $0.baseAddress) }
            return v
        }
        switch type {
        case cookcast_dbus_type_byte: return .byte(basic(UInt8(0)))
        case cookcast_dbus_type_boolean: return .bool(basic(dbus_bool_t(0)) != 0)
        case cookcast_dbus_type_int16: return .int16(basic(Int16(0)))
        case cookcast_dbus_type_uint16: return .uint16(basic(UInt16(0)))
        case cookcast_dbus_type_int32: return .int32(basic(Int32(0)))
        case cookcast_dbus_type_uint32: return .uint32(basic(UInt32(0)))
        case cookcast_dbus_type_int64: return .int64(basic(Int64(0)))
        case cookcast_dbus_type_uint64: return .uint64(basic(UInt64(0)))
        case cookcast_dbus_type_double: return .double(basic(Double(0)))
        case cookcast_dbus_type_string, cookcast_dbus_type_object_path, cookcast_dbus_type_signature:
            var pointer: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iter, &pointer)
            let text = pointer.map { String(cString: $0) } ?? ""
            if type == cookcast_dbus_type_object_path { return .objectPath(text) }
            if type == cookcast_dbus_type_signature { return .signature(text) }
            return .string(text)
        case cookcast_dbus_type_variant:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &inner)
            return read(&inner).map { .variant($0) }
        case cookcast_dbus_type_struct:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &inner)
            return .structure(readAll(&inner))
        case cookcast_dbus_type_array:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &inner)
            if dbus_message_iter_get_element_type(&iter) == cookcast_dbus_type_dict_entry {
                var dict: [String: DBusValue] = [:]
                while dbus_message_iter_get_arg_type(&inner) == cookcast_dbus_type_dict_entry {
                    var entry = DBusMessageIter()
                    dbus_message_iter_recurse(&inner, &entry)
                    let pair = readAll(&entry)
                    if pair.count == 2, let key = Self.keyText(pair[0]) { dict[key] = pair[1] }
                    dbus_message_iter_next(&inner)
                }
                return .dictionary(dict)
            }
            return .array(readAll(&inner))
        default:
            return nil
        }
    }

    private static func readAll(_ iter: inout DBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iter) != cookcast_dbus_type_invalid {
            if let v = read(&iter) { values.append(v) }
            dbus_message_iter_next(&iter)
        }
        return values
    }

    private static func keyText(_ key: DBusValue) -> String? {
        key.string ?? key.integer.map(String.init)
    }
}
