/// The last grid points in a fixed-size ring (bounded memory and cost however long the cook).
struct GridBuffer: Sendable {
    private var items: [GridPoint]
    private var head = 0
    private(set) var count = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        items = [GridPoint](repeating: GridPoint(seconds: 0, probeCelsius: 0, ambientCelsius: nil), count: capacity)
    }

    mutating func append(_ g: GridPoint) {
        items[head] = g
        head = (head + 1) % capacity
        count = min(count + 1, capacity)
    }

    /// i = 0 is the newest.
    func recent(_ i: Int) -> GridPoint { items[(head - 1 - i + 2 * capacity) % capacity] }

    var last: GridPoint? { count > 0 ? recent(0) : nil }

    /// How many of the newest points are newer than `since` (`recent(0..<n)`).
    func pointCount(since: Double) -> Int {
        var n = 0
        while n < count, recent(n).seconds >= since { n += 1 }
        return n
    }

    /// Least-squares line through points newer than `since` seconds: slope (C/s), value at the
    /// newest point, residual SD and number of points.
    func line(since: Double) -> (slope: Double, level: Double, sd: Double, n: Int)? {
        guard let newest = last else { return nil }
        var n = 0.0, st = 0.0, sy = 0.0, stt = 0.0, sty = 0.0, syy = 0.0
        for i in 0..<pointCount(since: since) {
            let g = recent(i)
            let t = g.seconds - newest.seconds
            n += 1; st += t; sy += g.probeCelsius; stt += t * t; sty += t * g.probeCelsius
            syy += g.probeCelsius * g.probeCelsius
        }
        guard n >= 3 else { return nil }
        let den = n * stt - st * st
        guard den > 1e-9 else { return nil }
        let b = (n * sty - st * sy) / den
        let a = (sy - b * st) / n
        let sse = max(0, syy - a * sy - b * sty)
        return (b, a, (sse / max(1, n - 2)).squareRoot(), Int(n))
    }

    /// The ambient of the newest `points` points, newest first, stopping at the first without one.
    func latestAmbient(points: Int) -> [Double] {
        var values: [Double] = []
        var i = 0
        while i < min(points, count), let a = recent(i).ambientCelsius {
            values.append(a)
            i += 1
        }
        return values
    }

    /// When the newest point newer than `since` with an ambient under `celsius` was taken, seconds
    /// (nil: none).
    func newestAmbient(under celsius: Double, since: Double) -> Double? {
        for i in 0..<pointCount(since: since) {
            let g = recent(i)
            if let a = g.ambientCelsius, a < celsius { return g.seconds }
        }
        return nil
    }

    /// Highest less lowest ambient of the points newer than `since` (nil without any).
    func ambientSpread(since: Double) -> Double? {
        var low = Double.infinity, high = -Double.infinity
        for i in 0..<pointCount(since: since) {
            let g = recent(i)
            if let a = g.ambientCelsius { low = min(low, a); high = max(high, a) }
        }
        return low <= high ? high - low : nil
    }

    /// Mean ambient of the points newer than `since` (nil without any).
    func meanAmbient(since: Double) -> Double? {
        var s = 0.0, n = 0.0
        for i in 0..<pointCount(since: since) {
            let g = recent(i)
            if let a = g.ambientCelsius { s += a; n += 1 }
        }
        return n > 0 ? s / n : nil
    }

    /// Mean ambient of the points newer than `since`, leaving out those beyond the quartiles by
    /// more than `outlierCelsius` or 1.5 interquartile ranges, whichever is wider (nil without
    /// any). A lid opened for a minute or two drags a plain mean down for the whole window; here
    /// it is left out, while a controller's swing (a bang-bang oven at +-8 C has an interquartile
    /// range of 16 C) is kept, and a lasting change of the fire counts once it fills a quarter of
    /// the window. Under 8 points a dip cannot be told from a trend, so all count.
    func typicalAmbient(since: Double, outlierCelsius: Double) -> Double? {
        var values: [Double] = []
        for i in 0..<pointCount(since: since) {
            let g = recent(i)
            if let a = g.ambientCelsius { values.append(a) }
        }
        guard values.count >= 8 else { return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        values.sort()
        let q1 = values[values.count / 4], q3 = values[(3 * values.count) / 4]
        let margin = max(outlierCelsius, 1.5 * (q3 - q1))
        var s = 0.0, k = 0.0
        for v in values where v >= q1 - margin && v <= q3 + margin { s += v; k += 1 }
        return s / k
    }

    /// When the bottom of the probe's deepest fall among the points newer than `since` was taken
    /// (the point furthest under the highest one before it), if it fell at least `fallCelsius`;
    /// nil otherwise.
    func bottomOfFall(since: Double, fallCelsius: Double) -> Double? {
        let n = pointCount(since: since)
        var highest = -Double.infinity, deepest = 0.0, bottom: Double?
        for i in stride(from: n - 1, through: 0, by: -1) {
            let g = recent(i)
            highest = max(highest, g.probeCelsius)
            if highest - g.probeCelsius > deepest {
                deepest = highest - g.probeCelsius
                bottom = g.seconds
            }
        }
        return deepest >= fallCelsius ? bottom : nil
    }

    /// A line through the points newer than `since` that a jump or a fall of the reading does not
    /// bend: its slope is the median of the rises over `spanSeconds` between points of the window
    /// (a fall or a sensor's jump reaches only the spans across it), its level the median, over
    /// the points of the last `levelSeconds`, of each point carried to the newest along that
    /// slope. Value at the newest point, residual SD about it and number of points, as `line`; nil
    /// under 8 spans.
    func medianLine(since: Double, spanSeconds: Double, levelSeconds: Double) -> (
        slope: Double, level: Double, sd: Double, n: Int
    )? {
        guard let newest = last else { return nil }
        let (t, y) = probeSeries(since: since)
        var rises: [Double] = []
        var j = 0
        for i in t.indices {
            while j < i, t[i] - t[j] > spanSeconds { j += 1 }
            if j < i, t[i] - t[j] >= 0.9 * spanSeconds { rises.append((y[i] - y[j]) / (t[i] - t[j])) }
        }
        guard rises.count >= 8 else { return nil }
        rises.sort()
        let slope = rises[rises.count / 2]
        var carried: [Double] = []
        for i in t.indices where t[i] >= newest.seconds - levelSeconds {
            carried.append(y[i] - slope * (t[i] - newest.seconds))
        }
        carried.sort()
        let level = carried[carried.count / 2]
        var sse = 0.0
        for i in t.indices {
            let r = y[i] - level - slope * (t[i] - newest.seconds)
            sse += r * r
        }
        return (slope, level, (sse / max(1, Double(t.count - 2))).squareRoot(), t.count)
    }

    /// Probe values of the points newer than `since`, oldest first.
    func probeSeries(since: Double) -> (seconds: [Double], celsius: [Double]) {
        let n = pointCount(since: since)
        var seconds = [Double](repeating: 0, count: n), celsius = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let g = recent(n - 1 - i)
            seconds[i] = g.seconds
            celsius[i] = g.probeCelsius
        }
        return (seconds, celsius)
    }

    /// Highest probe value among points newer than `since`.
    func maxProbe(since: Double) -> Double? {
        var m: Double? = nil
        for i in 0..<pointCount(since: since) {
            let g = recent(i)
            m = max(m ?? g.probeCelsius, g.probeCelsius)
        }
        return m
    }
}
