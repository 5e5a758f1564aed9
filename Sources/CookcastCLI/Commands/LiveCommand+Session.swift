import CookcastCore
import CookcastStore
import Foundation

/// The session a `live` run records into, with the lock that marks it as being recorded.
struct LiveSessionOpening {
    /// Session id.
    var id: Int64
    /// Session time zero, ms since the Unix epoch.
    var startedAtUnixMs: Int64
    /// Session seconds at which this run starts (0 for a new session).
    var offsetSeconds: Double
    /// The cuts and targets in force (a resumed session's own, unless given and different).
    var goals: ProbeGoals
    /// Whether the session holds readings from an earlier run.
    var isResumed: Bool
    /// Held for the whole run; `release()` it at the end.
    var lock: RecordingLock
    /// `link_epoch` of this run's first readings: a resumed run is a new link, the one after
    /// the last stored (it went back to 0, the cook's first link).
    var linkEpoch = 0
}

extension LiveCommand {
    /// Creates the session, or reopens `resumeID` after checking it can be continued: not an
    /// import, not being recorded right now by another `cookcast live` (its `RecordingLock` is
    /// held), with the session's own cut and target unless others are given. `probeId` (the
    /// profile the packets are decoded with, `PacketDecoding.probeId`) is stored with the session,
    /// so that resuming it decodes them alike.
    func openSession(label: String, store: SessionStore, resume resumeID: Int64?, probeId: String? = nil)
        throws(CLIError) -> LiveSessionOpening
    {
        let now = UTCTime.nowUnixMs()
        do {
            guard let resumeID else {
                let info = SessionInfo(
                    startedAtUnixMs: now, cut: goals.cut?.name, name: name, targetCelsius: goals.targetCelsius,
                    probeId: probeId, source: label, status: .active)
                let id = try waitingOutLocks {
                    // Channels are registered as they are heard, each with the role its first
                    // reading shows (a pit probe on channel 1 was stored as meat, named "probe"),
                    // but for probes given a cut or target of their own, which are in the meat.
                    try store.createSession(info, channels: goals.channels)
                }
                guard let lock = try RecordingLock.acquire(database: store.path, session: id) else {
                    throw CLIError.io("session \(id) was taken by another recorder as it was created")
                }
                try waitingOutLocks {
                    try store.append(SessionEvent(elapsedSeconds: 0, kind: .started, detail: label), session: id)
                }
                return LiveSessionOpening(
                    id: id, startedAtUnixMs: now, offsetSeconds: 0, goals: goals, isResumed: false, lock: lock)
            }
            guard var info = try waitingOutLocks({ try store.session(resumeID) }) else {
                throw CLIError.data("no session \(resumeID) to resume")
            }
            if info.status == .imported {
                throw CLIError(
                    "cannot resume session \(resumeID): it was imported (\(info.source)), not recorded by live; "
                        + "leave out --resume to record a new session",
                    exitCode: ExitCode.usage)
            }
            // A played cook (the simulator, a sample, a replay file) is not a probe's: `--stdin` or
            // `--probe` readings resumed into a killed `--simulate` session joined a simulated
            // cook, which `--resume` with the simulation itself is refused.
            if Self.isPlayed(info) {
                throw CLIError(
                    "cannot resume session \(resumeID): it was played from \(info.source), not recorded from a probe "
                        + "or stdin; leave out --resume to record a new session",
                    exitCode: ExitCode.usage)
            }
            // One cook, one probe: another probe's readings would join this cook's as its own.
            if label.hasPrefix(Self.probeLabelPrefix), info.source.hasPrefix(Self.probeLabelPrefix),
                info.source != label
            {
                let recorded = info.source.dropFirst(Self.probeLabelPrefix.count)
                throw CLIError(
                    "cannot resume session \(resumeID) with \(label.dropFirst(Self.probeLabelPrefix.count)): it was "
                        + "recorded from probe \(recorded); give --probe \(recorded), or leave out --resume to record "
                        + "a new session",
                    exitCode: ExitCode.usage)
            }
            guard let lock = try RecordingLock.acquire(database: store.path, session: resumeID) else {
                throw CLIError(
                    "cannot resume session \(resumeID): another cookcast live is recording it right now; "
                        + "stop that one first, or leave out --resume to record a new session",
                    exitCode: ExitCode.usage)
            }
            let (cut, target) = try resumedCutAndTarget(of: info)
            if cut?.name != info.cut || target != info.targetCelsius {
                context.console.errorLine(
                    "note: session \(resumeID) was \(describe(cut: info.cut, target: info.targetCelsius)); "
                        + "now \(describe(cut: cut?.name, target: target)), as given")
                info.cut = cut?.name
                info.targetCelsius = target
            }
            // `--name` renames it as `--cut`/`--target` change its goals, and says so: it was
            // silently left as it was.
            if let name, name != info.name {
                let was = info.name.map { "named '\($0)'" } ?? "unnamed"
                context.console.errorLine("note: session \(resumeID) was \(was); now named '\(name)', as given")
                info.name = name
            }
            let resumedGoals = try resumedChannelGoals(
                of: resumeID, cut: cut, targetCelsius: target, store: store)
            let last = try waitingOutLocks { try store.lastReadings(session: resumeID, limit: 1).last }
            let lastEvent = try waitingOutLocks { try store.events(session: resumeID).last }
            let offset = Self.resumeSeconds(
                lastReadingSeconds: last?.elapsedSeconds, lastEventSeconds: lastEvent?.elapsedSeconds,
                startedAtUnixMs: info.startedAtUnixMs, nowUnixMs: now)
            info.status = .active
            info.endedAtUnixMs = nil
            if let probeId { info.probeId = probeId }
            try waitingOutLocks { [info] in try store.updateSession(info) }
            try waitingOutLocks {
                try store.append(SessionEvent(elapsedSeconds: offset, kind: .resumed, detail: label), session: resumeID)
            }
            let lastEpoch = try waitingOutLocks { try store.lastLinkEpoch(session: resumeID) }
            return LiveSessionOpening(
                id: resumeID, startedAtUnixMs: info.startedAtUnixMs, offsetSeconds: offset, goals: resumedGoals,
                isResumed: true, lock: lock, linkEpoch: lastEpoch.map { $0 + 1 } ?? 0)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
    }

    /// How a probe's session source starts (`probe:AA:BB:CC:DD:EE:FF`, `BlueZSource.label`).
    static let probeLabelPrefix = "probe:"

    /// Opens the database as `CommandContext.openStore` does, waiting out a lock as opening a
    /// session does: a database of an earlier cookcast is upgraded as it opens, which needs the
    /// write lock, and `live` on a locked one exited 74 after 5 s ("database is locked") where a
    /// current one was waited out.
    func openStoreWaitingOutLocks() throws(CLIError) -> SessionStore {
        do {
            return try waitingOutLocks { try SessionStore(path: context.databasePath) }
        } catch {
            throw .io("\(error)")
        }
    }

    /// Runs one store call, waiting out a database another connection keeps locked (a `sqlite3`
    /// shell in a transaction) for up to `lockWaitSeconds`: nothing is read from the source before
    /// the session is open, so readings wait in the pipe or on the probe meanwhile. It gave up after
    /// SQLite's 5 s busy wait, and what a feeder had piped in was lost with the run.
    private func waitingOutLocks<T>(_ call: () throws -> T) throws -> T {
        let deadline = ContinuousClock.now + .seconds(Self.lockWaitSeconds)
        var said = false
        while true {
            do {
                return try call()
            } catch let error as SQLiteError where error.isBusy && ContinuousClock.now < deadline {
                if !said {
                    context.console.errorLine(
                        "note: the database is locked by another connection; waiting for it to open the session")
                    said = true
                }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }

    /// How long opening a session waits out a locked database, seconds.
    static let lockWaitSeconds = 600

    /// The session time a resumed recording starts at: the last stored reading's time plus the
    /// time the recorder was down. The session's clock is the wall clock since its start only for
    /// a source stamped on arrival; stdin lines carry their own times, and a cook fed at 9000 s
    /// of cook time seven wall seconds after its start resumed at 7 s (its `resumed` and
    /// `connected` events listed before the alarms of two hours in). So: the wall clock's time
    /// when that is later than the last reading, else 1 ms after it (a new first reading at the
    /// same time would be taken for a re-delivered duplicate); and never before the session's last
    /// event: a run stopped in a silence stamps its `stopped` on the wall clock after its last
    /// reading (a feed interrupted 6 s after its 100 s line stopped at 106 s), and the resume at
    /// 100.001 s was listed before the stop it followed.
    static func resumeSeconds(
        lastReadingSeconds: Double?, lastEventSeconds: Double?, startedAtUnixMs: Int64, nowUnixMs: Int64
    ) -> Double {
        let wall = max(0, Double(nowUnixMs - startedAtUnixMs) / 1000)
        return max(wall, lastReadingSeconds.map { $0 + 0.001 } ?? 0, lastEventSeconds ?? 0)
    }

    /// The session's own cut and target, unless the command line gives others: a new cut without
    /// a target brings its default target.
    private func resumedCutAndTarget(of info: SessionInfo) throws(CLIError) -> (CutProfile?, Double?) {
        let storedCut = try info.cut.flatMap { (name: String) throws(CLIError) -> CutProfile? in
            try context.models().cuts.profile(named: name)
        }
        let resumedCut = goals.cutGiven ? goals.cut : storedCut
        let newCut = goals.cutGiven && goals.cut?.name != info.cut
        if goals.targetGiven { return (resumedCut, goals.targetCelsius) }
        if newCut { return (resumedCut, goals.cut?.defaultTargetCelsius ?? info.targetCelsius) }
        return (resumedCut, info.targetCelsius ?? resumedCut?.defaultTargetCelsius)
    }

    /// A resumed session's probes' own cuts and targets, with those given now in their place
    /// (stored, and said). As for the session's: what is not given again is kept (a probe's own
    /// target alone lost its own cut), and a new cut without a target brings its usual target (its
    /// own cut given again replaced its own target by that).
    private func resumedChannelGoals(
        of session: Int64, cut: CutProfile?, targetCelsius: Double?, store: SessionStore
    ) throws -> ProbeGoals {
        let library = try context.models()
        var resumed = ProbeGoals(cut: cut, targetCelsius: targetCelsius, channelCuts: [:], channelTargetsCelsius: [:])
        let stored = try waitingOutLocks { try store.channels(session: session) }
        for channel in stored {
            if let name = channel.cut { resumed.channelCuts[channel.channel] = library.cuts.profile(named: name) }
            if let t = channel.targetCelsius { resumed.channelTargetsCelsius[channel.channel] = t }
        }
        for ch in Set(goals.channelCuts.keys).union(goals.channelTargetsGiven).sorted() {
            let before = stored.first { $0.channel == ch }
            let givenCut = goals.channelCuts[ch]
            let target: Double?
            if goals.channelTargetsGiven.contains(ch) {
                target = goals.channelTargetsCelsius[ch]
            } else if let givenCut, givenCut.name != before?.cut {
                target = givenCut.defaultTargetCelsius
            } else {
                target = before?.targetCelsius ?? givenCut?.defaultTargetCelsius
            }
            let given = ChannelInfo(
                channel: ch, name: before?.name ?? "probe \(ch)", role: before?.role ?? .meat,
                cut: givenCut?.name ?? before?.cut, targetCelsius: target)
            guard before?.cut != given.cut || before?.targetCelsius != given.targetCelsius else { continue }
            let sessionGoal = (cut: cut?.name, target: targetCelsius)
            context.console.errorLine(
                "note: probe \(ch) of session \(session) was "
                    + "\(describe(probeCut: before?.cut, target: before?.targetCelsius, session: sessionGoal)); "
                    + "now \(describe(probeCut: given.cut, target: given.targetCelsius, session: sessionGoal)), as given"
            )
            if let givenCut { resumed.channelCuts[ch] = givenCut }
            resumed.channelTargetsCelsius[ch] = target
            try waitingOutLocks { try store.setChannel(given, session: session) }
        }
        return resumed
    }

    private func describe(cut: String?, target: Double?) -> String {
        "\(cut ?? "no cut"), target \(target.map { context.unit.format(celsius: $0) } ?? "none")"
    }

    /// A probe's cut and target, its own or the session's (`session`) where it has none: "the
    /// session's: chicken, target 74.0 C", "turkey (the session's), target 72.0 C". A probe
    /// cooking to the session's chicken was said to have "no cut, target none".
    private func describe(probeCut: String?, target: Double?, session: (cut: String?, target: Double?)) -> String {
        guard probeCut != nil || target != nil else {
            return "the session's: \(describe(cut: session.cut, target: session.target))"
        }
        let cutText = probeCut ?? session.cut.map { "\($0) (the session's)" } ?? "no cut"
        let targetText =
            target.map { context.unit.format(celsius: $0) }
            ?? session.target.map { "\(context.unit.format(celsius: $0)) (the session's)" } ?? "none"
        return "\(cutText), target \(targetText)"
    }
}
