/// Left-aligned plain-text table with a header row.
struct TextTable {
    var columns: [String]

    func render(_ rows: [[String]]) -> String {
        var widths = columns.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, c in
                i == cells.count - 1 ? c : c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        return ([line(columns)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
