import CookcastCore
import CookcastStore
import Foundation

/// What every command gets: the environment, the console, global options, model data.
public struct CommandContext: Sendable {
    /// Environment variables (`COOKCAST_DB`, `XDG_DATA_HOME`, `COOKCAST_MODELS`, ...).
    public var environment: [String: String]
    /// Where output goes.
    public var console: any Console
    /// Database path given by `--db`, if any.
    public var databaseOverride: String?
    /// Unit for displayed temperatures.
    public var unit: TemperatureUnit

    /// Creates a context.
    public init(
        environment: [String: String], console: any Console, databaseOverride: String? = nil,
        unit: TemperatureUnit = .celsius
    ) {
        self.environment = environment
        self.console = console
        self.databaseOverride = databaseOverride
        self.unit = unit
    }

    /// The database path: `--db`, else `COOKCAST_DB`, else under `$XDG_DATA_HOME/cookcast/`.
    public var databasePath: String {
        databaseOverride ?? SessionStore.defaultPath(environment: environment)
    }

    /// Opens the session store, mapping failures to a one-line I/O error naming the path. With
    /// `creating` false a missing database is the missing input read-only opening says it is,
    /// not created: `fit` on a mistyped `--db` made the file and its directory, then said there was
    /// nothing to fit.
    public func openStore(readOnly: Bool = false, creating: Bool = true) throws(CLIError) -> SessionStore {
        // Nothing recorded there yet: a missing input (66), as README's exit codes say.
        let missing = CLIError(
            "no database at \(databasePath) (nothing recorded or imported there yet)", exitCode: ExitCode.noInput)
        if !creating, !FileManager.default.fileExists(atPath: databasePath) { throw missing }
        do {
            return try SessionStore(path: databasePath, readOnly: readOnly)
        } catch StoreError.databaseNotFound {
            throw missing
        } catch {
            throw .io("\(error)")
        }
    }

    /// The shipped model data (cut profiles, priors), found from any working directory.
    public func models() throws(CLIError) -> ModelLibrary {
        do {
            return try ModelLibrary.load(environment: environment)
        } catch {
            throw CLIError("\(error)", exitCode: ExitCode.software)
        }
    }

    /// Resolves a cut name or alias; nil name gives nil. Unknown names throw a usage error listing the known cuts.
    public func cut(named name: String?, in library: ModelLibrary) throws(CLIError) -> CutProfile? {
        guard let name else { return nil }
        guard let profile = library.cuts.profile(named: name) else {
            let known = library.cuts.profiles.map(\.name).joined(separator: ", ")
            throw .usage(
                "unknown cut '\(name)'\(CommandSuggestion.cutHint(for: name, in: library.cuts)) (known: \(known))")
        }
        return profile
    }

    /// Resolves a probe profile name or alias (`--profile`); nil name gives nil. Unknown names
    /// throw a usage error listing the known profiles.
    public func probeProfile(named name: String?) throws(CLIError) -> ProbeProfile? {
        guard let name else { return nil }
        let probes = try models().probes
        guard let profile = probes.profile(named: name) else {
            let known =
                probes.names.isEmpty
                ? "none: no probes.json in the Models directory" : probes.names.joined(separator: ", ")
            throw .usage("unknown probe profile '\(name)' (known: \(known))")
        }
        return profile
    }

    /// Resolves a shipped sample cook's name (`--sample`). An unknown name is a one-line usage
    /// error naming the samples there are (the usage, a screenful for `live`, would hide them).
    public func sampleCook(named name: String, in library: ModelLibrary) throws(CLIError) -> SampleCook {
        guard let sample = library.samples.sample(named: name) else {
            let names = library.samples.names
            let known =
                names.isEmpty ? "none: no samples/samples.json in \(library.directory)" : names.joined(separator: ", ")
            throw CLIError("unknown sample '\(name)' (samples: \(known))", exitCode: ExitCode.usage)
        }
        return sample
    }
}
