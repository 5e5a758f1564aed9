import CookcastCore
import Foundation

/// A `ReadingSource` reading lines from standard input (or any file handle) as they arrive.
///
/// Lines are `t_s HEX`, bare `HEX` (stamped with the wall-clock time since the source started),
/// either with a channel `chN` after it (0: a profile's settings characteristic), CSV rows (optionally after a header) or JSON objects, parsed like a replay file. Broken lines
/// and lines over 16 MiB are skipped and passed to `onIssue`. Emits `.connected` first and `.ended` at end of input.
/// The reader is a dedicated thread, since a blocking read must not hold a concurrency thread.
///
/// Resuming a session (`clock`), its times are on the session's clock: bare `HEX` lines and link
/// changes from where the session resumes, timed lines as `FeederClock` decides on the first ones
/// (said to `onNotice`). Times read as `FeedTimes` reads them; lines timed before an earlier one
/// are said in one line to `onWarning` as the input ends.
///
/// The reader runs at most `readAheadLimit` events ahead of the consumer, so input piped in faster
/// than it is stored waits in the pipe, not in memory. Packets are decoded by `decoder` (the
/// probe profile's, `live --stdin --profile ibbq`; the seed probe's by default).
public struct StdinSource: ReadingSource {
    public typealias Element = SourceEvent
    public typealias Failure = Never

    private let handle: FileHandle
    private let onIssue: (@Sendable (ReplayIssue) -> Void)?
    private let clock: FeederClock?
    private let onNotice: (@Sendable (String) -> Void)?
    private let onWarning: (@Sendable (String) -> Void)?
    private let readAheadLimit: Int
    private let packetDecoder: any ProbeDecoder
    private let readStop = ReadStop()

    /// Reads `fileHandle` (standard input by default); `onIssue` hears about each skipped line.
    /// `clock`: the session being resumed, whose clock the times are put on (nil: a new session).
    /// `readAheadLimit`: events read and not yet taken by the consumer, at most (at least 1).
    /// `decoder`: the probe's, for packet lines.
    public init(
        fileHandle: FileHandle = .standardInput, clock: FeederClock? = nil, readAheadLimit: Int = 1024,
        decoder: any ProbeDecoder = SeedProbeDecoder(), onIssue: (@Sendable (ReplayIssue) -> Void)? = nil,
        onNotice: (@Sendable (String) -> Void)? = nil, onWarning: (@Sendable (String) -> Void)? = nil
    ) {
        handle = fileHandle
        packetDecoder = decoder
        self.clock = clock
        self.readAheadLimit = readAheadLimit
        self.onIssue = onIssue
        self.onNotice = onNotice
        self.onWarning = onWarning
    }

    public var label: String { "stdin" }
    public var decoder: (any ProbeDecoder)? { packetDecoder }
    public var timesOnSessionClock: Bool { clock != nil }
    public var canWait: Bool { true }

    /// Stops reading standard input: the lines read so far are still emitted (a line cut in two
    /// by the stop is not a line), then the events end, without `.ended`; the rest stays in the pipe.
    public func stopReading() { readStop.stop() }

    /// The events of one reading of the handle; each one received lets the reader read one more.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var events: AsyncStream<SourceEvent>.Iterator
        let limit: ReadAheadLimit

