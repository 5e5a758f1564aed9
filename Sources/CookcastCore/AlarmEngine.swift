/// Decides when alarms fire. Pure: readings, link changes and ETAs come in with their times.
///
/// Each condition fires once when it becomes true and re-arms when it clears (hysteresis for
/// temperatures), so a cook is not buried in repeats. The target is watched per probe
/// (`ProbeTargetWatch`): reached on two readings in a row at or above it (one noisy reading a
/// tenth over is not the meat done; the ETA estimator's `done` asks the same), once a cook, and
/// never on a jump no meat heats at (the probe pulled out, which sounds `probeOut` instead);
/// "ETA near" stays quiet once every probe is there.
public struct AlarmEngine: Sendable {
    /// The thresholds in force.
    public var rules: AlarmRules
    /// The target watch of every channel that has reported a probe temperature.
    private var targetWatches: [Int: ProbeTargetWatch] = [:]
    /// The pit's air, from any channel.
    private var pitAir = PitAir()
    /// Probes whose "ETA near" fired and has not re-armed (key 0: the session's, no probe named).
    private var etaNearFired: Set<Int> = []
    private var ambientOutSince: Double?
    private var ambientAlarmActive = false
    /// Whether the ambient has been inside the expected range at least once.
    private var ambientReachedRange = false
    /// Channels whose battery alarm fired and has not cleared: each probe has its own battery (one
    /// session-wide flag, cleared by another probe's full battery, sounded the low one again at
    /// every other reading).
    private var lowBatteryChannels: Set<Int> = []
    private var silence = SilenceWatch()
    /// Each channel's own silence: one probe quiet while the others report is lost too.
    private var channelSilences: [Int: SilenceWatch] = [:]
    /// Probes with a target of their own not heard from yet: watched from the first reading of
    /// the session, so one that never reports is lost like one that went quiet.
    private var unheardChannels: Set<Int> = []
    private var startSeconds: Double?
    private var baseline = AmbientBaseline()

    /// The user's ambient range, else a band around the ambient this cook settled at.
    private var expectedAmbientRange: ClosedRange<Double>? {
        if let range = rules.ambientRangeCelsius { return range }
        guard let settled = baseline.settledCelsius else { return nil }
        let tolerance = AmbientBaseline.toleranceCelsius(around: settled)
        return (settled - tolerance)...(settled + tolerance)
    }

    /// How much faster than it rises now a probe would have to rise on average for an "ETA near"
    /// to be believed. Late in a cook the curve slows (a pan-seared steak's centre still sped up
    /// by half); a first fit from two minutes of a turkey said 6 minutes for 46 C to go at 0.75 C
    /// a minute, ten times the rate, and the alarm sounded 4 minutes into a 2.4-hour cook.
    public static let etaNearMaxRateRatio = 3.0

    /// How much of its rise, from its first reading to the target, every probe must have covered
    /// for an "ETA near": a steak's first fits said 7 minutes left 3.5 minutes into an 18-minute
    /// cook, at a sixth of its rise (ten minutes from the end it was at 43 %; a turkey is past 90 %).
    public static let etaNearMinimumProgress = 1.0 / 3

    /// Whether every probe still short of the target (or only `channel`'s) has covered
    /// `etaNearMinimumProgress` of its rise and can get there in `remaining` seconds at no more than
    /// `etaNearMaxRateRatio` times its recent rate (at least 0.1 C a minute). Right after a gap in
    /// a probe's readings, until those since span a minute, its rate since its first reading
    /// stands in: with no rate at all, the first fits after a ten-minute gap said 10 minutes for
    /// 44 C to go and a pork shoulder's "ETA near" sounded at 30 C.
    private func isPlausible(remaining: Double, channel only: Int? = nil) -> Bool {
        for (channel, watch) in targetWatches where !watch.hasEverReached && (only == nil || only == channel) {
            guard let target = rules.targetCelsius(channel: channel) else { continue }
            if let first = watch.firstCelsius, let latest = watch.latestCelsius, target > first,
                (latest - first) / (target - first) < Self.etaNearMinimumProgress
            {
                return false
            }
            guard let latest = watch.latestCelsius,
                let rate = watch.recentRiseCelsiusPerMinute ?? watch.averageRiseCelsiusPerMinute
            else { continue }
            let needed = (target - latest) / (remaining / 60)
            if needed > Self.etaNearMaxRateRatio * max(rate, 0.1) { return false }
        }
        return true
    }

    /// Whether the ambient is checked against `range` now. The first `ambientWarmupSeconds` are the
    /// pit coming up to heat, under any range: not news. A range the user gave is checked from the
    /// start above it, and from its first reading inside it (it waited out the warm-up even then,
    /// and a pit at 200 C for ten minutes against 90-150 C went unsaid).
    private mutating func isCheckingAmbient(t: Double, ambient: Double, range: ClosedRange<Double>) -> Bool {
        if range.contains(ambient) { ambientReachedRange = true }
        if t - (startSeconds ?? t) >= rules.ambientWarmupSeconds { return true }
        return rules.ambientRangeCelsius != nil && (ambientReachedRange || ambient > range.upperBound)
    }

