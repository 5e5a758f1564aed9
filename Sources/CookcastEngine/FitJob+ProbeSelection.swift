import CookcastCore

extension FitJob {
    /// Which probes of each session `FitJob` loads, and whose stored summaries `refit` replaces:
    /// `fit --cut X` means the probes of cut X (a probe's own cut, else its session's), not the
    /// other probes of their sessions, which keep the summaries stored for them.
    public enum ProbeSelection: Sendable, Hashable {
        /// Every probe (`fit`, `fit SESSION...`): a session's summaries are replaced together.
        case every
        /// The probes of a cut, a name or alias as `--cut` takes it (`beef_steak` is `steak`).
        case ofCut(String)
        /// The probes of every other cut, or of none: those of its sessions `ofCut` leaves out.
        case notOfCut(String)

        /// Whether the probe on `channel` of a session with `goals` is selected.
        func includes(channel: Int, goals: Goals) -> Bool {
            switch self {
            case .every: return true
            case .ofCut(let name): return goals.isOf(cut: name, channel: channel)
            case .notOfCut(let name): return !goals.isOf(cut: name, channel: channel)
            }
        }

        /// Whether a session with `goals` can have a selected probe, before its readings are read:
        /// false only when none can be.
        func mayInclude(_ goals: Goals) -> Bool {
            switch self {
            case .every, .notOfCut: return true
            case .ofCut(let name): return goals.mayHaveProbe(ofCut: name)
            }
        }
    }
}
