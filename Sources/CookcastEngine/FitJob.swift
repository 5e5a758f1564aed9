import CookcastCore
import CookcastFit
import CookcastStore
import Dispatch
import Foundation

/// `cookcast fit`: refit stored cooks, store per-session parameters, learn per-cut priors, and
/// backtest (leave-one-out) with the same estimator the live pipeline runs.
public final class FitJob {
    /// One probe of a stored cook prepared for fitting, summarised as it was loaded, with the
    /// pit's air live gives it (`PitAir`). Its readings are not kept (a season held at once took
    /// 678 MB for 9.4 M readings); `backtest` reads them again, one probe at a time.
    public struct StoredCook: Sendable {
        public var sessionID: Int64
        public var info: SessionInfo
        /// The probe's cut: its own (`live --cut N=CUT`), else the session's; nil when unknown.
        public var cut: CutProfile?
        /// The probe's cut as stored (its own, else the session's), nil without one.
        public var cutName: String?
        /// The probe's channel.
        public var channel: Int
        /// How many probes the session has (channels with a probe reading; one for a Combustion,
        /// whose other channels are sensors of its one probe).
        public var probeCount: Int
        /// How many readings the channel has.
        public var readingCount: Int
        /// How many readings the session holds, every channel's (the pit's, the other probes',
        /// a Combustion's sensors'), of which this probe's `readingCount` are fitted.
        public var sessionReadingCount: Int
        /// Time of the channel's last reading, seconds since the session start (nil without any).
        public var lastSeconds: Double?
        /// `PriorSet.summarize` of the channel's readings, computed when it was loaded.
        public var summary: CookSummary
        /// The probe's target: its own, else the session's, else its cut's usual one.
        public var targetCelsius: Double
        /// When the probe first reached the target (session seconds), nil if it never did.
        public var finishSeconds: Double?
        /// The vendor's own live remaining-time prediction, if the import kept one.
        public var vendorRemaining: NamedSeries?
        /// Identifier used in reports, e.g. `s3`, or `s3p2` for probe 2 of a session of several.
        public var id: String { FitJob.cookID(session: sessionID, channel: channel, probeCount: probeCount) }
    }

    /// The id of one probe's summary and backtest case: `s3` for the one probe of session 3,
    /// `s3p2` for its probe 2 when it has several.
    /// Whether a `cookcast live` is recording session `id` now: `active`, and its recorder's lock
    /// held. A recorder killed (SIGKILL, a power cut) leaves its session `active` with no lock;
    /// that cook was skipped as "still being recorded" until someone resumed it, and never taught
    /// the priors anything.
    func isBeingRecorded(_ info: SessionInfo, id: Int64) throws -> Bool {
        guard info.status == .active else { return false }
        return try RecordingLock.isHeld(database: store.path, session: id)
    }

    public static func cookID(session: Int64, channel: Int, probeCount: Int) -> String {
        probeCount > 1 ? "s\(session)p\(channel)" : "s\(session)"
    }

    /// The cook a probe's summary belongs to when its session has several probes (`s3`), else nil.
    static func cookGroup(session: Int64, probeCount: Int) -> String? {
        probeCount > 1 ? "s\(session)" : nil
    }

    let store: SessionStore
    let catalog: CutCatalog
    /// The cooks the shipped priors were learned from (`Models/priors.json`'s `cooks`): priors are
    /// learned from them and the stored cooks together, so a user's first cook of a cut adds to
    /// what the shipped priors knew instead of replacing it.
    private let shippedCooks: [CookSummary]

    /// Creates the job over `store`, resolving cut names with `catalog`, learning from
    /// `shippedCooks` besides the stored cooks.
    public init(store: SessionStore, catalog: CutCatalog, shippedCooks: [CookSummary] = []) {
        self.store = store
        self.catalog = catalog
        self.shippedCooks = shippedCooks
    }

