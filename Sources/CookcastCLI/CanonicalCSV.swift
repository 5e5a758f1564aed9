import CookcastCore

/// Writes readings in the canonical CSV (`t_s,probe_c,ambient_c[,channel][,battery_pct]`).
///
/// Numbers use Swift's shortest round-trip representation, so reading the file back gives
/// bit-identical values.
enum CanonicalCSV {
    static func render(_ readings: [Reading]) -> String {
        let multiChannel = Set(readings.map(\.channel)).count > 1
        let hasBattery = readings.contains { $0.batteryPercent != nil }
        var header = "t_s,probe_c,ambient_c"
        if multiChannel { header += ",channel" }
        if hasBattery { header += ",battery_pct" }
        var out = header + "\n"
        out.reserveCapacity(readings.count * 28)
        let ordered = readings.sorted { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        for r in ordered {
            out += number(r.elapsedSeconds) + "," + optional(r.probeCelsius) + "," + optional(r.ambientCelsius)
            if multiChannel { out += "," + String(r.channel) }
            if hasBattery { out += "," + optional(r.batteryPercent) }
            out += "\n"
        }
        return out
    }

    private static func optional(_ v: Double?) -> String { v.map(number) ?? "" }

    private static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) + ".0" : "\(v)"
    }
}
