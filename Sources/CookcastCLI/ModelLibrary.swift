import CookcastCore
import Foundation

/// The shipped model data in `Models/`: cut profiles, default priors, probe profiles and sample cooks.
///
/// Found, in order: `$COOKCAST_MODELS`; `<prefix>/share/cookcast/Models` next to an installed
/// binary in `<prefix>/bin`; a `Models` directory in the executable's directory or any parent
/// (a build tree inside the repository). So the binary works from any working directory.
public struct ModelLibrary: Sendable {
    /// Directory the data was loaded from.
    public var directory: String
    /// Cut profiles.
    public var cuts: CutCatalog
    /// Raw contents of `priors.json`, if shipped (decoded by the prediction module).
    public var priorsJSON: Data?
    /// Probe profiles (`probes.json`); empty when the file is not shipped.
    public var probes = ProbeProfileCatalog(profiles: [])
    /// The real cooks shipped in `samples/` (`samples.json`); empty when there is no such directory.
    public var samples = SampleCookCatalog(samples: [])

    /// The directory holding the sample cooks and `samples.json`.
    public var samplesDirectory: String { directory + "/samples" }

    /// Where a sample's file is.
    public func path(of sample: SampleCook) -> String { samplesDirectory + "/" + sample.file }

    /// Why the model data could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Finds and loads the model directory.
    public static func load(environment: [String: String]) throws -> ModelLibrary {
        guard let directory = locate(environment: environment) else {
            throw LoadError(
                description: "cannot find the Models directory (cuts.json); set COOKCAST_MODELS to its path")
        }
        let cutsPath = directory + "/cuts.json"
        guard let data = FileManager.default.contents(atPath: cutsPath) else {
            throw LoadError(description: "cannot read \(cutsPath)")
        }
        let cuts: CutCatalog
        do {
            cuts = try CutCatalog(jsonData: data)
        } catch {
            throw LoadError(description: "\(cutsPath) is not a valid cut catalog: \(error)")
        }
        let priors = FileManager.default.contents(atPath: directory + "/priors.json")
        var library = ModelLibrary(directory: directory, cuts: cuts, priorsJSON: priors)
        let probesPath = directory + "/probes.json"
        if let data = FileManager.default.contents(atPath: probesPath) {
            do {
                library.probes = try ProbeProfileCatalog(jsonData: data)
            } catch {
                throw LoadError(description: "\(probesPath) is not a valid probe profile list: \(error)")
            }
        }
        library.samples = try loadSamples(in: library.samplesDirectory)
        return library
    }

    /// The sample list in `directory` (none when it has no `samples.json`); a malformed list, or
    /// one naming a file that is not there, fails to load, as a malformed `probes.json` does.
    private static func loadSamples(in directory: String) throws -> SampleCookCatalog {
        let listPath = directory + "/samples.json"
        guard let data = FileManager.default.contents(atPath: listPath) else { return SampleCookCatalog(samples: []) }
        let catalog: SampleCookCatalog
        do {
            catalog = try SampleCookCatalog(jsonData: data)
        } catch {
            throw LoadError(description: "\(listPath) is not a valid sample list: \(error)")
        }
        for sample in catalog.samples where !FileManager.default.fileExists(atPath: directory + "/" + sample.file) {
            throw LoadError(
                description: "\(listPath): sample '\(sample.name)' names \(sample.file), which is not there")
        }
        return catalog
    }

    /// The model directory, or nil if none is found.
    public static func locate(environment: [String: String]) -> String? {
        let fm = FileManager.default
        func isModels(_ dir: String) -> Bool { fm.fileExists(atPath: dir + "/cuts.json") }
        if let explicit = environment["COOKCAST_MODELS"], isModels(explicit) { return explicit }
        // The running binary's real path (/proc/self/exe), not argv[0], which is a bare name when run from PATH.
        let exe = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ""))
            .resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        let installed = dir.deletingLastPathComponent().appendingPathComponent("share/cookcast/Models").path
        if isModels(installed) { return installed }
        for _ in 0..<8 {
            let candidate = dir.appendingPathComponent("Models").path
            if isModels(candidate) { return candidate }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        let cwd = fm.currentDirectoryPath + "/Models"
        return isModels(cwd) ? cwd : nil
    }
}
