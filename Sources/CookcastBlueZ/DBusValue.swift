/// A value read from or written to a D-Bus message, typed as on the wire.
public indirect enum DBusValue: Sendable, Hashable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array; `ay` arrives as an array of `.byte`.
    case array([DBusValue])
    /// An array of dict entries, keyed by the key's text (string, object path, or number).
    case dictionary([String: DBusValue])
    case variant(DBusValue)
    case structure([DBusValue])

    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// Text of a string or object path.
    public var string: String? {
        switch unwrapped {
        case .string(let s), .objectPath(let s), .signature(let s): return s
        default: return nil
        }
    }

    /// A boolean.
    public var bool: Bool? {
        if case .bool(let b) = unwrapped { return b }
        return nil
    }

    /// A signed integer of any width.
    public var integer: Int? {
        switch unwrapped {
        case .byte(let v): return Int(v)
        case .int16(let v): return Int(v)
        case .uint16(let v): return Int(v)
        case .int32(let v): return Int(v)
        case .uint32(let v): return Int(v)
        case .int64(let v): return Int(v)
        case .uint64(let v): return Int(exactly: v)
        default: return nil
        }
    }

    /// Bytes of an `ay`.
    public var bytes: [UInt8]? {
        guard case .array(let items) = unwrapped else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard case .byte(let b) = item else { return nil }
            out.append(b)
        }
        return out
    }

    /// Elements of an array.
    public var array: [DBusValue]? {
        if case .array(let items) = unwrapped { return items }
        return nil
    }

    /// Entries of a dictionary (an empty array reads as an empty dictionary).
    public var dictionary: [String: DBusValue]? {
        switch unwrapped {
        case .dictionary(let d): return d
        case .array(let items) where items.isEmpty: return [:]
        default: return nil
        }
    }
}

/// Arguments cookcast sends in method calls.
public enum DBusArgument: Sendable, Hashable {
    case string(String)
    case objectPath(String)
    case bytes([UInt8])
    /// `a{sv}` with string values, e.g. BlueZ's discovery filter `{"Transport": "le"}`.
    case stringVariantDictionary([String: String])
}