    /// The shipped cooks to learn from: those the database does not hold itself (a cook of the
    /// shipped set imported by the user has the same `contentHash`, and counts once, as the
    /// stored cook; in a backtest it is thereby never in its own priors). Their ids and groups
    /// are prefixed `shipped:`, apart from the stored cooks' `s3`. A recorded cook's summary
    /// (`recorded:` and its start) is the database's too when a session starts at that
    /// millisecond, imported ones included: a recorded cook's `export --format json`, imported,
    /// keeps its start but has a `content_hash`. With `learnedFrom`, only those sessions count as
    /// holding a shipped cook: one that is not learned from (imported with another target, which
    /// it never reached) left the cook counted by neither, and `fit` dropped the sous-vide prior.
    public func shippedCooksNotStored(learnedFrom: Set<Int64>? = nil) throws -> [CookSummary] {
        guard !shippedCooks.isEmpty else { return [] }
        var stored: Set<String> = []
        for id in try store.sessionIDs() where learnedFrom?.contains(id) ?? true {
            guard let info = try store.session(id) else { continue }
            stored.insert(Self.fingerprint(info))
            stored.insert(Self.recordedPrefix + String(info.startedAtUnixMs))
        }
        return shippedCooks.filter { $0.contentHash.map { !stored.contains($0) } ?? true }.map { cook in
            var c = cook
            c.id = "shipped:" + cook.id
            c.group = cook.group.map { "shipped:" + $0 }
            return c
        }
    }

    /// The fingerprint a stored cook's summaries carry (`CookSummary.contentHash`): an imported
    /// session's `content_hash` (or the one it holds as another session's, `same_cook_hash`), else
    /// `recorded:` and the start of the session `live` recorded (to
    /// the millisecond, what tells a recorded session when its export is imported back). Without
    /// it a recorded cook's summary in a `fit --export-priors` file had none, and that file used as
    /// `priors.json` taught the same cook a second time at every later `fit`.
    public static func fingerprint(_ info: SessionInfo) -> String {
        info.contentHash ?? info.sameCookHash ?? recordedPrefix + String(info.startedAtUnixMs)
    }

    /// The sessions that hold a cook another session is learned from, each with that session's
    /// id. Sessions with one content hash (one carries it as `content_hash`, the others as
    /// `same_cook_hash`: `live --replay` of a file imported before, in either order) are one
    /// cook, learned from once: from the first of them in id order that has a target (its own,
    /// a probe's, or its cut's), so a file imported without a cut and replayed with one is
    /// learned from as replayed. Sessions with one head (`sameHeadSessions`: a part of a cook and
    /// the whole of it) are one cook too. Cooks cookcast played itself are never learned from,
    /// and are left aside.
    public func sameCookSessions() throws -> [Int64: Int64] {
        var holders: [String: [(id: Int64, info: SessionInfo)]] = [:]
        var learnable: [(id: Int64, info: SessionInfo)] = []
        for id in try store.sessionIDs() {
            guard let info = try store.session(id), !info.isPlayedByCookcast else { continue }
            learnable.append((id, info))
            guard let hash = info.contentHash ?? info.sameCookHash else { continue }
            holders[hash, default: []].append((id, info))
        }
        var counted: [Int64: Int64] = [:]
        for sessions in holders.values where sessions.count > 1 {
            let learned =
                try sessions.first { session in
                    let channels = try store.channels(session: session.id)
                    return Goals(info: session.info, channels: channels, catalog: catalog).hasAnyTarget
                }?.id ?? sessions[0].id
            for session in sessions where session.id != learned { counted[session.id] = learned }
        }
        // One head, one cook (`sameHeadSessions`): a part of a cook and the whole of it.
        for (id, learned) in try sameHeadSessions(learnable) where counted[id] == nil {
            counted[id] = learned
        }
        return counted
    }

    /// How a recorded cook's fingerprint begins: `recorded:1764556800000`.
    static let recordedPrefix = "recorded:"

