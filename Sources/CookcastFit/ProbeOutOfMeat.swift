import CookcastCore

/// A probe that fell fast from its recent peak: out of the meat (lifted out to check, pulled into
/// the room) until it shows where it is. What it reads meanwhile says nothing about the meat: the
/// estimator keeps those readings out of the fit, its windows and the plateau watch, and calls the
/// probe `probe_out`. It is back in the meat:
/// - **where it was**: once it is within `fallCelsius` of the level it fell from again and has
///   settled there for `settleSeconds` (a probe's own sensor takes that long to climb the last
///   degrees), within `putBackCelsius` of that level or of where the meat has got to meanwhile
///   at the rate it was heating when the probe fell (`expectedRiseCelsius`). The fit goes on over
///   the gap, as over a dropout;
/// - **elsewhere**: settled further off that level (another spot of the meat), or heating again
///   in the meat from where it fell (pushed deeper: over `heatingCelsiusPerMinute` through the
///   last `heatingWindowSeconds`, under hotter air). The fit restarts there, as for a probe put in.
/// - **put in at last**: a probe that had not been heating (it lay in the room from the start)
///   and fell, went into meat colder than the room: once it has settled (`settledSpreadCelsius`
///   over `settleSeconds`) the cook starts there. Taken for a probe out, it was `probe_out` for
///   50 minutes in a turkey from the fridge until its centre warmed by 0.1 C a minute.
///
/// Fed to the fit, a real ThermoPro probe lifted out into the room for six minutes (83 -> 22 C) and
/// put back (82 C) made the curve cross the target 1.5 minutes later, for 43 minutes to go, and
/// sounded "about 2 min to the target"; put into a spot 7 C colder, it swung the finish from 2 to
/// 10 hours and back. A probe that stayed out past the 10 minutes the peak is looked for over was
/// taken for meat again at the room's temperature.
struct ProbeOutOfMeat: Sendable {
    /// What a reading says about the probe.
    enum Verdict: Equatable {
        /// In the meat, as it was.
        case inMeat
        /// Out of the meat, or not settled back yet: the reading is no part of the cook.
        case out
        /// Back in the meat where it was: the fit goes on.
        case putBack
        /// Back in the meat somewhere else: the fit restarts at this reading.
        case elsewhere
        /// Put into the meat at last (it lay in the room before): the cook starts at this reading.
        case putIn
    }

    /// A reading more than this under the recent peak (Celsius; the highest grid point within
    /// `peakWindowSeconds`) is out of the meat: meat does not cool that fast.
    static let fallCelsius = 8.0
    /// How far back the recent peak is looked for, seconds.
    static let peakWindowSeconds = 600.0
    /// Settled back within this of the level it fell from (Celsius), the probe is where it was.
    static let putBackCelsius = 3.0
    /// How long a probe back in the meat is given to settle, seconds: a ThermoPro's climbed from
    /// 76 to 80 C in its first 10 s back and 82 C after a minute.
    static let settleSeconds = 60.0
    /// A probe whose peak stood less than this above its lowest point since it went in (Celsius)
    /// had not been heating: a fall is it going into colder meat.
    static let cookingRiseCelsius = 5.0
    /// Readings spread over at most this (Celsius) for `settleSeconds` have settled.
    static let settledSpreadCelsius = 0.5
    /// Heating again faster than this (Celsius a minute) through `heatingWindowSeconds`, under
    /// hotter air, a fallen probe is in the meat: pushed deeper or to a colder spot. Pulled out
    /// into the room, it falls towards the room's temperature instead.
    static let heatingCelsiusPerMinute = 0.1
    static let heatingWindowSeconds = 180.0
    /// The rate the meat was heating at is measured over the last 150-300 s of readings in it
    /// (`rateWindowSeconds` to twice that).
    static let rateWindowSeconds = 150.0

    /// The readings the meat's recent rate of rise (`riseRate`) is measured from, at constant cost
    /// a reading: the older anchor, the one that replaces it every `rateWindowSeconds`, and the
    /// latest reading in the meat (nil: none since the probe went in or came back).
    private var rateAnchor: (seconds: Double, celsius: Double)?
    private var rateMiddle: (seconds: Double, celsius: Double)?
    private var lastInMeat: (seconds: Double, celsius: Double)?
    /// The rate the meat was heating at when the probe fell, Celsius a second, and when it fell.
    private var fellRiseRate = 0.0
    private var fellAtSeconds = 0.0

    /// The recent peak the probe fell from, Celsius; nil while it is in the meat.
    private(set) var fellFromCelsius: Double?
    /// Whether it had been heating before it fell (else the fall is it going into the meat).
    private var fellWhileHeating = true
    /// The latest reading while out, Celsius.
    private(set) var latestCelsius: Double?
    /// When the probe came back within `fallCelsius` of the level it fell from, seconds.
    private var backSince: Double?
    /// The readings since the fall within the last `heatingWindowSeconds`.
    private var recent: [(seconds: Double, celsius: Double)] = []

    var isOut: Bool { fellFromCelsius != nil }
    /// Whether the probe is back near the level it fell from, settling before it is judged.
    var isSettling: Bool { backSince != nil }

    /// Whether a reading `p` is back within `fallCelsius` of the level the probe fell from.
    static func isBack(_ p: Double, nearLevel level: Double) -> Bool { level - p <= fallCelsius }

