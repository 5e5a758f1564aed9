import CookcastCore

/// Small deterministic cooks for the tests; times have millisecond precision so they round-trip.
enum Fixtures {
    static func info(source: String = "test", hash: String? = nil, status: SessionStatus = .active) -> SessionInfo {
        SessionInfo(
            startedAtUnixMs: 1_700_000_000_123, cut: "pork_shoulder", name: "Sunday butt", targetCelsius: 95,
            weightKg: 3.75, probeId: "AA:BB:CC:DD:EE:FF", source: source, notes: "ünïcode ok", status: status,
            utcOffsetSeconds: -18_000, contentHash: hash)
    }

    /// `count` readings on `channel`, every 0.5 s plus a millisecond offset, with some nil values.
    static func readings(count: Int, channel: Int = 1, startMs: Int = 0) -> [Reading] {
        (0..<count).map { i in
            let ms = startMs + i * 500 + (i % 7)
            return Reading(
                channel: channel, elapsedSeconds: Double(ms) / 1000,
                probeCelsius: i % 11 == 5 ? nil : 3.9 + Double(i) * 0.0137,
                ambientCelsius: i % 13 == 4 ? nil : 107.3 + Double(i % 17) * 0.1,
                batteryPercent: i % 3 == 0 ? nil : 87.45)
        }
    }

    static func cook(hash: String? = "sha256:abc", readingCount: Int = 50) -> RecordedCook {
        RecordedCook(
            info: info(source: "import:test", hash: hash, status: .imported),
            channels: [
                ChannelInfo(channel: 1, name: "meat", role: .meat),
                ChannelInfo(channel: 2, name: "pit", role: .ambient),
            ],
            readings: (readings(count: readingCount, channel: 1) + readings(count: readingCount, channel: 2))
                .sorted { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) },
            events: [
                SessionEvent(elapsedSeconds: 0, kind: .connected, detail: "link up"),
                SessionEvent(elapsedSeconds: 12.345, kind: .probeInserted, channel: 1, detail: "detected"),
                SessionEvent(elapsedSeconds: 20, kind: "custom_kind", detail: ""),
            ],
            series: [
                NamedSeries(
                    name: NamedSeries.vendorPredictedRemainingSeconds, channel: 1,
                    points: [.init(elapsedSeconds: 1, value: 3600), .init(elapsedSeconds: 2.5, value: 3590.5)])
            ])
    }
}