    /// Whether every probe has reached its target in this cook (after which the meat rests, or
    /// comes out, and its probe cools).
    private var everyProbeReachedTarget: Bool {
        !targetWatches.isEmpty && targetWatches.values.allSatisfy(\.hasEverReached)
    }

    /// Creates an engine with `rules`.
    public init(rules: AlarmRules) { self.rules = rules }

    /// Feeds a stored reading; returns alarms that fire now.
    public mutating func observe(_ reading: Reading) -> [Alarm] {
        var fired: [Alarm] = []
        let t = reading.elapsedSeconds
        if startSeconds == nil {
            startSeconds = t
            // A probe given a target of its own is expected: not plugged in (or the wrong number
            // given), it was never said, and its target sounded for nothing.
            for ch in rules.channelTargetsCelsius.keys where ch != reading.channel {
                channelSilences[ch, default: SilenceWatch()].observeReading(atSeconds: t)
                unheardChannels.insert(ch)
            }
        }
        if unheardChannels.remove(reading.channel) != nil {
            // Heard at last: its usual interval is its own readings', not the wait for the first.
            channelSilences[reading.channel] = SilenceWatch()
        }
        if let last = silence.lastReadingSeconds,
            t - last > silence.lostAfterSeconds(minimumSeconds: rules.probeLostAfterSeconds)
        {
            // The whole source was quiet (reported or not): no probe was lost on its own in it.
            for ch in channelSilences.keys { channelSilences[ch]?.markReported() }
        }
        silence.observeReading(atSeconds: t)
        channelSilences[reading.channel, default: SilenceWatch()].observeReading(atSeconds: t)
        let air = pitAir.air(for: reading)
        if let target = rules.targetCelsius(channel: reading.channel), let probe = reading.probeCelsius {
            let channel = reading.channel
            // The pit's latest reading, from this probe or another channel, tells a probe pulled
            // into the pit from one pushed into hotter meat.
            switch targetWatches[channel, default: ProbeTargetWatch()].observe(
                celsius: probe, atSeconds: t, targetCelsius: target, airCelsius: air)
            {
            case .reached:
                fired.append(
                    Alarm(
                        kind: .targetReached, channel: channel, elapsedSeconds: t,
                        message: Self.probeReachedTargetMessage(channel: channel, targetCelsius: target)))
            case .jumpedOut where targetWatches[channel]?.hasReached != true:
                // Done, the meat comes off and the probe is pulled: that is the cook ending, not
                // news (the shipped roast chicken asked "is it out of the meat?" 3 minutes after
                // "reached 74.0 C"). Moved to another piece (the watch re-armed), it is news again.
                fired.append(
                    Alarm(
                        kind: .probeOut, channel: channel, elapsedSeconds: t,
                        message:
                            "probe \(channel) jumped above the target faster than meat heats: is it out of the meat?"))
            case .jumpedOut, .none: break
            }
        }
        if let ambient = reading.ambientCelsius {
            baseline.add(celsius: ambient, atSeconds: t)
            // Once every probe reached its target the cook is over: the pit opened to take the
            // meat out, or let die, is no news (every real cook had an "ambient below" alarm then).
            if let range = expectedAmbientRange, isCheckingAmbient(t: t, ambient: ambient, range: range),
                !everyProbeReachedTarget
            {
                if range.contains(ambient) {
                    ambientOutSince = nil
                    ambientAlarmActive = false
                } else {
                    let since = ambientOutSince ?? t
                    ambientOutSince = since
                    if !ambientAlarmActive, t - since >= rules.ambientGraceSeconds {
                        ambientAlarmActive = true
                        fired.append(
                            Alarm(
                                kind: .ambientOutOfRange, channel: reading.channel, elapsedSeconds: t,
                                message: ambientOutOfRangeMessage(
                                    ambientCelsius: ambient, range: range, minutes: Int((t - since) / 60))))
                    }
                }
            }
        }
        if let battery = reading.batteryPercent {
            fired += observeBattery(percent: battery, channel: reading.channel, atSeconds: t)
        }
        return fired
    }

