import CookcastCore

extension FitJob {
    /// The cut and target of each probe of a session: a probe's own (its `channels` row, from
    /// `live --cut N=CUT --target N=C`; its own cut's usual target when it has a cut but no
    /// target), else the session's, else the session's cut's usual target, as live takes them.
    struct Goals: Sendable {
        var info: SessionInfo
        var sessionCut: CutProfile?
        var channels: [Int: ChannelInfo]
        var channelCuts: [Int: CutProfile]
        /// The cuts names are resolved with (`beef_steak` is `steak`).
        var catalog: CutCatalog

        init(info: SessionInfo, channels: [ChannelInfo], catalog: CutCatalog) {
            self.info = info
            self.catalog = catalog
            sessionCut = info.cut.flatMap(catalog.profile(named:))
            self.channels = Dictionary(channels.map { ($0.channel, $0) }, uniquingKeysWith: { first, _ in first })
            channelCuts = self.channels.compactMapValues { $0.cut.flatMap(catalog.profile(named:)) }
        }

        /// The probe's cut profile (nil: unknown, the generic prior).
        func cut(channel: Int) -> CutProfile? {
            channels[channel]?.cut == nil ? sessionCut : channelCuts[channel]
        }

        /// The probe's cut name as stored.
        func cutName(channel: Int) -> String? { channels[channel]?.cut ?? info.cut }

        /// The probe's target, Celsius, nil when none can be had.
        func target(channel: Int) -> Double? {
            if let own = channels[channel]?.targetCelsius { return own }
            if channels[channel]?.cut != nil, let usual = channelCuts[channel]?.defaultTargetCelsius { return usual }
            return info.targetCelsius ?? sessionCut?.defaultTargetCelsius
        }

        /// Whether any probe can have a target (else the session is not read at all).
        var hasAnyTarget: Bool {
            (info.targetCelsius ?? sessionCut?.defaultTargetCelsius) != nil
                || channels.keys.contains { target(channel: $0) != nil }
        }

        /// Whether the probe on `channel` is of the cut `name` (a name or alias as given to
        /// `--cut`): its own cut, else the session's; a cut the catalog does not know by its name.
        func isOf(cut name: String, channel: Int) -> Bool {
            canonical(name) == (cut(channel: channel)?.name ?? cutName(channel: channel).map(CutCatalog.normalized))
        }

        /// Whether a probe of the session can be of the cut `name`: one of its `channels` rows is,
        /// or the session is (a channel without a row takes the session's cut).
        func mayHaveProbe(ofCut name: String) -> Bool {
            channels.keys.contains { isOf(cut: name, channel: $0) }
                || canonical(name) == (sessionCut?.name ?? info.cut.map(CutCatalog.normalized))
        }

        /// A cut's name as its profile has it, else as given, normalised.
        private func canonical(_ name: String) -> String {
            catalog.profile(named: name)?.name ?? CutCatalog.normalized(name)
        }
    }
}
