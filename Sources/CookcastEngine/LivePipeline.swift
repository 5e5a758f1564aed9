import CookcastCore
import CookcastIngest
import CookcastStore

/// The live flow: source -> decode -> **store** -> ETA -> alarms -> sinks.
///
/// Every reading is committed to the store before anything else looks at it (with `batchSize`
/// 1, one commit per reading; replays at full speed may batch, since the file is the original).
/// A database locked by another connection, or a full disk, is waited out with the readings kept
/// in memory, in order (`BusyRetryPolicy`); any other storage failure ends the run with
/// `LiveStorageError`, which hands back what was received and not stored.
/// Decode errors are counted and logged as events; the session goes on.
///
/// ```
/// let pipeline = LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [dashboard])
/// let summary = try await pipeline.run(SimulatorSource(preset: .turkey, seed: 1))
/// ```
///
/// Not thread-safe: one task runs it (`@unchecked Sendable` only so that task can be cancelled from a signal handler).
public final class LivePipeline: @unchecked Sendable {
    /// Settings of one run.
    public struct Configuration: Sendable {
        /// Session the readings go into.
        public var sessionID: Int64
        /// Readings per transaction: 1 commits each reading as it arrives.
        public var batchSize: Int
        /// Where this run starts on the session's clock (a resumed session continues its own), and
        /// what is added to the source's times unless `sourceTimesOnSessionClock`.
        public var timeOffsetSeconds: Double
        /// Whether the source puts its times on the session's clock itself (a resumed `--stdin`,
        /// whose feeder may continue the session's clock: `FeederClock`).
        public var sourceTimesOnSessionClock = false
        /// Seconds added to the source's times.
        var sourceShiftSeconds: Double { sourceTimesOnSessionClock ? 0 : timeOffsetSeconds }
        /// Link epoch of the first readings (incremented on every reconnect).
        public var initialLinkEpoch: Int
        /// Alarm thresholds.
        public var alarmRules: AlarmRules
        /// Wall-clock start of the session in ms since the Unix epoch (for `ended_at`).
        public var startedAtUnixMs: Int64
        /// Whether the session holds readings of an earlier run (`live --resume`): they are taken
        /// into the ETA, the alarms and the view before the source starts, without showing them.
        public var isResumed = false
        /// Wall seconds between checks for a silent probe while no event arrives, for real-time
        /// sources (`--probe`, `--stdin`); nil checks only as events arrive (paced replays and
        /// simulations, whose clock is their events').
        public var silenceCheckIntervalSeconds: Double?
        /// How a database locked by another connection is waited out.
        public var busyRetry = BusyRetryPolicy()
        /// Hears one-line notices about the recording itself (database locked, writable again).
        public var onNotice: (@Sendable (String) -> Void)?
        /// Whether the user asked to stop waiting for a locked database after Ctrl-C (a second
        /// interrupt): what is not stored then is handed back in `LiveStorageError.unsaved`.
        public var isStopRequested: (@Sendable () -> Bool)?

        /// Creates a configuration.
        public init(
            sessionID: Int64, batchSize: Int = 1, timeOffsetSeconds: Double = 0, initialLinkEpoch: Int = 0,
            alarmRules: AlarmRules = AlarmRules(targetCelsius: nil), startedAtUnixMs: Int64 = 0
        ) {
            self.sessionID = sessionID
            self.batchSize = max(1, batchSize)
            self.timeOffsetSeconds = timeOffsetSeconds
            self.initialLinkEpoch = initialLinkEpoch
            self.alarmRules = alarmRules
            self.startedAtUnixMs = startedAtUnixMs
        }
    }

