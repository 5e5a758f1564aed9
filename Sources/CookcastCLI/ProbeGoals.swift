import CookcastCore

/// What each probe cooks to, from `--cut` and `--target` as `live` takes them: a plain value is
/// every probe's, `N=value` probe N's own (two chickens and a pork shoulder in one pit:
/// `--cut chicken --cut 3=pork_shoulder`). A probe with a cut of its own and no target of its own
/// takes that cut's usual target.
struct ProbeGoals {
    /// Every probe's cut, unless it has its own.
    var cut: CutProfile?
    /// Every probe's target, Celsius, unless it has its own (nil: none given and no cut's).
    var targetCelsius: Double?
    /// Probes in a cut of their own.
    var channelCuts: [Int: CutProfile] = [:]
    /// Probes with a target of their own, Celsius: given, or their own cut's usual one.
    var channelTargetsCelsius: [Int: Double] = [:]
    /// Probes whose own target was given (`--target N=C`), not brought by their own cut.
    var channelTargetsGiven: Set<Int> = []
    /// Whether a plain `--cut` / `--target` was given (a resumed session keeps its own otherwise).
    var cutGiven = false
    var targetGiven = false

    /// Said on standard error when `subject` (a file, a cook) has no probe `channel` for the
    /// goal given to it, by `import` and `predict` alike.
    static func notAppliedNote(_ subject: String, channel: Int) -> String {
        "note: \(subject) has no probe \(channel): its own cut and target are not applied"
    }

    /// The probes with a goal of their own, as the session's channels (in the meat).
    var channels: [ChannelInfo] {
        Set(channelCuts.keys).union(channelTargetsCelsius.keys).sorted().map { ch in
            ChannelInfo(
                channel: ch, name: "probe \(ch)", role: .meat, cut: channelCuts[ch]?.name,
                targetCelsius: channelTargetsCelsius[ch])
        }
    }

    /// Whether any probe has a goal of its own.
    var hasChannelGoals: Bool { !channelCuts.isEmpty || !channelTargetsCelsius.isEmpty }

    /// Parses the `--cut` and `--target` values of `arguments`; `defaultCutName` and
    /// `defaultTargetCelsius` stand in for plain values not given (a simulation's preset).
    init(
        arguments: ParsedArguments, context: CommandContext, library: ModelLibrary, defaultCutName: String? = nil,
        defaultTargetCelsius: Double? = nil
    ) throws(CLIError) {
        let cuts = try Self.split(arguments.values["cut"] ?? [], option: "cut", needs: Self.cutNeeds)
        let targets = try ProbeTargets(arguments.values["target"] ?? [], unit: context.unit)
        cutGiven = cuts.plain != nil
        targetGiven = targets.plainCelsius != nil
        cut = try context.cut(named: cuts.plain ?? defaultCutName, in: library)
        for (ch, name) in cuts.channels {
            channelCuts[ch] = try context.cut(named: name, in: library)
        }
        targetCelsius = targets.plainCelsius ?? defaultTargetCelsius ?? cut?.defaultTargetCelsius
        channelTargetsCelsius = targets.channelCelsius
        channelTargetsGiven = Set(targets.channelCelsius.keys)
        for (ch, own) in channelCuts where channelTargetsCelsius[ch] == nil {
            channelTargetsCelsius[ch] = own.defaultTargetCelsius
        }
    }

    /// Goals already settled (a resumed session's stored ones).
    init(cut: CutProfile?, targetCelsius: Double?, channelCuts: [Int: CutProfile], channelTargetsCelsius: [Int: Double])
    {
        self.cut = cut
        self.targetCelsius = targetCelsius
        self.channelCuts = channelCuts
        self.channelTargetsCelsius = channelTargetsCelsius
    }

    /// What `--cut` needs, in its usage error.
    static let cutNeeds = "a cut name"

    /// The plain value and the `N=value` ones of a repeatable option. An empty value (`--cut ''`,
    /// `--cut 1=`) is a missing one, a usage error saying what it needs (`needs`: "a cut name"):
    /// `predict` warned "unknown cut ''" and predicted with the generic prior, exit 0.
    static func split(_ values: [String], option: String, needs: String) throws(CLIError) -> (
        plain: String?, channels: [(Int, String)]
    ) {
        var plain: String?
        var channels: [(Int, String)] = []
        for value in values {
            guard let eq = value.firstIndex(of: "=") else {
                guard !value.allSatisfy(\.isWhitespace) else {
                    throw .usage("option '--\(option)' needs \(needs), got '\(value)'")
                }
                guard plain == nil else {
                    throw .usage(
                        "option '--\(option)' given more than once; give one probe's own as --\(option) N=VALUE")
                }
                plain = value
                continue
            }
            let number = value[..<eq]
            guard let ch = Int(number), ChannelInfo.numbers.contains(ch) else {
                throw .usage("option '--\(option)' needs N=VALUE with a probe number 1-64, got '\(value)'")
            }
            guard !channels.contains(where: { $0.0 == ch }) else {
                throw .usage("option '--\(option)' given twice for probe \(ch)")
            }
            let own = String(value[value.index(after: eq)...])
            guard !own.allSatisfy(\.isWhitespace) else {
                throw .usage("option '--\(option) \(ch)=' needs \(needs), got '\(own)'")
            }
            channels.append((ch, own))
        }
        return (plain, channels)
    }
}