    /// A battery level on its own (a status packet: an iBBQ's reply to its battery request on the
    /// settings channel, `ProbeProfile.settingsChannel`), under the same rule as a reading's:
    /// `batteryLow` once below `rules.batteryLowPercent`, again only after it was back 5 points
    /// above. On the settings channel the battery is the thermometer's, not a probe's: its alarm
    /// names no channel.
    public mutating func observeBattery(percent: Double, channel: Int, atSeconds t: Double) -> [Alarm] {
        if percent >= rules.batteryLowPercent + 5 { lowBatteryChannels.remove(channel) }
        guard percent < rules.batteryLowPercent, !lowBatteryChannels.contains(channel) else { return [] }
        lowBatteryChannels.insert(channel)
        let isDevice = channel == ProbeProfile.settingsChannel
        return [
            Alarm(
                kind: .batteryLow, channel: isDevice ? nil : channel, elapsedSeconds: t,
                message: "\(isDevice ? "thermometer" : "probe") battery low (\(Int(percent.rounded())) %)")
        ]
    }

    /// Checks for silence at `elapsedSeconds` (call on every tick and link change).
    public mutating func checkSilence(atSeconds elapsedSeconds: Double) -> [Alarm] {
        guard let last = silence.lastReadingSeconds,
            silence.lost(byElapsedSeconds: elapsedSeconds, minimumSeconds: rules.probeLostAfterSeconds) != nil
        else { return [] }
        return [
            Alarm(
                kind: .probeLost, channel: nil, elapsedSeconds: elapsedSeconds,
                message: "no reading for \(Int(elapsedSeconds - last)) s")
        ]
    }

    /// The target alarm's words when the probe's own readings reached the target, in Celsius as
    /// everything stored (displays convert): "probe 1 reached 95.0 C". The stored event said
    /// "probe 1 reached the target", and a target changed on resume left two identical lines.
    /// The target keeps every decimal it has (`TemperatureUnit.formatExactCelsius`): 200 F, stored
    /// as "93.3 C", was shown as "reached 199.9 F" to the cook who asked for 200 F.
    /// `ambient above the expected range for 5 min: 150.0 C (range 105.0 to 125.0 C)`: how hot
    /// the pit is and what was expected (it said neither). A range the cook gave is quoted with
    /// every decimal it has, as a target is (`--ambient-range 225:275` in Fahrenheit is 107.2 C
    /// and more, shown as 225.0 F); one from the level the cook settled at with one.
    private func ambientOutOfRangeMessage(ambientCelsius: Double, range: ClosedRange<Double>, minutes: Int) -> String {
        let side = ambientCelsius < range.lowerBound ? "below" : "above"
        func bound(_ celsius: Double) -> String {
            rules.ambientRangeCelsius == nil
                ? TemperatureUnit.celsius.format(celsius: celsius) : TemperatureUnit.formatExactCelsius(celsius)
        }
        return "ambient \(side) the expected range for \(minutes) min: "
            + "\(TemperatureUnit.celsius.format(celsius: ambientCelsius)) "
            + "(range \(bound(range.lowerBound).dropLast(2)) to \(bound(range.upperBound)))"
    }

    public static func probeReachedTargetMessage(channel: Int, targetCelsius: Double) -> String {
        "probe \(channel) reached \(TemperatureUnit.formatExactCelsius(targetCelsius))"
    }

    /// How a finished cook finished, from the estimate's words (`done: the probe reached 74.0 C`
    /// -> `the probe reached 74.0 C`); nil for words that are not a `done: ` verdict.
    public static func doneReason(_ message: String) -> String? {
        message.hasPrefix("done: ") ? String(message.dropFirst("done: ".count)) : nil
    }

    /// Feeds the estimator's verdict that one probe's meat is done, with its words (`done: ...`).
    /// A bath that holds the target brings the meat within a fraction of a degree of it, and the
    /// probe may never read the target itself: the target alarm then fires on this verdict, once.
    /// After the readings' own alarm, or for a probe out of the meat, it adds nothing.
    public mutating func observeDone(channel: Int, atSeconds elapsedSeconds: Double, message: String) -> [Alarm] {
        guard targetWatches[channel]?.markReached() == true else { return [] }
        let how = Self.doneReason(message) ?? message
        return [
            Alarm(
                kind: .targetReached, channel: channel, elapsedSeconds: elapsedSeconds,
                message: "probe \(channel) is done: \(how)")
        ]
    }

