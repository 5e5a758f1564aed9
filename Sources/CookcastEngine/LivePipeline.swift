import CookcastCore
import CookcastIngest
import CookcastStore

/// The live flow: source -> decode -> **store** -> ETA -> alarms -> sinks.
///
/// Every reading is committed to the store before anything else looks at it (with `batchSize`
/// 1, one commit per reading; replays at full speed may batch, since the file is the original).
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
        /// Added to source times (a resumed session continues its own clock).
        public var timeOffsetSeconds: Double
        /// Link epoch of the first readings (incremented on every reconnect).
        public var initialLinkEpoch: Int
        /// Alarm thresholds.
        public var alarmRules: AlarmRules
        /// Wall-clock start of the session in ms since the Unix epoch (for `ended_at`).
        public var startedAtUnixMs: Int64

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

    private let store: SessionStore
    private let configuration: Configuration
    private let eta: (any ETAProvider)?
    private let sinks: [any LiveSink]
    private var alarms: AlarmEngine
    private var status: LiveStatus
    private var history = HistoryBuffer()
    private var pending: [Reading] = []
    private var linkEpoch: Int
    private var lastStatusBytes: [UInt8]?
    private var firedAlarms: [Alarm.Kind] = []
    private var wasDisconnected = false

    /// Creates a pipeline writing into `store`.
    public init(store: SessionStore, configuration: Configuration, eta: (any ETAProvider)?, sinks: [any LiveSink]) {
        self.store = store
        self.configuration = configuration
        self.eta = eta
        self.sinks = sinks
        self.alarms = AlarmEngine(rules: configuration.alarmRules)
        self.linkEpoch = configuration.initialLinkEpoch
        self.status = LiveStatus(
            sessionID: configuration.sessionID, elapsedSeconds: configuration.timeOffsetSeconds,
            connection: .searching, probeCelsius: [:], ambientCelsius: nil, batteryPercent: nil,
            targetCelsius: configuration.alarmRules.targetCelsius, eta: .collecting, readingCount: 0,
            decodeErrorCount: 0, duplicateCount: 0, disconnectCount: 0, history: [])
    }

    /// Runs until the source ends or the task is cancelled (Ctrl-C); closes the session cleanly either way.
    public func run<Source: ReadingSource>(_ source: Source) async throws -> LiveSummary {
        var ending = LiveSummary.Ending.sourceEnded
        do {
            for try await event in source {
                try process(event, decoder: source.decoder)
                if Task.isCancelled {
                    ending = .interrupted
                    break
                }
            }
        } catch is CancellationError {
            ending = .interrupted
        }
        if Task.isCancelled { ending = .interrupted }
        try flush()
        let end = status.elapsedSeconds
        try store.append(
            SessionEvent(elapsedSeconds: end, kind: .stopped, detail: ending.rawValue),
            session: configuration.sessionID)
        try store.finishSession(
            configuration.sessionID,
            endedAtUnixMs: configuration.startedAtUnixMs + Int64((end * 1000).rounded()))
        let summary = LiveSummary(
            sessionID: configuration.sessionID, ending: ending, readingsStored: status.readingCount,
            duplicates: status.duplicateCount, decodeErrors: status.decodeErrorCount,
            disconnects: status.disconnectCount, elapsedSeconds: end, alarms: firedAlarms)
        for sink in sinks { sink.finish(summary, status: status) }
        return summary
    }

    /// Handles one source event; internal so tests can drive the pipeline tick by tick.
    func process(_ event: SourceEvent, decoder: (any ProbeDecoder)?) throws {
        let t = event.elapsedSeconds + configuration.timeOffsetSeconds
        switch event {
        case .reading(let reading):
            try accept(reading.shifted(bySeconds: configuration.timeOffsetSeconds))
        case .packet(let bytes, _, let channel):
            guard let decoder else {
                try reject(DecodeError(.unexpectedLength, bytes: bytes), atSeconds: t)
                return
            }
            switch decoder.decode(bytes, elapsedSeconds: t, channel: channel) {
            case .reading(let reading): try accept(reading)
            case .status(let s):
                if s.bytes != lastStatusBytes {
                    lastStatusBytes = s.bytes
                    try flush()
                    try store.append(
                        SessionEvent(
                            elapsedSeconds: t, kind: .probeStatus, channel: channel,
                            detail: Hex.string(from: s.bytes)),
                        session: configuration.sessionID)
                }
            case .failure(let error): try reject(error, atSeconds: t)
            }
        case .connection(let state, _, let detail):
            try flush()
            status.connection = state
            status.elapsedSeconds = max(status.elapsedSeconds, t)
            switch state {
            case .connected:
                if wasDisconnected { linkEpoch += 1 }
                wasDisconnected = false
                try store.append(
                    SessionEvent(elapsedSeconds: t, kind: .connected, detail: detail ?? ""),
                    session: configuration.sessionID)
            case .disconnected:
                wasDisconnected = true
                status.disconnectCount += 1
                try store.append(
                    SessionEvent(elapsedSeconds: t, kind: .disconnected, detail: detail ?? ""),
                    session: configuration.sessionID)
            case .searching, .connecting, .ended:
                break
            }
            for alarm in alarms.checkSilence(atSeconds: t) { try raise(alarm) }
            emit(.connection(state, detail: detail))
        }
    }

    private func accept(_ reading: Reading) throws {
        // Stored first: nothing else sees a reading before it is committed (or batched, for replays).
        if configuration.batchSize == 1 {
            guard try store.append(reading, session: configuration.sessionID, linkEpoch: linkEpoch) else {
                status.duplicateCount += 1
                return
            }
        } else {
            pending.append(reading)
            if pending.count >= configuration.batchSize { try flush() }
        }
        status.readingCount += 1
        status.elapsedSeconds = max(status.elapsedSeconds, reading.elapsedSeconds)
        if let p = reading.probeCelsius { status.probeCelsius[reading.channel] = p }
        if let a = reading.ambientCelsius { status.ambientCelsius = a }
        if let b = reading.batteryPercent { status.batteryPercent = b }
        history.add(reading)
        status.history = history.points
        for alarm in alarms.observe(reading) { try raise(alarm) }
        if let eta {
            eta.update(with: reading)
            status.eta = eta.estimate(atSeconds: reading.elapsedSeconds)
            for fit in eta.fitsToStore(atSeconds: reading.elapsedSeconds) {
                try flush()
                try store.append(fit, session: configuration.sessionID)
            }
            // Only a fitted model's finish may raise "ETA near": early prior-based finishes swing.
            let remaining = status.eta.isConfident ? status.eta.finishSeconds.map { $0 - reading.elapsedSeconds } : nil
            for alarm in alarms.observeRemaining(seconds: remaining, atSeconds: reading.elapsedSeconds) {
                try raise(alarm)
            }
            for verdict in eta.doneVerdicts(atSeconds: reading.elapsedSeconds) {
                let t = reading.elapsedSeconds
                for alarm in alarms.observeDone(channel: verdict.channel, atSeconds: t, message: verdict.message) {
                    try raise(alarm)
                }
            }
        }
        emit(.reading(reading))
    }

    private func reject(_ error: DecodeError, atSeconds t: Double) throws {
        status.decodeErrorCount += 1
        try flush()
        try store.append(
            SessionEvent(elapsedSeconds: t, kind: .decodeError, detail: error.description),
            session: configuration.sessionID)
        emit(.decodeError(error))
    }

    private func raise(_ alarm: Alarm) throws {
        firedAlarms.append(alarm.kind)
        try flush()
        try store.append(
            SessionEvent(
                elapsedSeconds: alarm.elapsedSeconds, kind: .alarm, channel: alarm.channel,
                detail: "\(alarm.kind.rawValue): \(alarm.message)"),
            session: configuration.sessionID)
        emit(.alarm(alarm))
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        let inserted = try store.append(pending, session: configuration.sessionID, linkEpoch: linkEpoch)
        let duplicates = pending.count - inserted
        status.duplicateCount += duplicates
        status.readingCount -= duplicates
        pending.removeAll(keepingCapacity: true)
    }

    private func emit(_ event: LiveEvent) {
        for sink in sinks { sink.handle(event, status: status) }
    }
}
