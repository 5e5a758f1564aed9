import CookcastCore

/// A bounded, evenly thinned history for the live chart: memory does not grow with the cook.
struct HistoryBuffer {
    private(set) var points: [LiveStatus.ChartPoint] = []
    private var spacingSeconds: Double
    private let capacity: Int

    init(capacity: Int = 240, initialSpacingSeconds: Double = 15) {
        self.capacity = capacity
        self.spacingSeconds = initialSpacingSeconds
    }

    mutating func add(_ reading: Reading) {
        let point = LiveStatus.ChartPoint(
            elapsedSeconds: reading.elapsedSeconds, probeCelsius: reading.probeCelsius,
            ambientCelsius: reading.ambientCelsius)
        if let last = points.last, reading.elapsedSeconds - last.elapsedSeconds < spacingSeconds { return }
        points.append(point)
        if points.count > capacity {
            // Keep every other point and double the spacing.
            points = points.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            spacingSeconds *= 2
        }
    }
}
