/// The columns of a Tappecue log's header, read by name: `ElapsedTime`, then one column per
/// probe. A probe whose name means the air (`AirProbeName`: `Bath`, `Pit`, `Ambient`, ...) is the
/// ambient; the others are meat probes, in the order they come. The device writes the food first
/// (`,ElapsedTime,TBone,Bath`), but a log with its columns in another order
/// (`,ElapsedTime,Bath,TBone`) is the same cook.
struct TappecueColumns {
    /// A meat probe's column and name.
    struct Probe {
        var column: Int
        var name: String
    }

    /// Index of the `ElapsedTime` column (minutes).
    var elapsed: Int
    /// The meat probes, in column order (channel 1, 2, ...).
    var meat: [Probe]
    /// The air's column, if one is named so (the first such).
    var air: Probe?
    /// Further columns named as the air, not read.
    var unreadAir: [String]

    /// Reads `header`; nil without an `ElapsedTime` column followed by a probe's.
    init?(header: [String]) {
        guard let elapsed = header.firstIndex(of: "ElapsedTime"), elapsed + 1 < header.count else { return nil }
        self.elapsed = elapsed
        let probeColumns = (elapsed + 1)..<header.count
        let named = probeColumns.filter { !header[$0].trimmingCharacters(in: .whitespaces).isEmpty }
        // A column without a name counts only when it is the only one (the food, as it always was).
        let columns = named.isEmpty ? [elapsed + 1] : named
        var meat: [Probe] = []
        var airs: [Probe] = []
        for c in columns {
            let name = header[c].trimmingCharacters(in: .whitespaces)
            if AirProbeName.isAir(name) {
                airs.append(Probe(column: c, name: name))
            } else {
                meat.append(Probe(column: c, name: name))
            }
        }
        self.meat = meat
        self.air = airs.first
        self.unreadAir = airs.dropFirst().map(\.name)
    }
}