    let store: SessionStore
    let configuration: Configuration
    private let eta: (any ETAProvider)?
    private let sinks: [any LiveSink]
    private var alarms: AlarmEngine
    var status: LiveStatus
    private var history = HistoryBuffer()
    /// Latest battery level per channel, percent.
    private var batteryByChannel: [Int: Double] = [:]
    /// When the air on view was read: a reading that arrives late leaves the newer one shown.
    private var ambientReadAtSeconds = -Double.infinity
    /// Channels registered in the session's `channels` table by this run: each as it is first
    /// heard, so `show` and `export` know every probe and the pit by what it measures.
    private var registeredChannels: Set<Int> = []
    var pending: [Reading] = []
    var linkEpoch: Int
    private var lastStatusBytes: [UInt8]?
    private var firedAlarms: [Alarm.Kind] = []
    private var wasDisconnected = false
    /// The reason of the last failed try to reconnect since the link was last up, if stored.
    private var lastFailedTryDetail: String?
    /// The latest session time an event carried and when it was handled: session time now is
    /// that plus the wall time since (for the silence timer of real-time sources).
    private var clockAnchor: (seconds: Double, wall: ContinuousClock.Instant)
    /// A resumed run's start: silence is counted from here when later than the last reading.
    var resumedAtSeconds: Double?
    /// Why writes wait (the database locked, the disk full) and since when, while they do.
    var stall: (kind: Stall, since: ContinuousClock.Instant)?
    /// When a write first waited on a lock after Ctrl-C.
    var interruptedAt: ContinuousClock.Instant?
    /// The reading or event whose write is waiting for the database, if any.
    var unsavedInHand: LiveStorageError.Unsaved?
    /// The queue of a real-time source, while one runs (to count and save what waits in it).
    var inbox: LiveInbox?
    /// Stops taking in more of a real-time source (Ctrl-C, or storing given up): one that can
    /// wait stops reading and hands on what it read, another's queue is closed.
    var stopIntake: (() -> Void)?
    /// Whether the running source can wait for the pipeline (`ReadingSource.canWait`).
    var sourceCanWait = false
    /// Whether the source has ended or was stopped: what is left is stored and the run ends.
    var sourceHasEnded = false
    /// Whether nothing more will come in: the source ended, or its queue took its last input.
    var intakeHasEnded: Bool { sourceHasEnded || inbox?.isClosed == true }
    /// The running source's packet decoder (`ReadingSource.decoder`), for counting what waits.
    var packetDecoder: (any ProbeDecoder)?
    /// Events of a source that can wait (`ReadingSource.canWait`) queued at most, unless the
    /// database is locked: a day's log piped into `live --stdin` used to be read whole into the
    /// queue first (2 M lines, 170 MB).
    static let readAheadLimit = 1024

    /// Creates a pipeline writing into `store`.
    public init(store: SessionStore, configuration: Configuration, eta: (any ETAProvider)?, sinks: [any LiveSink]) {
        self.store = store
        self.configuration = configuration
        self.eta = eta
        self.sinks = sinks
        self.alarms = AlarmEngine(rules: configuration.alarmRules)
        self.linkEpoch = configuration.initialLinkEpoch
        self.clockAnchor = (configuration.timeOffsetSeconds, .now)
        self.status = LiveStatus(
            sessionID: configuration.sessionID, elapsedSeconds: configuration.timeOffsetSeconds,
            connection: .searching, probeCelsius: [:], ambientCelsius: nil, batteryPercent: nil,
            targetCelsius: configuration.alarmRules.targetCelsius, eta: eta == nil ? .noTarget : .collecting,
            readingCount: 0,
            decodeErrorCount: 0, duplicateCount: 0, disconnectCount: 0, history: [])
        status.channelTargetsCelsius = configuration.alarmRules.channelTargetsCelsius
    }

