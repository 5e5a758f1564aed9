import CookcastCore

extension FitRecord {
    /// The stored finish, when the fit's phase shows one (`EstimatePhase.showsFinish`; a phase
    /// this version does not know, as an older or newer cookcast may store, shows it): nil for a
    /// probe out of reach or out of the meat, whose stored finish is a placeholder for callers that
    /// need a number.
    public var shownFinishSeconds: Double? {
        (EstimatePhase(rawValue: phase)?.showsFinish ?? true) ? etaSeconds : nil
    }
}