        public mutating func next() async -> SourceEvent? {
            let event = await events.next()
            if event != nil { limit.giveBack() }
            return event
        }
    }

    /// Starts the reader thread; each iterator reads the handle anew (make one per session).
    public func makeAsyncIterator() -> AsyncIterator {
        // Unbounded, since the reader thread must never lose an event; `ReadAheadLimit` bounds it.
        let (stream, continuation) = AsyncStream<SourceEvent>.makeStream(bufferingPolicy: .unbounded)
        let limit = ReadAheadLimit(limit: readAheadLimit)
        continuation.onTermination = { _ in limit.abandon() }
        let handle = handle
        let onIssue = onIssue
        let onNotice = onNotice
        let onWarning = onWarning
        let clock = clock
        let decoder = packetDecoder
        let readStop = readStop
        let thread = Thread {
            let start = ContinuousClock.now
            var parser = ReplayLineParser(format: nil)
            var lineNumber = 0
            let resumeAt = clock?.resumeAtSeconds ?? 0
            var lastT = resumeAt
            var stamper = ReceptionStamper()
            var clock = clock
            func yield(_ e: SourceEvent) {
                lastT = Swift.max(lastT, e.elapsedSeconds)
                limit.take()
                continuation.yield(e)
            }
            /// Timed events go through the resumed session's clock, which holds the first few back
            /// until it knows whose clock they are on (and says so once).
            func yieldTimed(_ e: SourceEvent?) {
                guard var feeder = clock else { return e.map(yield) ?? () }
                let undecided = feeder.shiftSeconds == nil
                let ready =
                    e.map { feeder.take($0, reading: Self.reading(in: $0, decoder: decoder)) } ?? feeder.finish()
                if undecided, let note = feeder.note { onNotice?(note) }
                clock = feeder
                ready.forEach(yield)
            }
            yield(.connection(.connected, elapsedSeconds: resumeAt, detail: "reading standard input"))
            var feedTimes = FeedTimes()
            /// A timed line's event at its time in the feed (`FeedTimes`), or nil when refused.
            func placed(_ e: SourceEvent) -> SourceEvent? {
                let wasNoted = feedTimes.note != nil
                let placement = feedTimes.place(e.elapsedSeconds)
                if let refusal = placement.refusal {
                    onIssue?(ReplayIssue(path: "stdin", line: lineNumber, message: refusal))
                    return nil
                }
                if !wasNoted, let note = feedTimes.note { onNotice?("stdin \(note)") }
                return feedTimes.originSeconds == 0 ? e : e.shifted(bySeconds: -feedTimes.originSeconds)
            }
            func handleLine(_ bytes: ArraySlice<UInt8>) {
                lineNumber += 1
                let line = String(decoding: bytes, as: UTF8.self)
                switch parser.parse(Substring(line)) {
                case .event(let e): placed(e).map { yieldTimed($0) }
                case .untimedPacket(let bytes, let channel):
                    let elapsed = ContinuousClock.now - start
                    let t = stamper.stamp(receivedAtSeconds: elapsed.inSeconds)
                    yield(.packet(bytes: bytes, elapsedSeconds: resumeAt + t, channel: channel))
                case .skip: break
                case .issue(let message): onIssue?(ReplayIssue(path: "stdin", line: lineNumber, message: message))
                case .eventWithIssue(let e, let message):
                    onIssue?(ReplayIssue(path: "stdin", line: lineNumber, message: message))
                    placed(e).map { yieldTimed($0) }
                }
            }
            var splitter = LineSplitter(maximumLineBytes: Self.maximumLineBytes)
            func take(_ piece: LineSplitter.Piece) {
                switch piece {
                case .line(let bytes): handleLine(bytes)
                case .tooLong:
                    lineNumber += 1
                    onIssue?(ReplayIssue(path: "stdin", line: lineNumber, message: Self.longLineMessage))
                }
            }
            let descriptor = handle.fileDescriptor
            while let chunk = Self.nextChunk(of: descriptor, unless: readStop) {
                if chunk.isEmpty { break }
                splitter.feed(chunk, take)
            }
            let isStopped = readStop.isStopped
            // Stopped, the feeder may be writing the last line still: a part of it is no reading.
            if !isStopped { splitter.finish(take) }
            yieldTimed(nil)
            // Said once the count is known: a feeder's clock that went backwards (restarted, or
            // stepped back) stored its lines among the earlier ones, or not at all at a stored time.
            if let warning = feedTimes.backwardsWarning(source: "stdin") { onWarning?(warning) }
            if !isStopped {
                limit.take()
                continuation.yield(.connection(.ended, elapsedSeconds: lastT, detail: "end of input"))
            }
            continuation.finish()
        }
        thread.start()
        return AsyncIterator(events: stream.makeAsyncIterator(), limit: limit)
    }

    /// How often a reader waiting for input checks whether it is to stop, milliseconds.
    static let stopCheckMilliseconds: Int32 = 100

    /// The next bytes of `descriptor` (at most 64 KiB), waiting for them; empty at end of input
    /// (or on a read error), nil once `stop` is set, before anything more is read. A blocking read
    /// could not be stopped: it took lines out of the pipe after Ctrl-C that were then dropped.
    private static func nextChunk(of descriptor: Int32, unless stop: ReadStop) -> [UInt8]? {
        while true {
            if stop.isStopped { return nil }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, stopCheckMilliseconds)
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            if stop.isStopped { return nil }
            var bytes = [UInt8](repeating: 0, count: 64 * 1024)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return [] }
            return Array(bytes[0..<count])
        }
    }

    /// Bytes a line may have; a longer one is no reading (binary junk, a feeder gone wrong): it is
    /// skipped as it is read, never kept whole (`LineSplitter`), so memory stays bounded. Large enough that a
    /// megabyte-long bad packet is still decoded, shown and stored as a decode error.
    static let maximumLineBytes = 16 << 20

    /// What a skipped long line is reported with.
    static let longLineMessage = "line longer than \(maximumLineBytes >> 20) MiB, skipped"

    /// The reading `event` carries, decoded if it is a packet; nil for link changes and packets
    /// that are not readings.
    private static func reading(in event: SourceEvent, decoder: any ProbeDecoder) -> Reading? {
        switch event {
        case .reading(let reading): return reading
        case .packet(let bytes, let t, let channel):
            // A multi-probe packet's readings share its time: the first stands for them.
            return decoder.decode(bytes, elapsedSeconds: t, channel: channel).readings.first
        case .connection: return nil
        }
    }
}
