import CookcastCore
import CookcastFit
import CookcastStore

/// The priors a prediction starts from: those learned into the database by `cookcast fit`
/// override the shipped defaults in `Models/priors.json` for the same cut and model.
enum PriorLibrary {
    static func priors(models: ModelLibrary, store: SessionStore?) throws(CLIError) -> [PriorRecord] {
        var byKey: [String: PriorRecord] = [:]
        if let data = models.priorsJSON {
            do {
                for p in try PriorSet.decode(jsonData: data) { byKey[p.cut + "/" + p.model] = p }
            } catch {
                throw CLIError("\(models.directory)/priors.json is not valid: \(error)", exitCode: ExitCode.software)
            }
        }
        if let store {
            do {
                for p in try store.priors() { byKey[p.cut + "/" + p.model] = p }
            } catch {
                throw .io("\(error)")
            }
        }
        return byKey.keys.sorted().compactMap { byKey[$0] }
    }

    /// The cooks the shipped priors were learned from (`priors.json`'s `cooks`), which `cookcast fit`
    /// learns from beside the stored ones; none without the file or the array.
    static func shippedCooks(models: ModelLibrary) throws(CLIError) -> [CookSummary] {
        guard let data = models.priorsJSON else { return [] }
        do {
            return try PriorSet.decodeCooks(jsonData: data)
        } catch {
            throw CLIError("\(models.directory)/priors.json is not valid: \(error)", exitCode: ExitCode.software)
        }
    }
}
