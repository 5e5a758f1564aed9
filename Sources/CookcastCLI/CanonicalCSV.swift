import CookcastCore

/// Writes readings in the canonical CSV (`t_s,probe_c,ambient_c[,channel][,battery_pct]`).
///
/// Numbers use Swift's shortest round-trip representation, so reading the file back gives
/// bit-identical values.
enum CanonicalCSV {
    /// Which optional columns a file has: `channel` when its readings come from several channels
    /// or from one other than channel 1 (without the column a reader puts them on channel 1),
    /// `battery_pct` when any has a battery level. Known before the rows, so a file can be written
    /// a chunk of rows at a time (`export` of a long cook).
    struct Layout {
        var multiChannel: Bool
        var hasBattery: Bool

        /// The layout for readings from `channels` (those with readings, in any order).
        init(channels: [Int], hasBattery: Bool) {
            self.init(multiChannel: Set(channels) != [1], hasBattery: hasBattery)
        }

        /// The layout with the `channel` column when `multiChannel`.
        init(multiChannel: Bool, hasBattery: Bool) {
            self.multiChannel = multiChannel
            self.hasBattery = hasBattery
        }

        /// The header line.
        var header: String {
            "t_s,probe_c,ambient_c" + (multiChannel ? ",channel" : "") + (hasBattery ? ",battery_pct" : "") + "\n"
        }

        /// Rows for `readings`, already in time order (channel within a time).
        func rows(_ readings: [Reading]) -> String {
            var out = ""
            out.reserveCapacity(readings.count * 28)
            for r in readings {
                out +=
                    CanonicalCSV.number(r.elapsedSeconds) + "," + optional(r.probeCelsius) + ","
                    + optional(r.ambientCelsius)
                if multiChannel { out += "," + String(r.channel) }
                if hasBattery { out += "," + optional(r.batteryPercent) }
                out += "\n"
            }
            return out
        }

        private func optional(_ v: Double?) -> String { v.map(CanonicalCSV.number) ?? "" }
    }

    /// The whole file for `readings`, in any order.
    static func render(_ readings: [Reading]) -> String {
        let layout = Layout(
            channels: readings.map(\.channel), hasBattery: readings.contains { $0.batteryPercent != nil })
        let ordered = readings.sorted { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        return layout.header + layout.rows(ordered)
    }

    private static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) + ".0" : "\(v)"
    }
}
