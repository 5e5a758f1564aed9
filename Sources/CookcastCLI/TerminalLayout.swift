/// Fitting text to a terminal's width, for the in-place dashboard.
enum TerminalLayout {
    /// `parts` joined by two spaces into lines of at most `width` characters; a part is split
    /// (at spaces, see `wrapWords`) only when it alone is wider.
    static func wrap(_ parts: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for part in parts {
            if current.isEmpty {
                current = part
            } else if current.count + 2 + part.count <= width {
                current += "  " + part
            } else {
                lines.append(current)
                current = part
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.flatMap { wrapWords($0, width: width) }
    }

    /// `text` broken at spaces into lines of at most `width` characters, continuation lines
    /// indented by two; a word wider than a line is truncated.
    static func wrapWords(_ text: String, width: Int) -> [String] {
        guard text.count > width else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = current.isEmpty ? (lines.isEmpty ? "" : "  ") + word : current + " " + word
            if candidate.count <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = "  " + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { truncate($0, width: width) }
    }

    /// `line` cut to `width` characters, the last one an ellipsis when something was cut.
    static func truncate(_ line: String, width: Int) -> String {
        guard line.count > width else { return line }
        return String(line.prefix(max(0, width - 1))) + "\u{2026}"
    }
}
