import CookcastCore
import CookcastStore

extension LiveCommand {
    /// Said when `--pit-probe` has no profile to apply to.
    static let pitProbeIgnored = "--pit-probe only applies with --profile (--probe, --replay or --stdin); ignored"

    /// The profile and pit channel of this run: those given; else, resuming `session`, the ones
    /// it was recorded with (said on standard error); else `fallback`'s profile and its pit.
    /// Resumed without `--profile`, an iBBQ session's packets were decoded as the seed probe's,
    /// every one a "status" and no reading stored; without `--pit-probe`, its pit became a meat
    /// probe at 120 C.
    func packetDecoding(
        resuming session: Int64?, store: SessionStore, fallback: () -> ProbeProfile? = { nil }
    ) throws(CLIError) -> PacketDecoding {
        var chosen = profile
        var storedPit: ChannelInfo?
        if let session {
            do {
                let probes = try context.models().probes
                let storedName = PacketDecoding.profileName(fromProbeId: try store.session(session)?.probeId)
                if chosen == nil, let storedName, let stored = probes.profile(named: storedName) {
                    chosen = stored
                    context.console.errorLine(
                        "note: session \(session) was recorded with --profile \(stored.name): decoding as it")
                }
                if let chosen, pitProbe == nil {
                    let pits = try store.channels(session: session).filter {
                        $0.role == .ambient && (1...chosen.channelCount).contains($0.channel)
                    }
                    if pits.count == 1 { storedPit = pits[0] }
                }
            } catch let error as CLIError {
                throw error
            } catch {
                throw .io("\(error)")
            }
        }
        guard let profile = chosen ?? fallback() else {
            // Said here only where `ignoredOptions` could not know (a probe, a resumed session).
            if pitProbe != nil, isProbeSource || resumeID != nil {
                context.console.errorLine("cookcast live: warning: \(Self.pitProbeIgnored)")
            }
            return PacketDecoding(profile: nil, pitChannel: nil)
        }
        if let pitProbe {
            return try PacketDecoding(profile: profile, pitProbe: pitProbe)
        }
        if let session, let storedPit {
            context.console.errorLine(
                "note: probe \(storedPit.channel) of session \(session) is its pit: read as the pit "
                    + "(--pit-probe \(storedPit.channel))")
            return PacketDecoding(profile: profile, pitChannel: storedPit.channel)
        }
        return PacketDecoding(profile: profile, pitChannel: profile.pitChannel)
    }

    /// Whether the source is a BLE probe.
    private var isProbeSource: Bool {
        if case .probe = source { return true }
        return false
    }
}
