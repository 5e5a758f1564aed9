import CookcastCore

/// The battery levels a thermometer reported apart from its readings (an iBBQ's replies on its
/// settings channel, stored as `probe_status` events: `battery 61 % (24A00F981900)`), so that
/// `export --format csv` can give each row the level its thermometer last reported: the CSV has
/// no events, and dropped them where the JSON export keeps them.
struct ThermometerBattery {
    /// The reports in time order: session seconds and percent (0...100).
    private(set) var reports: [(elapsedSeconds: Double, percent: Double)] = []

    /// The battery reports among `events`; each reply's bytes are decoded again by `decoder`
    /// (the session's probe profile's) for the exact level, else the whole percent its event says.
    init(events: [SessionEvent], decoder: (any ProbeDecoder)?) {
        for event in events where event.kind == .probeStatus {
            guard let percent = Self.percent(of: event, decoder: decoder) else { continue }
            reports.append((event.elapsedSeconds, percent))
        }
        reports.sort { $0.elapsedSeconds < $1.elapsedSeconds }
    }

    /// Whether the thermometer reported a battery level at all.
    var isEmpty: Bool { reports.isEmpty }

    /// The level last reported at or before `elapsedSeconds`, nil before the first report.
    func percent(atSeconds elapsedSeconds: Double) -> Double? {
        var low = 0
        var high = reports.count
        while low < high {
            let mid = (low + high) / 2
            if reports[mid].elapsedSeconds <= elapsedSeconds { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : reports[low - 1].percent
    }

    /// `readings` with the level last reported given to each that has none of its own.
    func filling(_ readings: [Reading]) -> [Reading] {
        guard !reports.isEmpty else { return readings }
        return readings.map { reading in
            guard reading.batteryPercent == nil else { return reading }
            var filled = reading
            filled.batteryPercent = percent(atSeconds: reading.elapsedSeconds)
            return filled
        }
    }

    /// The level a `probe_status` event reports (`ProbeStatus.eventDetail`), nil for none.
    private static func percent(of event: SessionEvent, decoder: (any ProbeDecoder)?) -> Double? {
        let detail = event.detail
        guard detail.hasPrefix("battery "), let percentSign = detail.firstIndex(of: "%") else { return nil }
        if let decoder, let open = detail.firstIndex(of: "("), let close = detail.lastIndex(of: ")"), open < close,
            let bytes = Hex.bytes(from: String(detail[detail.index(after: open)..<close])),
            case .status(let status) = decoder.decode(
                bytes, elapsedSeconds: event.elapsedSeconds, channel: event.channel ?? 0),
            let exact = status.batteryPercent, Reading.plausibleBatteryPercent.contains(exact)
        {
            return exact
        }
        let whole = detail[detail.index(detail.startIndex, offsetBy: 8)..<percentSign]
        guard let percent = Double(whole.filter { $0 != " " }),
            Reading.plausibleBatteryPercent.contains(percent)
        else { return nil }
        return percent
    }
}
