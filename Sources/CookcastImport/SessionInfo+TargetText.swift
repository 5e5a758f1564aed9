import CookcastCore

extension SessionInfo {
    /// The target a cook is predicted and learned with, as `import`'s lines say it: its own
    /// (`74.0 C`), else its cut's usual one from `catalog` (`74.0 C (the usual for turkey)`, the
    /// words `show` uses), else `-`. A cook imported with `--cut` alone stores no target and takes
    /// its cut's usual one where it is used; the import line said `target -` beside it.
    public func targetText(unit: TemperatureUnit, catalog: CutCatalog?) -> String {
        if let targetCelsius { return unit.format(celsius: targetCelsius) }
        guard let usual = cut.flatMap({ catalog?.profile(named: $0) }) else { return "-" }
        return "\(unit.format(celsius: usual.defaultTargetCelsius)) (the usual for \(usual.name))"
    }
}