    /// Loads the probes to learn from: every probe (channel with a probe reading) of the sessions
    /// (all when `sessionIDs` is empty), optionally only those of one cut (`ProbeSelection.ofCut`),
    /// that are not being recorded, each with the pit's air live gives it (`PitAir`:
    /// its own sensor, else the latest air any channel of the session read within 60 s), its own
    /// cut and target (`Goals`), and summarised (`PriorSet.summarize`) as soon as its session is
    /// read, the readings then released, so memory is one cook per worker, not the database. Only
    /// probes that reached their target are returned; the others are skips with their reason
    /// (target never reached, at the target from the start, no target), as are sessions left out
    /// whole (no target, no probe readings, still recording); a session with no probe selected is
    /// neither. A probe's id and group count every probe of its session, selected or not (`s3p1`).
    public func load(
        sessionIDs: [Int64], probes selection: ProbeSelection
    ) throws -> (cooks: [StoredCook], skipped: [FitSkip]) {
        let ids = sessionIDs.isEmpty ? try store.sessionIDs() : sessionIDs
        // Metadata first (cheap), then the readings of every cook in parallel, each worker on its
        // own read-only connection (WAL lets readers run side by side), summarising the cook it
        // read before it reads the next: only what is summarised is kept.
        var plans: [(id: Int64, info: SessionInfo, goals: Goals, onlyChannel: Int?)] = []
        var skipped: [FitSkip] = []
        let sameCook = try sameCookSessions()
        for id in ids {
            guard let info = try store.session(id) else {
                skipped.append(FitSkip(sessionID: id, reason: .notFound))
                continue
            }
            let channels = try store.channels(session: id)
            let goals = Goals(info: info, channels: channels, catalog: catalog)
            guard selection.mayInclude(goals) else { continue }
            // A cook being recorded has no end yet: the time it has run is not a time to target.
            // One its recorder left `active` when it was killed is learned from as it stands.
            guard try !isBeingRecorded(info, id: id) else {
                skipped.append(FitSkip(sessionID: id, reason: .stillRecording))
                continue
            }
            // The built-in simulator's cooks would teach the priors its own physics, not the
            // user's smoker (a `live --simulate` tried once went into every later turkey's prior);
            // a shipped sample would count a cook the shipped priors hold a second time.
            if let reason = FitSkip.Reason(playedByCookcast: info) {
                skipped.append(FitSkip(sessionID: id, reason: reason))
                continue
            }
            // A cook another session holds too is learned from there, once.
            if let other = sameCook[id] {
                skipped.append(FitSkip(sessionID: id, reason: .sameCook(as: other)))
                continue
            }
            // Said before the target: a pit alone has nothing to reach one.
            guard channels.isEmpty || channels.contains(where: { $0.role == .meat }) else {
                skipped.append(FitSkip(sessionID: id, reason: .noMeatProbe))
                continue
            }
            guard goals.hasAnyTarget else {
                skipped.append(FitSkip(sessionID: id, reason: .noTarget))
                continue
            }
            plans.append((id, info, goals, Self.onlyProbe(of: channels)))
        }
        let loaded = ResultSlots<(probeCount: Int, channels: [LoadedChannel])>(count: plans.count)
        let failures = ResultSlots<FitSkip>(count: plans.count)
        let path = store.path
        let shared = store
        let snapshot = plans
        // Longest cooks first (their counts come from the digests, no scan): `concurrentPerform`
        // hands its iterations out in order, and a long cook taken last kept one worker busy
        // alone long after the others had finished (4, 12 and 24 h cooks on two cores: 4 + 24 h
        // on one worker, 12 h on the other; longest first, 24 h against 12 + 4 h).
        let sizes = try plans.map { try store.summary(session: $0.id)?.readingCount ?? 0 }
        let order = plans.indices.sorted { (sizes[$0], $1) > (sizes[$1], $0) }
        DispatchQueue.concurrentPerform(iterations: snapshot.count) { k in
            let i = order[k]
            let plan = snapshot[i]
            do {
                let reader = path == ":memory:" ? shared : try SessionStore(path: path, readOnly: true)
                let (probeCount, probes) = try Self.probeReadings(
                    reader, session: plan.id, onlyChannel: plan.onlyChannel
                ) { selection.includes(channel: $0, goals: plan.goals) }
                guard probeCount > 0 else {
                    failures[i] = FitSkip(sessionID: plan.id, reason: .noProbeReadings)
                    return
                }
                let channels = probes.map { channel, readings in
                    // A probe with no target (no goal of its own, none for the session) is named.
                    guard let target = plan.goals.target(channel: channel) else {
                        return LoadedChannel(
                            channel: channel, readingCount: readings.count, lastSeconds: readings.last?.elapsedSeconds,
                            finish: nil, peakCelsius: .nan, summary: nil, hasTarget: false)
                    }
                    let finish = TargetCrossing.firstCrossingSeconds(readings, targetCelsius: target)
                    // Summarised only when it teaches a time to target (see below); the peak only
                    // when it does not, for the skip's message.
                    let summary = finish.flatMap { f -> CookSummary? in
                        guard f > 0 else { return nil }
                        var summary = PriorSet.summarize(
                            id: Self.cookID(session: plan.id, channel: channel, probeCount: probeCount),
                            readings: readings, targetCelsius: target, cut: plan.goals.cut(channel: channel),
                            finishSeconds: f)
                        summary.group = Self.cookGroup(session: plan.id, probeCount: probeCount)
                        return summary
                    }
                    let peak =
                        finish == nil ? TargetCrossing.peakInMeatCelsius(readings, targetCelsius: target) ?? .nan : .nan
                    return LoadedChannel(
                        channel: channel, readingCount: readings.count, lastSeconds: readings.last?.elapsedSeconds,
                        finish: finish, peakCelsius: peak, summary: summary)
                }
                loaded[i] = (probeCount, channels)
            } catch {
                failures[i] = FitSkip(sessionID: plan.id, reason: .failed("\(error)"))
            }
        }
        var cooks: [StoredCook] = []
        for (i, plan) in plans.enumerated() {
            guard let (probeCount, probes) = loaded[i] else {
                skipped.append(failures[i] ?? FitSkip(sessionID: plan.id, reason: .failed("not loaded")))
                continue
            }
            // Its probes are all of other cuts than the one asked for: nothing of it to say.
            guard !probes.isEmpty else { continue }
            let series = try store.series(session: plan.id)
            for probe in probes {
                let last = probe.lastSeconds
                let several = probeCount > 1
                guard probe.hasTarget, let target = plan.goals.target(channel: probe.channel) else {
                    skipped.append(
                        FitSkip(
                            sessionID: plan.id, reason: .noTarget, channel: probe.channel, lastSeconds: last,
                            isOneOfSeveralProbes: several))
                    continue
                }
                // Only a probe that reached its target teaches a time to target (an imported
                // shoulder pulled at 88 C against the cut's 95 C used to enter the priors with its
                // whole length).
                guard let finish = probe.finish else {
                    skipped.append(
                        FitSkip(
                            sessionID: plan.id,
                            reason: .targetNotReached(targetCelsius: target, peakCelsius: probe.peakCelsius),
                            channel: probe.channel, lastSeconds: last, isOneOfSeveralProbes: several))
                    continue
                }
                guard finish > 0, let summary = probe.summary else {
                    skipped.append(
                        FitSkip(
                            sessionID: plan.id, reason: .atTargetFromTheStart(targetCelsius: target),
                            channel: probe.channel, lastSeconds: last, isOneOfSeveralProbes: several))
                    continue
                }
                let vendor = series.first {
                    $0.name == NamedSeries.vendorPredictedRemainingSeconds && $0.channel == probe.channel
                }
                cooks.append(
                    StoredCook(
                        sessionID: plan.id, info: plan.info, cut: plan.goals.cut(channel: probe.channel),
                        cutName: plan.goals.cutName(channel: probe.channel), channel: probe.channel,
                        probeCount: probeCount, readingCount: probe.readingCount,
                        sessionReadingCount: sizes[i], lastSeconds: last,
                        summary: summary, targetCelsius: target, finishSeconds: finish, vendorRemaining: vendor))
            }
        }
        // Sessions in order, and a session's probes in channel order (the order of the list).
        skipped = skipped.enumerated().sorted { a, b in
            (a.element.sessionID, a.offset) < (b.element.sessionID, b.offset)
        }.map(\.element)
        return (cooks, skipped)
    }