    /// Runs until the source ends or the task is cancelled (Ctrl-C); closes the session cleanly either way.
    ///
    /// - Throws: `LiveStorageError` when the database refuses a write for another reason than a
    ///   lock or a full disk, when a lock outlasts `BusyRetryPolicy.afterInterruptSeconds` after
    ///   Ctrl-C or `Configuration.isStopRequested` says to stop, or when the disk is still full at
    ///   Ctrl-C or once the source has ended (what was stored stays stored, what was received and
    ///   not stored is in its `unsaved`; the session stays active).
    public func run<Source: ReadingSource>(_ source: Source) async throws -> LiveSummary {
        var ending = LiveSummary.Ending.sourceEnded
        let end: Double
        packetDecoder = source.decoder
        sourceCanWait = source.canWait
        do {
            do {
                if configuration.isResumed { try await catchUpOnStoredReadings() }
                clockAnchor = (configuration.timeOffsetSeconds, .now)
                if let interval = configuration.silenceCheckIntervalSeconds {
                    try await runWithSilenceTimer(source, everySeconds: interval)
                } else {
                    for try await event in source {
                        try await process(event, decoder: source.decoder)
                        if Task.isCancelled { break }
                    }
                }
            } catch is CancellationError {
                ending = .interrupted
            }
            if Task.isCancelled { ending = .interrupted }
            sourceHasEnded = true
            try await flush()
            end = max(status.elapsedSeconds, sessionSecondsNow)
            try await storeEvent(
                SessionEvent(elapsedSeconds: end, kind: .stopped, detail: ending.rawValue),
                session: configuration.sessionID)
            try await storing {
                try store.finishSession(
                    configuration.sessionID,
                    endedAtUnixMs: configuration.startedAtUnixMs + SessionClock.milliseconds(seconds: end))
            }
        } catch let abandoned as StorageAbandoned {
            // Still locked after Ctrl-C, or still full: nothing can be stored; everything received goes back.
            throw stopped(reason: abandoned.reason, decoder: source.decoder, isLocked: abandoned.stall == .locked)
        } catch let error as SQLiteError {
            // Neither a lock nor a full disk: store what still can be, hand back the rest.
            try? flushOnce()
            throw stopped(reason: error.description, decoder: source.decoder)
        }
        let summary = LiveSummary(
            sessionID: configuration.sessionID, ending: ending, readingsStored: status.readingCount,
            duplicates: status.duplicateCount, decodeErrors: status.decodeErrorCount,
            disconnects: status.disconnectCount, elapsedSeconds: end, alarms: firedAlarms,
            conflicts: status.conflictCount)
        for sink in sinks { sink.finish(summary, status: status) }
        return summary
    }

    /// The run's end when the database stops it: what this run stored, and what it received and
    /// did not (`unsavedAfterGivingUp`).
    private func stopped(reason: String, decoder: (any ProbeDecoder)?, isLocked: Bool = false) -> LiveStorageError {
        let stored = status.readingCount - pending.count
        var error = LiveStorageError(
            sessionID: configuration.sessionID, readingsStored: stored, reason: reason,
            unsaved: unsavedAfterGivingUp(decoder: decoder))
        error.isLocked = isLocked
        return error
    }

