import CookcastCore

extension RecordedCook {
    /// One line describing an imported cook, e.g.
    /// `Pulled Pork (import:igrill): 2 channels [1 meat 8744, 2 ambient 9094], cut pork_shoulder, target -`.
    public var importSummary: String { importSummary(unit: .celsius) }

    /// `importSummary` with the target in `unit` (`--unit f`: `target 125.0 F`); a cook with a
    /// cut and no target of its own says the cut's usual one from `catalog`, which it is predicted
    /// and learned with (`target 74.0 C (the usual for turkey)`, as `show` says it).
    public func importSummary(unit: TemperatureUnit, catalog: CutCatalog? = nil) -> String {
        let perChannel = channels.map { ch -> String in
            let n = readings.lazy.filter { $0.channel == ch.channel }.count
            // A probe's own goal: `2 meat 181 pork_shoulder to 93.0 C`.
            let goal = [ch.cut, ch.targetCelsius.map { "to " + unit.format(celsius: $0) }].compactMap { $0 }
            return "\(ch.channel) \(ch.role.rawValue) \(n)" + (goal.isEmpty ? "" : " " + goal.joined(separator: " "))
        }
        let target = info.targetText(unit: unit, catalog: catalog)
        let extras =
            series.map { "\($0.name) \($0.points.count)" }
            + events.filter { $0.kind == .probeInserted }.map { _ in "probe_inserted" }
        return "\(info.name ?? "unnamed") (\(info.source)): \(Counted.words(channels.count, "channel")) "
            + "[\(perChannel.joined(separator: ", "))], cut \(info.cut ?? "-"), target \(target)"
            + (extras.isEmpty ? "" : "; " + extras.joined(separator: ", "))
    }
}

extension ImportOutcome {
    /// `imported as session 12: ...`, or `already imported as session 7, skipped: ...` (`already
    /// recorded as ...` for a session `live` recorded here).
    public var summary: String { summary(unit: .celsius) }

    /// `summary` with temperatures in `unit` (a cut's usual target from `options`' catalog, when the
    /// cook has none of its own). A duplicate is described as stored (its name, cut
    /// and target, not the ones this import read), followed by what `options` (the command line)
    /// asked for that differs and was not applied: `...; not applied: --target 80.0 C`.
    /// With `isDryRun` (`import --dry-run`), a duplicate is said as what the import would do:
    /// `would skip, already imported as session 7: ...`.
    public func summary(unit: TemperatureUnit, options: ImportOptions? = nil, isDryRun: Bool = false) -> String {
        let catalog = options?.catalog
        switch self {
        case .imported(let id, let cook):
            // Kept apart from the curve, so said with the way to them.
            let apart =
                cook.setAside.isEmpty
                ? ""
                : "; \(Counted.words(cook.setAside.count, "reading")) set aside (cookcast export \(id) --set-aside)"
            return "imported as session \(id): \(cook.importSummary(unit: unit, catalog: catalog))\(apart)"
        case .duplicate(let id, let cook, let stored):
            func line(_ how: String, _ shown: RecordedCook) -> String {
                isDryRun
                    ? "would skip, already \(how) as session \(id): \(shown.importSummary(unit: unit, catalog: catalog))"
                    : "already \(how) as session \(id), skipped: \(shown.importSummary(unit: unit, catalog: catalog))"
            }
            guard let stored else { return line("imported", cook) }
            var shown = cook
            shown.info = stored
            let ignored = options.map { Self.unapplied($0, to: stored, unit: unit) } ?? []
            return line(stored.status == .imported ? "imported" : "recorded", shown)
                + (ignored.isEmpty ? "" : "; not applied: " + ignored.joined(separator: ", "))
        }
    }

    /// The command line's `--name`, `--cut` and `--target` that differ from the stored session.
    private static func unapplied(_ options: ImportOptions, to stored: SessionInfo, unit: TemperatureUnit)
        -> [String]
    {
        var out: [String] = []
        if let name = options.name, name != stored.name { out.append("--name \(name)") }
        if let cut = unappliedCut(options, to: stored) { out.append("--cut \(cut)") }
        if let target = unappliedTarget(options, to: stored) {
            out.append("--target \(unit.format(celsius: target))")
        }
        return out
    }

    /// `--cut` (its canonical name) when it differs from the stored session's cut.
    private static func unappliedCut(_ options: ImportOptions, to stored: SessionInfo) -> String? {
        guard let cut = options.cut.map(options.normalizedCut), cut != stored.cut else { return nil }
        return cut
    }

    /// `--target`, degrees Celsius, when it differs from the stored session's target.
    private static func unappliedTarget(_ options: ImportOptions, to stored: SessionInfo) -> Double? {
        guard let target = options.targetCelsius, stored.targetCelsius.map({ abs($0 - target) > 1e-9 }) ?? true
        else { return nil }
        return target
    }

    /// For a duplicate, the `--cut` and `--target` (degrees Celsius) the command line gave that the
    /// stored session does not have, and that session; nil when there are none. A skipped cook
    /// keeps the stored session's goals, and no command changes them afterwards.
    public func unappliedGoals(_ options: ImportOptions) -> (cut: String?, targetCelsius: Double?, stored: SessionInfo)?
    {
        guard case .duplicate(_, _, let stored?) = self else { return nil }
        let cut = Self.unappliedCut(options, to: stored)
        let target = Self.unappliedTarget(options, to: stored)
        guard cut != nil || target != nil else { return nil }
        return (cut, target, stored)
    }
}

extension ImportOptions {
    /// Parses `--utc-offset`: `+01:00`, `-05:30`, `+2`, `-5`, `0`, `Z`/`UTC`; nil when invalid.
    public static func utcOffsetSeconds(parsing text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces).uppercased()
        if t == "Z" || t == "UTC" || t == "GMT" { return 0 }
        var body = Substring(t)
        var sign = 1
        if body.first == "+" || body.first == "-" {
            sign = body.first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let hours = Int(parts[0]), (0...14).contains(hours) else { return nil }
        var minutes = 0
        if parts.count == 2 {
            guard parts[1].count == 2, let m = Int(parts[1]), (0..<60).contains(m) else { return nil }
            minutes = m
        }
        return sign * (hours * 3600 + minutes * 60)
    }
}