    /// `load(sessionIDs:probes:)` of every probe, or of those of `cut` (`fit --cut`) when given.
    public func load(sessionIDs: [Int64], cut: String?) throws -> (cooks: [StoredCook], skipped: [FitSkip]) {
        try load(sessionIDs: sessionIDs, probes: cut.map(ProbeSelection.ofCut) ?? .every)
    }

    /// The one channel of a session that is a probe to learn from when its other channels are
    /// sensors along it (role `sensor`: a Combustion's thermistors and virtual surface next to its
    /// virtual core), else nil: every channel with a probe reading is a probe.
    static func onlyProbe(of channels: [ChannelInfo]) -> Int? {
        guard channels.contains(where: { $0.role == .sensor }) else { return nil }
        return channels.first { $0.role == .meat }?.channel
    }

    /// Every probe's readings of a session (only `onlyChannel`'s when given), of the probes
    /// `isKept` keeps, and how many probes the session has (kept or not): the channels with a
    /// probe reading, ascending, each with all its readings in time order and the pit's air as
    /// `SessionEstimator` gives it live (`PitAir` over every channel, in time order, ties by
    /// channel: a pit probe's air, another probe's own air sensor). A session of one channel is
    /// read through its primary key alone.
    static func probeReadings(
        _ store: SessionStore, session: Int64, onlyChannel: Int?, keeping isKept: (Int) -> Bool = { _ in true }
    ) throws -> (probeCount: Int, probes: [(channel: Int, readings: [Reading])]) {
        let channels = try store.readingChannels(session: session)
        let kept = channels.map(isKept)
        var byChannel: [[Reading]]
        var hasProbeReading: [Bool]
        if channels.count == 1 {
            var readings = try store.temperatureReadings(session: session, channel: channels[0])
            var pitAir = PitAir()
            for i in readings.indices {
                if let air = pitAir.air(for: readings[i]) { readings[i].ambientCelsius = air }
            }
            hasProbeReading = [readings.contains { $0.probeCelsius != nil }]
            byChannel = [kept[0] ? readings : []]
        } else {
            let slot = Dictionary(uniqueKeysWithValues: channels.enumerated().map { ($0.element, $0.offset) })
            byChannel = Array(repeating: [], count: channels.count)
            hasProbeReading = Array(repeating: false, count: channels.count)
            var pitAir = PitAir()
            _ = try store.cook(session, head: { _, _ in true }) { chunk in
                for var reading in chunk {
                    if let air = pitAir.air(for: reading) { reading.ambientCelsius = air }
                    guard let s = slot[reading.channel], onlyChannel == nil || onlyChannel == reading.channel else {
                        continue
                    }
                    if reading.probeCelsius != nil { hasProbeReading[s] = true }
                    // A probe not kept is only counted: its readings are not held.
                    if kept[s] { byChannel[s].append(reading) }
                }
                return true
            }
        }
        let probes = channels.indices.filter {
            (onlyChannel == nil || onlyChannel == channels[$0]) && hasProbeReading[$0]
        }
        return (probes.count, probes.filter { kept[$0] }.map { (channels[$0], byChannel[$0]) })
    }

