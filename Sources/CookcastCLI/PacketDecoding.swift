import CookcastCore

/// How the packets of a hex log or a probe are decoded: the probe profile and the channel in the
/// pit. `live` (its probe, `--replay`, `--stdin`), `predict` and `import` take it alike from
/// `--profile NAME [--pit-probe N]`.
struct PacketDecoding {
    /// The probe's profile; nil: the seed probe.
    var profile: ProbeProfile?
    /// The channel whose readings are the pit's air; nil: every channel is meat.
    var pitChannel: Int?

    /// The decoder of the packets: the profile's (its pit channel read as the air), else the
    /// seed probe's.
    var decoder: any ProbeDecoder { profile?.decoder(pitChannel: pitChannel) ?? SeedProbeDecoder() }

    /// What a session recorded (or imported) with a profile stores as its `probeId`: `profile:ibbq`.
    var probeId: String? { profile.map { Self.probeIdPrefix + $0.name } }

    /// How a session's `probeId` names the profile it was recorded with.
    static let probeIdPrefix = "profile:"

    /// The name of the profile a session's `probeId` says it was recorded with (`profile:ibbq`:
    /// `ibbq`), nil for none: the inverse of `probeId`.
    static func profileName(fromProbeId probeId: String?) -> String? {
        guard let probeId, probeId.hasPrefix(probeIdPrefix) else { return nil }
        return String(probeId.dropFirst(probeIdPrefix.count))
    }

    /// Decoding without a profile: the seed probe's packets, every channel meat.
    init(profile: ProbeProfile?, pitChannel: Int?) {
        self.profile = profile
        self.pitChannel = pitChannel
    }

    /// `profile`'s packets with `--pit-probe N` as the pit (checked), else the profile's usual pit.
    init(profile: ProbeProfile, pitProbe: Int?) throws(CLIError) {
        if let pitProbe { try Self.checkPitProbe(pitProbe, of: profile) }
        self.init(profile: profile, pitChannel: pitProbe ?? profile.pitChannel)
    }

    /// `--profile NAME [--pit-probe N]` of `predict` and `import`, resolved as `live` resolves
    /// them (an alias, `inkbird`, names its profile; an unknown name is a usage error); nil
    /// without `--profile`.
    static func given(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> PacketDecoding? {
        guard let profile = try context.probeProfile(named: arguments.value("profile")) else { return nil }
        return try PacketDecoding(profile: profile, pitProbe: arguments.int("pit-probe", in: 1...16))
    }

    /// The usage error for `--profile` with a file of readings (CSV, JSON, a vendor export):
    /// only packets are decoded, so the profile would do nothing to it.
    static func notAPacketLog(_ path: String) -> CLIError {
        .usage("--profile only applies to a hex packet log (t_s HEX [chN]); \(path) is not one")
    }

    /// Refuses a `--pit-probe` the profile has no channel for, or that leaves no probe in the
    /// meat: the seed probe's only channel as the pit recorded its tip as the air (and its own
    /// air reading was dropped), with no meat to predict.
    static func checkPitProbe(_ pitProbe: Int, of profile: ProbeProfile) throws(CLIError) {
        if profile.channelCount == 1 {
            throw .usage(
                "--pit-probe \(pitProbe): the \(profile.name) profile has one probe, "
                    + "which would leave none in the meat")
        }
        guard pitProbe > profile.channelCount else { return }
        throw .usage("--pit-probe \(pitProbe): the \(profile.name) profile has channels 1 to \(profile.channelCount)")
    }
}
