/// A number given on the command line: a plain decimal (`74`, `-2.5`, `.5`, `1e3`) and nothing
/// else. `Double(_:)` also reads hexadecimal floats, `nan` and `inf`: `--target 0x10` was taken
/// as 16 C.
enum DecimalArgument {
    /// The characters a plain decimal is written with.
    private static let characters = Set("0123456789+-.eE")

    /// The finite value of `text`, or nil when it is not a plain decimal.
    static func value<Text: StringProtocol>(_ text: Text) -> Double? {
        guard text.contains(where: \.isNumber), text.allSatisfy({ characters.contains($0) }),
            let value = Double(String(text)), value.isFinite
        else { return nil }
        return value
    }
}
