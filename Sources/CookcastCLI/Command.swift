/// One `cookcast` subcommand: a name, help text, and a run method.
public protocol Command {
    /// Subcommand name, e.g. `live`.
    static var name: String { get }
    /// Other names the command answers to, e.g. `history` for `sessions`.
    static var aliases: [String] { get }
    /// One-line summary for `cookcast --help`.
    static var abstract: String { get }
    /// Usage line(s), e.g. `cookcast decode HEX`.
    static var usage: String { get }
    /// Longer help: options and examples.
    static var help: String { get }
    /// Declared options.
    static var options: OptionSpec { get }
    /// Whether the command goes on when standard output fails (`live` keeps recording); others
    /// finish and exit 74.
    static var keepsRunningWithoutOutput: Bool { get }

    /// Validates the parsed arguments; throws a usage error before anything runs.
    init(arguments: ParsedArguments, context: CommandContext) throws(CLIError)
    /// Runs the command; returns the exit status.
    func run() async throws(CLIError) -> Int32
}

extension Command {
    /// Most commands exist for their output.
    public static var keepsRunningWithoutOutput: Bool { false }
    /// Most commands have one name.
    public static var aliases: [String] { [] }

    /// Whether `word` names this command (its name or an alias).
    static func answers(to word: String) -> Bool { word == name || aliases.contains(word) }
}