    /// Stores what `load` found for each session it read, as the session's `cook_summary` rows in
    /// `fits`, one per probe (channel), replacing every one an earlier `fit` stored for the probes
    /// `load` was asked for (`selection`, the same): the fitted parameters of each probe that
    /// reached the target (`cooks`), and an `unfinished` row (no parameters) for each probe
    /// skipped because it never did (`skipped`), so that it no longer feeds the priors and is not
    /// fitted again as "never fitted". The session's other probes keep their rows (`fit --cut
    /// chicken` leaves a brisket probe of the same cook as it was). Returns the summaries of
    /// `cooks`, in their order.
    @discardableResult
    public func refit(
        _ cooks: [StoredCook], skipped: [FitSkip] = [], probes selection: ProbeSelection = .every
    ) throws -> [CookSummary] {
        var rows: [Int64: [FitRecord]] = [:]
        var order: [Int64] = []
        func add(_ fit: FitRecord, session: Int64) {
            if rows[session] == nil { order.append(session) }
            rows[session, default: []].append(fit)
        }
        for cook in cooks {
            let end = cook.finishSeconds ?? cook.lastSeconds ?? 0
            add(
                FitRecord(
                    elapsedSeconds: end, channel: cook.channel, model: PriorSet.modelName,
                    parameters: cook.summary.parameters, etaSeconds: cook.finishSeconds,
                    etaLowSeconds: nil, etaHighSeconds: nil,
                    phase: cook.finishSeconds == nil ? Self.unfinishedPhase : Self.donePhase),
                session: cook.sessionID)
        }
        for skip in skipped where skip.isUnfinishedCook {
            add(
                FitRecord(
                    elapsedSeconds: skip.lastSeconds ?? 0, channel: skip.channel ?? 1, model: PriorSet.modelName,
                    parameters: [:], etaSeconds: nil, etaLowSeconds: nil, etaHighSeconds: nil,
                    phase: Self.unfinishedPhase),
                session: skip.sessionID)
        }
        for session in order {
            let fits = (rows[session] ?? []).sorted { $0.channel < $1.channel }
            guard selection != .every else {
                try store.replaceFits(fits, model: PriorSet.modelName, session: session)
                continue
            }
            // The rows of the probes selected, stored before or now (a probe of the cut no longer
            // summarised loses its old row); every other probe's row stays as it was.
            var channels = Set(fits.map(\.channel))
            if let info = try store.session(session) {
                let goals = Goals(info: info, channels: try store.channels(session: session), catalog: catalog)
                let stored = try store.fits(session: session).filter { $0.model == PriorSet.modelName }
                channels.formUnion(stored.map(\.channel).filter { selection.includes(channel: $0, goals: goals) })
            }
            try store.replaceFits(fits, model: PriorSet.modelName, session: session, channels: channels)
        }
        return cooks.map(\.summary)
    }

