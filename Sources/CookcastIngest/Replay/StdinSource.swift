import CookcastCore
import Foundation

/// A `ReadingSource` reading lines from standard input (or any file handle) as they arrive.
///
/// Lines are `t_s HEX`, bare `HEX` (stamped with the wall-clock time since the source started),
/// CSV rows (optionally after a header) or JSON objects, parsed like a replay file. Broken lines
/// are skipped and passed to `onIssue`. Emits `.connected` first and `.ended` at end of input.
/// The reader is a dedicated thread, since a blocking read must not hold a concurrency thread.
public struct StdinSource: ReadingSource {
    public typealias Element = SourceEvent
    public typealias Failure = Never

    private let handle: FileHandle
    private let onIssue: (@Sendable (ReplayIssue) -> Void)?

    /// Reads `fileHandle` (standard input by default); `onIssue` hears about each skipped line.
    public init(fileHandle: FileHandle = .standardInput, onIssue: (@Sendable (ReplayIssue) -> Void)? = nil) {
        handle = fileHandle
        self.onIssue = onIssue
    }

    public var label: String { "stdin" }
    public var decoder: (any ProbeDecoder)? { SeedProbeDecoder() }

    public typealias AsyncIterator = AsyncStream<SourceEvent>.Iterator

    /// Starts the reader thread; each iterator reads the handle anew (make one per session).
    public func makeAsyncIterator() -> AsyncIterator {
        let (stream, continuation) = AsyncStream<SourceEvent>.makeStream(bufferingPolicy: .unbounded)
        let handle = handle
        let onIssue = onIssue
        let thread = Thread {
            let start = ContinuousClock.now
            var parser = ReplayLineParser(format: nil)
            var lineNumber = 0
            var lastT = 0.0
            var stamper = ReceptionStamper()
            var buffer: [UInt8] = []
            continuation.yield(.connection(.connected, elapsedSeconds: 0, detail: "reading standard input"))
            func handleLine(_ bytes: ArraySlice<UInt8>) {
                lineNumber += 1
                let line = String(decoding: bytes, as: UTF8.self)
                switch parser.parse(Substring(line)) {
                case .event(let e):
                    lastT = Swift.max(lastT, e.elapsedSeconds)
                    continuation.yield(e)
                case .untimedPacket(let bytes):
                    let elapsed = ContinuousClock.now - start
                    let t = stamper.stamp(receivedAtSeconds: elapsed.inSeconds)
                    lastT = Swift.max(lastT, t)
                    continuation.yield(.packet(bytes: bytes, elapsedSeconds: t, channel: 1))
                case .skip: break
                case .issue(let message): onIssue?(ReplayIssue(path: "stdin", line: lineNumber, message: message))
                case .eventWithIssue(let e, let message):
                    onIssue?(ReplayIssue(path: "stdin", line: lineNumber, message: message))
                    lastT = Swift.max(lastT, e.elapsedSeconds)
                    continuation.yield(e)
                }
            }
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(contentsOf: chunk)
                var lineStart = 0
                while let newline = buffer[lineStart...].firstIndex(of: 0x0A) {
                    handleLine(buffer[lineStart..<newline])
                    lineStart = newline + 1
                }
                buffer.removeFirst(lineStart)
            }
            if !buffer.isEmpty { handleLine(buffer[...]) }
            continuation.yield(.connection(.ended, elapsedSeconds: lastT, detail: "end of input"))
            continuation.finish()
        }
        thread.start()
        return stream.makeAsyncIterator()
    }
}