    /// Feeds a predicted remaining time in seconds; returns `etaNear` when it first drops low.
    /// - Parameter channel: the probe the time is for, named in a session of several; each probe
    ///   warns once (two chickens and a shoulder are three meats to take off). Nil: the session's
    ///   time, one warning for the cook.
    public mutating func observeRemaining(
        seconds remaining: Double?, channel: Int? = nil, atSeconds elapsedSeconds: Double
    ) -> [Alarm] {
        guard let remaining, remaining.isFinite else { return [] }
        // At its target (every probe, for the session's time): "minutes to the target" would
        // contradict that alarm.
        if let channel, targetWatches[channel]?.hasEverReached == true { return [] }
        if everyProbeReachedTarget { return [] }
        let key = channel ?? 0
        if remaining <= rules.etaNearSeconds, remaining > 0, !etaNearFired.contains(key),
            isPlausible(remaining: remaining, channel: channel)
        {
            etaNearFired.insert(key)
            // With several probes, which one: "about 10 min to the target" from probe 3 was shown
            // without a channel, and --on-alarm got probe 1's temperature for it.
            let probe = targetWatches.count > 1 ? channel : nil
            // Under half a minute left (meat rising fast past the warning's reach) is not "about 0 min".
            let minutes = Int((remaining / 60).rounded())
            let words = minutes == 0 ? "under a minute to the target" : "about \(minutes) min to the target"
            return [
                Alarm(
                    kind: .etaNear, channel: probe, elapsedSeconds: elapsedSeconds,
                    message: probe.map { "probe \($0): \(words)" } ?? words)
            ]
        }
        if remaining > rules.etaNearSeconds * 2 { etaNearFired.remove(key) }
        return []
    }
}

extension AlarmEngine {
    /// The channels silent past the `probeLost` limit at `elapsedSeconds` (more than
    /// `rules.probeLostAfterSeconds`, or three of the channel's usual intervals, since its last
    /// reading: the rule the alarm follows), each with its last reading's time; reported or not,
    /// and whether the whole source or the channel alone went quiet. The live ETA takes such a
    /// probe out of the session's: its last finish was pinning the cook's.
    ///
    /// - Parameter start: count the silence from here when it is later than the last reading
    ///   (a resumed recorder), as `observeSilence` does.
    public func silentChannels(atSeconds elapsedSeconds: Double, countingFrom start: Double? = nil) -> [Int: Double] {
        var silent: [Int: Double] = [:]
        for (ch, watch) in channelSilences {
            guard let last = watch.lastReadingSeconds else { continue }
            let from = max(last, start ?? last)
            // The usual interval (a sort) only once the minimum has passed: this runs every reading.
            guard elapsedSeconds > from + rules.probeLostAfterSeconds,
                elapsedSeconds > from + watch.lostAfterSeconds(minimumSeconds: rules.probeLostAfterSeconds)
            else { continue }
            silent[ch] = last
        }
        return silent
    }
}

extension AlarmEngine {
    /// Fires `probeLost` once the probe has been silent for more than `rules.probeLostAfterSeconds`
    /// of cook time, or three of its usual intervals (`SilenceWatch`), by `elapsedSeconds`, stamped when the silence reached that length (the last
    /// reading plus the limit), not when it was noticed: a timer, a link change, or the first
    /// reading after a gap in a replay may notice it late. Call it before feeding that reading.
    /// In a session of several channels, one that falls silent while the others report is lost
    /// on its own (the alarm names its channel) once they have reported past its limit.
    ///
    /// - Parameter start: count the silence from here when it is later than the last reading
    ///   (a resumed recorder: the time it was down itself is not the probe's silence).
    public mutating func observeSilence(untilSeconds elapsedSeconds: Double, countingFrom start: Double? = nil)
        -> [Alarm]
    {
        if let (due, limit) = silence.lost(
            byElapsedSeconds: elapsedSeconds, countingFrom: start, minimumSeconds: rules.probeLostAfterSeconds)
        {
            // Nothing at all came: one alarm for the source, which covers every probe's silence.
            for ch in channelSilences.keys { channelSilences[ch]?.markReported() }
            return [
                Alarm(
                    kind: .probeLost, channel: nil, elapsedSeconds: due,
                    message: "no reading for \(Int(limit.rounded())) s")
            ]
        }
        guard channelSilences.count > 1, let latest = silence.lastReadingSeconds else { return [] }
        // One probe quiet while the others report (unplugged, its wire broken): lost once the
        // others have reported past its limit, so a source that went quiet is not N alarms.
        var fired: [Alarm] = []
        for ch in channelSilences.keys.sorted() {
            // A probe whose meat is done and off the heat is unplugged as a matter of course: no
            // news (the live view keeps it `done`, not `lost`).
            guard targetWatches[ch]?.hasEverReached != true else { continue }
            guard let watch = channelSilences[ch], let last = watch.lastReadingSeconds,
                latest >= max(last, start ?? last)
                    + watch.lostAfterSeconds(minimumSeconds: rules.probeLostAfterSeconds),
                let (due, limit) = channelSilences[ch]?.lost(
                    byElapsedSeconds: elapsedSeconds, countingFrom: start, minimumSeconds: rules.probeLostAfterSeconds)
            else { continue }
            let words =
                unheardChannels.contains(ch)
                ? "not heard from since the start" : "no reading for \(Int(limit.rounded())) s"
            fired.append(Alarm(kind: .probeLost, channel: ch, elapsedSeconds: due, message: "probe \(ch): \(words)"))
        }
        return fired
    }
}
