import CookcastCore

/// What an unknown command word most likely meant: a misspelt command name (`sesions`), or a word
/// for what another command does (`replay` is `live --replay FILE`, `list` is `sessions`).
enum CommandSuggestion {
    /// Words people reach for, and the command line that does it.
    static let intents: [String: String] = [
        "replay": "live --replay FILE", "simulate": "live --simulate", "sim": "live --simulate",
        "watch": "live", "monitor": "live", "record": "live", "sample": "live --sample NAME",
        "eta": "predict", "estimate": "predict", "forecast": "predict",
        "learn": "fit", "train": "fit", "backtest": "fit --backtest", "priors": "fit",
        "list": "sessions", "ls": "sessions", "cooks": "sessions",
        "info": "show", "view": "show", "inspect": "show",
        "chart": "plot", "graph": "plot", "svg": "plot", "csv": "export", "json": "export",
        "load": "import", "devices": "scan", "discover": "scan", "packet": "decode",
    ]

    /// The suggestion for `word`, or nil when nothing is close: a word of `intents`, else the
    /// command name or alias within two edits (one for words of up to four letters).
    static func closest(to word: String, among commands: [any Command.Type]) -> String? {
        if let meant = intents[word.lowercased()] { return meant }
        return closest(to: word, amongNames: commands.flatMap { [$0.name] + $0.aliases })
    }

    /// The name of `names` within two edits of `word` (one for words of up to four letters), the
    /// nearest; nil when none is that close.
    static func closest(to word: String, amongNames names: [String]) -> String? {
        let typed = word.lowercased()
        let limit = typed.count <= 4 ? 1 : 2
        let scored = names.map { (name: $0, edits: editDistance(typed, $0)) }.filter { $0.edits <= limit }
        return scored.min { $0.edits < $1.edits }?.name
    }

    /// `; did you mean 'chicken'?` for a cut name `word` close to one of `cuts` (names and
    /// aliases, the cut's own name given), else empty: a typo in `--cut` fell back to the
    /// generic prior with only "unknown cut" said.
    static func cutHint(for word: String, in cuts: CutCatalog) -> String {
        var owner: [String: String] = [:]
        for profile in cuts.profiles {
            for name in [profile.name] + profile.aliases where owner[name] == nil { owner[name] = profile.name }
        }
        let near = closest(to: CutCatalog.normalized(word), amongNames: owner.keys.sorted())
        return near.flatMap { owner[$0] }.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance between two words, counting an adjacent swap as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
