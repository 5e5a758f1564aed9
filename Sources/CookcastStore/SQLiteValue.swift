/// One value of an SQLite column, with its storage class.
public enum SQLiteValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit IEEE float.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob([UInt8])

    /// True for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The integer, or a real with no fractional part, else nil.
    public var int64Value: Int64? {
        switch self {
        case .integer(let v): return v
        case .real(let v):
            guard v.rounded() == v, let exact = Int64(exactly: v) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The number as a Double (integers converted), else nil.
    public var doubleValue: Double? {
        switch self {
        case .integer(let v): return Double(v)
        case .real(let v): return v
        default: return nil
        }
    }

    /// The text, else nil (numbers are not converted).
    public var stringValue: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    /// The bytes of a blob, else nil.
    public var blobValue: [UInt8]? {
        if case .blob(let b) = self { return b }
        return nil
    }
}