    /// Judges a probe reading. `recentPeakCelsius`: the highest grid point in the meat within
    /// `peakWindowSeconds` (nil: none to compare with, as while the probe settles into the meat at
    /// the start); `lowestCelsius`: the lowest grid point since the probe went in; `airCelsius`:
    /// the air around the meat, if known.
    mutating func observe(
        celsius p: Double, atSeconds t: Double, recentPeakCelsius peak: Double?, lowestCelsius: Double?,
        airCelsius: Double?
    ) -> Verdict {
        guard let from = fellFromCelsius else {
            guard let peak, peak - p > Self.fallCelsius else {
                recordInMeat(celsius: p, atSeconds: t)
                return .inMeat
            }
            fellFromCelsius = peak
            fellRiseRate = riseRate
            fellAtSeconds = lastInMeat?.seconds ?? t
            fellWhileHeating = lowestCelsius.map { peak - $0 >= Self.cookingRiseCelsius } ?? true
            latestCelsius = p
            recent = [(t, p)]
            return .out
        }
        latestCelsius = p
        recent.append((t, p))
        recent.removeAll { $0.seconds < t - Self.heatingWindowSeconds }
        if !fellWhileHeating, hasSettled(now: t) {
            back()
            return .putIn
        }
        guard Self.isBack(p, nearLevel: from) else {
            backSince = nil
            if heatingInMeat(airCelsius: airCelsius) {
                back()
                return .elsewhere
            }
            return .out
        }
        guard let since = backSince else {
            backSince = t
            return .out
        }
        guard t - since >= Self.settleSeconds else { return .out }
        back()
        let expected = from + expectedRiseCelsius(atSeconds: t)
        return p >= from - Self.putBackCelsius && p <= expected + Self.putBackCelsius ? .putBack : .elsewhere
    }

    /// How far the meat where the probe was has heated since the probe fell, at the rate it was
    /// heating then (Celsius; never over `peakWindowSeconds` of it). A probe lifted out of a bird
    /// heating 1 C a minute and put back after four minutes reads 3-4 C above the level it fell
    /// from: taken for another spot, the curve restarted on a few points late in the cook and put
    /// the finish at "now" with the probe 3 C short.
    func expectedRiseCelsius(atSeconds t: Double) -> Double {
        fellRiseRate * min(Self.peakWindowSeconds, max(0, t - fellAtSeconds))
    }

    /// The meat's recent rate of rise, Celsius a second (0 when it is not rising or not yet known):
    /// from the older anchor to the latest reading in the meat, 150-300 s apart.
    private var riseRate: Double {
        guard let a = rateAnchor, let b = lastInMeat, b.seconds - a.seconds >= 60 else { return 0 }
        return max(0, (b.celsius - a.celsius) / (b.seconds - a.seconds))
    }

    private mutating func recordInMeat(celsius p: Double, atSeconds t: Double) {
        lastInMeat = (t, p)
        guard let middle = rateMiddle else {
            rateAnchor = (t, p)
            rateMiddle = (t, p)
            return
        }
        if t - middle.seconds >= Self.rateWindowSeconds {
            rateAnchor = middle
            rateMiddle = (t, p)
        }
    }

    /// Whether the readings of the last `settleSeconds` (spanning most of it) lie within
    /// `settledSpreadCelsius`.
    private func hasSettled(now t: Double) -> Bool {
        let last = recent.filter { $0.seconds >= t - Self.settleSeconds }
        guard let first = last.first, t - first.seconds >= 0.8 * Self.settleSeconds else { return false }
        let values = last.map(\.celsius)
        return (values.max() ?? 0) - (values.min() ?? 0) <= Self.settledSpreadCelsius
    }

    private mutating func back() {
        fellFromCelsius = nil
        fellWhileHeating = true
        latestCelsius = nil
        backSince = nil
        recent = []
        // Back in the meat, the rate is measured afresh from the readings there: a gap (or another
        // spot) between the anchors is no rate of the meat's.
        rateAnchor = nil
        rateMiddle = nil
        lastInMeat = nil
    }

    /// Whether the readings of the last `heatingWindowSeconds` rise like meat heating: a
    /// least-squares slope over `heatingCelsiusPerMinute` through 3 readings or more spanning two
    /// minutes at least, rising over them by 3 times their scatter about the line, under air
    /// hotter than the probe (unknown air: taken as hotter).
    private func heatingInMeat(airCelsius: Double?) -> Bool {
        guard recent.count >= 3, let first = recent.first, let last = recent.last,
            last.seconds - first.seconds >= 120
        else { return false }
        guard let line = ReadingLine(recent), let slope = line.slopeCelsiusPerSecond,
            slope * 60 > Self.heatingCelsiusPerMinute
        else { return false }
        let n = Double(recent.count), meanT = line.meanSeconds, meanC = line.meanCelsius
        // A rise, not the scatter of a probe lying in the room (a ThermoPro's: +-0.7 C).
        var sse = 0.0
        for r in recent {
            let e = r.celsius - meanC - slope * (r.seconds - meanT)
            sse += e * e
        }
        let scatter = recent.count > 2 ? (sse / (n - 2)).squareRoot() : 0
        guard slope * (last.seconds - first.seconds) >= 3 * scatter else { return false }
        return airCelsius.map { $0 > last.celsius } ?? true
    }
}