    /// The source's events merged with a timer tick every `interval` wall seconds, so a probe
    /// that falls silent raises `probeLost` on time even though no event arrives.
    private func runWithSilenceTimer<Source: ReadingSource>(_ source: Source, everySeconds interval: Double)
        async throws
    {
        let inbox = LiveInbox(closesWhenCancelled: !source.canWait)
        self.inbox = inbox
        // A line read from standard input has left the pipe and nothing else holds it: the
        // source stops reading and what it read still comes in, to be stored or saved.
        let stopIntake = source.canWait ? { source.stopReading() } : { inbox.close() }
        self.stopIntake = stopIntake
        let reader = Task {
            do {
                for try await event in source {
                    // A source that can wait (a pipe) is read no faster than it is handled.
                    let taken =
                        source.canWait
                        ? await inbox.push(.event(event), waitingWhileAtLeast: Self.readAheadLimit)
                        : inbox.push(.event(event))
                    guard taken else { break }
                }
            } catch {
                inbox.push(.failed(error))
            }
            inbox.close()
        }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard inbox.push(.tick) else { break }
            }
        }
        defer {
            reader.cancel()
            ticker.cancel()
        }
        // After Ctrl-C the inbox takes nothing more, and what it received before is still
        // handled: stored (waiting for a locked database if need be) or saved by the caller.
        do {
            while let input = await inbox.next() {
                if Task.isCancelled { stopIntake() }
                try await handle(input, decoder: source.decoder)
            }
        } catch let error where source.canWait && (error is StorageAbandoned || error is SQLiteError) {
            // Storing has ended: what the source read comes into the queue, to be saved with it.
            stopIntake()
            inbox.liftLimit(true)
            await reader.value
            throw error
        }
        self.inbox = nil
        self.stopIntake = nil
    }

    /// Handles one input of a real-time source's queue.
    private func handle(_ input: LiveInput, decoder: (any ProbeDecoder)?) async throws {
        switch input {
        case .event(let event): try await process(event, decoder: decoder)
        case .tick:
            guard !Task.isCancelled else { return }
            let now = sessionSecondsNow
            try await checkSilence(atSeconds: now)
            // The view moves on in a silence: it stood at the last reading's time, its clock,
            // countdown and the reading's age frozen while the alarm said a minute had passed.
            var shown = status
            shown.elapsedSeconds = max(status.elapsedSeconds, now)
            for sink in sinks { sink.refresh(shown) }
        case .failed(let error): throw error
        }
    }

    /// Session time now: for a real-time source the latest event's time plus the wall time since
    /// (a recording stopped in a silence ended at its last reading, before the alarms of the
    /// silence); a paced source's clock is its events'.
    private var sessionSecondsNow: Double {
        guard configuration.silenceCheckIntervalSeconds != nil else { return status.elapsedSeconds }
        return clockAnchor.seconds + (ContinuousClock.now - clockAnchor.wall).inSeconds
    }

    /// Raises `probeLost` when the probe has been silent too long by session time `t`; the ETA
    /// then says the probe is lost before the alarm is shown (a whole source gone quiet brings no
    /// reading that would).
    private func checkSilence(atSeconds t: Double) async throws {
        let fired = alarms.observeSilence(untilSeconds: t, countingFrom: resumedAtSeconds)
        if !fired.isEmpty, let eta {
            let moment = eta.moment(atSeconds: t, lostChannels: lostChannels(atSeconds: t))
            status.eta = moment.snapshot
            status.probeETAs = moment.probes
        }
        for alarm in fired { try await raise(alarm) }
    }

    /// The probes silent past the probe-lost limit at `t`, each with its last reading's time.
    private func lostChannels(atSeconds t: Double) -> [Int: Double] {
        alarms.silentChannels(atSeconds: t, countingFrom: resumedAtSeconds)
    }

    /// Handles one source event; internal so tests can drive the pipeline tick by tick.
    func process(_ event: SourceEvent, decoder: (any ProbeDecoder)?) async throws {
        let t = event.elapsedSeconds + configuration.sourceShiftSeconds
        if t >= clockAnchor.seconds { clockAnchor = (t, .now) }
        switch event {
        case .reading(let reading):
            try await accept(reading.shifted(bySeconds: configuration.sourceShiftSeconds))
        case .packet(let bytes, _, let channel):
            guard let decoder else {
                try await reject(DecodeError(.unexpectedLength, bytes: bytes), atSeconds: t)
                return
            }
            let packet = decoder.decode(bytes, elapsedSeconds: t, channel: channel)
            switch packet {
            case .reading, .readings:
                // A multi-probe notification: each probe's reading is stored, then followed, in turn.
                for reading in packet.readings { try await accept(reading) }
            case .status(let s):
                if s.bytes != lastStatusBytes {
                    lastStatusBytes = s.bytes
                    try await flush()
                    try await storeEvent(
                        SessionEvent(
                            elapsedSeconds: t, kind: .probeStatus, channel: channel,
                            detail: s.eventDetail),
                        session: configuration.sessionID)
                }
                if let battery = s.batteryPercent {
                    // A battery of its own (an iBBQ's reply on the settings channel) is shown and
                    // watched like a reading's: without the alarm, a flat iBBQ never sounded it.
                    noteBattery(battery, channel: channel)
                    emit(.battery(percent: battery, channel: channel, elapsedSeconds: t))
                    for alarm in alarms.observeBattery(percent: battery, channel: channel, atSeconds: t) {
                        try await raise(alarm)
                    }
                }
            case .failure(let error): try await reject(error, atSeconds: t)
            }
        case .connection(let state, _, let detail):
            // A silence that ran out before this news is told first: replayed at full speed, a
            // probe lost at 01:00:33 was said after the link came back at 01:01:43.
            try await checkSilence(atSeconds: t)
            try await flush()
            let wasConnected = status.connection == .connected
            status.connection = state
            status.elapsedSeconds = max(status.elapsedSeconds, t)
            switch state {
            case .connected:
                status.hasConnected = true
                if wasDisconnected { linkEpoch += 1 }
                wasDisconnected = false
                lastFailedTryDetail = nil
                try await storeEvent(
                    SessionEvent(elapsedSeconds: t, kind: .connected, detail: detail ?? ""),
                    session: configuration.sessionID)
            case .disconnected:
                wasDisconnected = true
                // A refused or failed reconnect is stored with its reason, but it drops no link:
                // counted, a probe out of range overnight made hundreds of "disconnects".
                if wasConnected { status.disconnectCount += 1 }
                // A try that fails as the one before did is no change: a probe away overnight (a
                // try every 20 s) stored some 1,400 alike, and `show`'s last 50 events lost the
                // cook's alarms behind them. Stored again once the reason changes or after a link.
                let repeated = !wasConnected && detail == lastFailedTryDetail
                lastFailedTryDetail = wasConnected ? nil : detail
                if !repeated {
                    try await storeEvent(
                        SessionEvent(elapsedSeconds: t, kind: .disconnected, detail: detail ?? ""),
                        session: configuration.sessionID)
                }
            case .searching, .connecting, .ended:
                break
            }
            emit(.connection(state, detail: detail))
        }
        // Any event may be the first to notice a silence (a reading checks before it counts).
        try await checkSilence(atSeconds: t)
    }

    private func accept(_ reading: Reading) async throws {
        // Stored first: nothing else sees a reading before it is committed (or batched, for replays).
        if configuration.batchSize == 1 {
            let epoch = linkEpoch
            unsavedInHand = .reading(reading)
            let outcome = try await storing {
                try store.append(reading, session: configuration.sessionID, linkEpoch: epoch)
            }
            unsavedInHand = nil
            switch outcome {
            case .stored: break
            case .duplicate:
                status.duplicateCount += 1
                return
            case .setAside:
                // Other values at a stored time (a feeder's clock that went back): committed apart,
                // the stored one stays the curve the view, alarms and ETA follow.
                status.conflictCount += 1
                return
            }
            status.readingCount += 1
        } else {
            // Counted as it joins the batch, which a failed commit takes off whole (`pending`): it
            // was counted after, and a run stopped by a full disk said one reading fewer was stored.
            pending.append(reading)
            status.readingCount += 1
            if pending.count >= configuration.batchSize { try await flush() }
        }
        if !registeredChannels.contains(reading.channel) {
            let role: ChannelRole = reading.probeCelsius == nil ? .ambient : .meat
            let channel = ChannelInfo(
                channel: reading.channel, name: ChannelInfo.probeName(reading.channel, role: role), role: role)
            try await storing { try store.addChannel(channel, session: configuration.sessionID) }
            registeredChannels.insert(reading.channel)
            try await registerPitWithGoal(channel, atSeconds: reading.elapsedSeconds)
        }
        try await checkSilence(atSeconds: reading.elapsedSeconds)
        try await follow(reading, quietly: false)
        emit(.reading(reading))
    }

    /// A channel given a cut or target of its own is registered as meat before it is heard; one
    /// whose first reading shows only the air (and no meat reading of it is stored) is the pit, as
    /// any channel is registered by what it measures, and its goal is of no use: said, and stored
    /// as a note. It stayed meat: `show`, the JSON export and its import called the pit a probe.
    private func registerPitWithGoal(_ channel: ChannelInfo, atSeconds t: Double) async throws {
        guard channel.role == .ambient, configuration.alarmRules.channelTargetsCelsius[channel.channel] != nil,
            status.probeCelsius[channel.channel] == nil
        else { return }
        try await storing {
            try store.setRole(.ambient, name: channel.name, channel: channel.channel, session: configuration.sessionID)
        }
        let detail = "probe \(channel.channel) reads only the air (the pit), not meat: its own target is not used"
        configuration.onNotice?(detail)
        try await storing {
            try store.append(
                SessionEvent(elapsedSeconds: t, kind: .note, channel: channel.channel, detail: detail),
                session: configuration.sessionID)
        }
    }

    /// Everything after storage: the view, alarms and ETA take in a stored reading. `quietly`
    /// (a reading of an earlier run of a resumed session) brings their state up to date without
    /// raising, storing or showing anything, so the resumed run goes on as an uninterrupted one.
    func follow(_ reading: Reading, quietly: Bool) async throws {
        status.elapsedSeconds = max(status.elapsedSeconds, reading.elapsedSeconds)
        // A reading that arrives out of order (BLE, a resent stretch) is stored and followed, but
        // the view keeps the newest value: it showed the late one's, "(1m 45s ago)".
        let shownProbeSeconds = status.probeReadAtSeconds[reading.channel] ?? -.infinity
        if let p = reading.probeCelsius, reading.elapsedSeconds >= shownProbeSeconds {
            status.probeCelsius[reading.channel] = p
            status.probeReadAtSeconds[reading.channel] = reading.elapsedSeconds
        }
        if let a = reading.ambientCelsius, reading.elapsedSeconds >= ambientReadAtSeconds {
            status.ambientCelsius = a
            ambientReadAtSeconds = reading.elapsedSeconds
        }
        if let b = reading.batteryPercent { noteBattery(b, channel: reading.channel) }
        history.add(reading)
        status.history = history.points
        status.chartChannel = history.chartChannel
        var fired = alarms.observe(reading)
        if let eta {
            eta.update(with: reading)
            let t = reading.elapsedSeconds
            let moment = eta.moment(atSeconds: t, lostChannels: lostChannels(atSeconds: t))
            status.eta = moment.snapshot
            status.probeETAs = moment.probes
            if !quietly {
                for alarm in fired { try await raise(alarm) }
                fired = []
                for fit in moment.fitsToStore {
                    try await flush()
                    try await storing { try store.append(fit, session: configuration.sessionID) }
                }
            }
            // Only a fitted model's finish may raise "ETA near": early prior-based finishes swing.
            // Each probe warns for itself: two chickens and a shoulder are three meats to take off.
            for eta in moment.probes.isEmpty ? [status.eta] : moment.probes {
                let remaining = eta.isConfident ? eta.finishSeconds.map { $0 - reading.elapsedSeconds } : nil
                fired += alarms.observeRemaining(
                    seconds: remaining, channel: eta.channel, atSeconds: reading.elapsedSeconds)
            }
            for verdict in moment.doneVerdicts {
                fired += alarms.observeDone(channel: verdict.channel, atSeconds: t, message: verdict.message)
            }
        }
        if !quietly {
            for alarm in fired { try await raise(alarm) }
        }
    }

    /// Several probes, several batteries: the one to watch is the lowest (an iBBQ's battery
    /// reply is the whole thermometer's, on the settings channel).
    private func noteBattery(_ percent: Double, channel: Int) {
        batteryByChannel[channel] = percent
        status.batteryPercent = batteryByChannel.values.min()
    }

    private func reject(_ error: DecodeError, atSeconds t: Double) async throws {
        status.decodeErrorCount += 1
        try await flush()
        try await storeEvent(
            SessionEvent(elapsedSeconds: t, kind: .decodeError, detail: error.description),
            session: configuration.sessionID)
        emit(.decodeError(error, elapsedSeconds: t))
    }

    private func raise(_ alarm: Alarm) async throws {
        firedAlarms.append(alarm.kind)
        try await flush()
        try await storeEvent(
            SessionEvent(
                elapsedSeconds: alarm.elapsedSeconds, kind: .alarm, channel: alarm.channel,
                detail: "\(alarm.kind.rawValue): \(alarm.message)"),
            session: configuration.sessionID)
        emit(.alarm(alarm))
    }

    private func flush() async throws {
        try await storing { try flushOnce() }
    }

    /// Commits the pending batch in one transaction (nothing of it when that fails); its readings
    /// at a stored time with other values are set aside in it (`AppendOutcome.setAside`).
    func flushOnce() throws {
        guard !pending.isEmpty else { return }
        let tally = try store.append(pending, session: configuration.sessionID, linkEpoch: linkEpoch)
        status.duplicateCount += tally.duplicates
        status.conflictCount += tally.setAside
        status.readingCount -= tally.duplicates + tally.setAside
        pending.removeAll(keepingCapacity: true)
    }

    private func storeEvent(_ event: SessionEvent, session: Int64) async throws {
        unsavedInHand = .event(event)
        try await storing { try store.append(event, session: session) }
        unsavedInHand = nil
    }

    private func emit(_ event: LiveEvent) {
        for sink in sinks { sink.handle(event, status: status) }
    }
}