    /// Phase of a stored summary that priors learn from (the cook reached its target).
    public static let donePhase = "done"
    /// Phase of a stored summary of a cook that never reached its target (not learned from).
    public static let unfinishedPhase = "unfinished"

    /// Sessions not being recorded with a probe that has no stored `cook_summary` (never fitted,
    /// or fitted before `fit` learned from every probe, when only the primary one was), ascending.
    /// A refit of some sessions fits these too, so that the priors learned from every stored
    /// summary cover every probe of every cook.
    public func unfittedSessionIDs() throws -> [Int64] {
        let fitted = try store.latestFitsByChannel(model: PriorSet.modelName)
        let sameCook = try sameCookSessions()
        return try store.sessionIDs().filter { id in
            guard sameCook[id] == nil, let info = try store.session(id), !info.isPlayedByCookcast,
                try !isBeingRecorded(info, id: id)
            else {
                return false
            }
            // Never fitted or not, only a probe with a target waits: a pit alone (an iGrill's
            // Ambient file) or a cook without any target was "unfitted" for ever.
            let summarised = Set((fitted[id] ?? []).map(\.channel))
            let channels = try store.channels(session: id)
            let goals = Goals(info: info, channels: channels, catalog: catalog)
            let only = Self.onlyProbe(of: channels)
            // A probe with no target is never summarised: it is not waiting to be.
            return try store.probeChannels(session: id).contains { channel in
                (only == nil || only == channel) && !summarised.contains(channel)
                    && goals.target(channel: channel) != nil
            }
        }
    }

    /// Loads and refits every session never fitted (`unfittedSessionIDs`) but those in `excluding`,
    /// so that priors learned after refitting some sessions still cover every stored cook.
    /// - Returns: the probes fitted (one entry per probe that reached its target) and the skips.
    public func refitNeverFitted(excluding: Set<Int64>) throws -> (cooks: [StoredCook], skipped: [FitSkip]) {
        let ids = try unfittedSessionIDs().filter { !excluding.contains($0) }
        // (An empty list would mean every session to `load`.)
        guard !ids.isEmpty else { return ([], []) }
        let (cooks, skipped) = try load(sessionIDs: ids, probes: .every)
        _ = try refit(cooks, skipped: skipped)
        return (cooks, skipped)
    }

