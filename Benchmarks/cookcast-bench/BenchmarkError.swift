/// A benchmark whose work did not happen as intended (its figure would time nothing).
enum BenchmarkError: Error, CustomStringConvertible {
    /// What went wrong, one line.
    case invalid(String)

    var description: String {
        switch self {
        case .invalid(let reason): return "invalid benchmark: \(reason)"
        }
    }
}
