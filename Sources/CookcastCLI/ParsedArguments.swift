/// The declared options of one subcommand, used to validate and parse its arguments.
public struct OptionSpec: Sendable {
    /// Options that take a value (`--db PATH`), without the leading dashes.
    public var valued: Set<String>
    /// Boolean flags (`--json`).
    public var flags: Set<String>
    /// Options that may be repeated.
    public var repeatable: Set<String>

    /// Creates a spec; every command also accepts `--help`, `--db` and `--unit`.
    public init(valued: Set<String> = [], flags: Set<String> = [], repeatable: Set<String> = []) {
        self.valued = valued.union(["db", "unit"])
        self.flags = flags.union(["help"])
        self.repeatable = repeatable
    }
}

/// Arguments of one subcommand after parsing: options, flags and positionals.
///
/// Accepts `--name value`, `--name=value`, `--flag`, one-letter options declared without dashes
/// (`-o FILE` for `o`), `-h` for `--help`, and `--` to end options. Anything
/// undeclared is a usage error, so a typo never silently does the wrong thing; so is a value
/// that is another option (`--replay --plain`): `--name=--value` gives such a value on purpose.
public struct ParsedArguments: Sendable {
    /// Values of valued options, in order given.
    public private(set) var values: [String: [String]] = [:]
    /// Flags that were given.
    public private(set) var flags: Set<String> = []
    /// Positional arguments.
    public private(set) var positionals: [String] = []

    /// Parses `arguments` against `spec`.
    public init(_ arguments: [String], spec: OptionSpec) throws(CLIError) {
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            let isShortOption = arg.count == 2 && arg.hasPrefix("-") && arg != "--" && Double(arg) == nil
            if optionsEnded || (!arg.hasPrefix("--") && !isShortOption) || arg == "-" {
                if !optionsEnded, arg.hasPrefix("-"), arg.count > 1, Double(arg) == nil {
                    throw .usage("unknown option '\(arg)'")
                }
                positionals.append(arg)
                continue
            }
            if arg == "--" {
                optionsEnded = true
                continue
            }
            var name = isShortOption ? (arg == "-h" ? "help" : String(arg.dropFirst())) : String(arg.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            // Said as typed: `-o` without its file was "option '--o' needs a value", `-x` "unknown
            // option '--x'".
            let spelled = arg.hasPrefix("--") ? "--\(name)" : "-\(name)"
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw .usage("option '\(spelled)' takes no value") }
                flags.insert(name)
            } else if spec.valued.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count else { throw .usage("option '\(spelled)' needs a value") }
                    value = arguments[i]
                    // `--replay --plain` is a forgotten value, not a file named --plain; a value that
                    // really starts with -- is given as `--name=--value`. Negative numbers pass.
                    guard !Self.looksLikeOption(value, spec: spec) else {
                        throw .usage("option '\(spelled)' needs a value, got the option '\(value)'")
                    }
                    i += 1
                }
                if values[name] != nil, !spec.repeatable.contains(name) {
                    throw .usage("option '\(spelled)' given more than once")
                }
                values[name, default: []].append(value)
            } else {
                throw .usage("unknown option '\(spelled)'")
            }
        }
    }

    /// Whether `argument` reads as an option rather than a value: `--anything`, `-h` or a declared
    /// one-letter option (`-o`); `-5` and `-` do not.
    static func looksLikeOption(_ argument: String, spec: OptionSpec) -> Bool {
        if argument.hasPrefix("--") { return true }
        guard argument.count == 2, argument.hasPrefix("-") else { return false }
        let letter = String(argument.dropFirst())
        return letter == "h" || spec.valued.contains(letter) || spec.flags.contains(letter)
    }

    /// The value of a valued option, if given.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// True if the flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// A numeric option, validated (`--target 74`).
    public func double(_ name: String, in range: ClosedRange<Double>? = nil) throws(CLIError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let v = DecimalArgument.value(text) else {
            throw .usage("option '--\(name)' needs a number, got '\(text)'")
        }
        if let range, !range.contains(v) {
            throw .usage("option '--\(name)' must be between \(range.lowerBound) and \(range.upperBound), got \(text)")
        }
        return v
    }

    /// An integer option, validated.
    public func int(_ name: String, in range: ClosedRange<Int>? = nil) throws(CLIError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let v = Int(text) else { throw .usage("option '--\(name)' needs an integer, got '\(text)'") }
        if let range, !range.contains(v) {
            throw .usage("option '--\(name)' must be between \(range.lowerBound) and \(range.upperBound), got \(text)")
        }
        return v
    }
}