    /// Learns per-cut priors (and one `generic`) from the stored summaries of EVERY probe that
    /// reached its target in a session not being recorded, each probe's summary counting as one
    /// cook, the probes just refitted (`refitted`) taking the place of what was stored for them
    /// (their session's other probes still count with theirs), and replaces the stored priors
    /// with them. A refit of some sessions or of one cut's probes thus changes the priors of their
    /// cuts and the generic one by what it changed, never narrows them to the probes refitted.
    /// The shipped cooks the database does not hold (`shippedCooksNotStored`) are learned from too;
    /// a session holding the same cook as another (`sameCookSessions`) is not.
    public func learnPriors(refitted: [StoredCook], nowUnixMs: Int64) throws -> LearnedPriors {
        let stored = try store.latestFitsByChannel(model: PriorSet.modelName)
        let fresh = Dictionary(grouping: refitted, by: \.sessionID)
        var summaries: [CookSummary] = []
        var learnedSessions: Set<Int64> = []
        // A cook two sessions hold counts once (its other session's summaries, stored by an
        // earlier `fit` or `live`, are passed over).
        let sameCook = try sameCookSessions()
        for id in try store.sessionIDs() where sameCook[id] == nil {
            var probes = (fresh[id] ?? []).map { cook in
                var summary = cook.summary
                summary.contentHash = Self.fingerprint(cook.info)
                return (channel: cook.channel, summary: summary)
            }
            let refittedChannels = Set(probes.map(\.channel))
            // Learned from: summaries of probes that reached their target, not being recorded.
            let done = (stored[id] ?? []).filter {
                $0.phase == Self.donePhase && !refittedChannels.contains($0.channel)
            }
            if !done.isEmpty, let info = try store.session(id), !info.isPlayedByCookcast,
                try !isBeingRecorded(info, id: id)
            {
                let rowCount = stored[id]?.count ?? 0
                let goals = Goals(info: info, channels: try store.channels(session: id), catalog: catalog)
                for fit in done {
                    let cut = goals.cut(channel: fit.channel)?.name ?? "generic"
                    let summary = CookSummary(
                        id: Self.cookID(session: id, channel: fit.channel, probeCount: rowCount), cut: cut,
                        parameters: fit.parameters, group: Self.cookGroup(session: id, probeCount: rowCount),
                        contentHash: Self.fingerprint(info))
                    probes.append((fit.channel, summary))
                }
            }
            guard !probes.isEmpty else { continue }
            // In channel order, the refitted probes' and the stored ones' alike.
            summaries += probes.sorted { $0.channel < $1.channel }.map(\.summary)
            learnedSessions.insert(id)
        }
        let storedCount = summaries.count
        let shipped = try shippedCooksNotStored(learnedFrom: learnedSessions)
        summaries += shipped
        let priors = PriorSet.learn(summaries, updatedAtUnixMs: nowUnixMs)
        try store.replacePriors(model: PriorSet.modelName, with: priors)
        return LearnedPriors(
            priors: priors, summaries: summaries, storedCount: storedCount, sessionCount: learnedSessions.count,
            shippedCount: shipped.count)
    }
}

/// What `FitJob.load` keeps of a cook's channel once its readings are released.
private struct LoadedChannel: Sendable {
    var channel: Int
    var readingCount: Int
    var lastSeconds: Double?
    /// When the probe first reached the target, nil if it never did.
    var finish: Double?
    /// The meat's highest reading (`TargetCrossing.peakInMeatCelsius`), for a cook that never
    /// reached its target (else NaN).
    var peakCelsius: Double
    /// The cook's summary when it teaches a time to target (`finish` > 0).
    var summary: CookSummary?
    /// Whether the probe has a target (its own, the session's or a cut's).
    var hasTarget = true
}

/// Fixed slots written by concurrent workers, each slot by exactly one worker.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }
}
