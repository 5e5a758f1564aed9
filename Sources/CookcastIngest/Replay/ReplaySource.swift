import CookcastCore
import Foundation

/// A `ReadingSource` replaying a recorded cook file (label `replay:<file name>`, or the one given).
///
/// Emits `.connected` at 0, the file's events in order, then `.ended` at the last event's time.
/// Parse issues are available up front in `file.issues`.
public struct ReplaySource: ReadingSource {
    public typealias Element = SourceEvent
    public typealias Failure = Never

    /// The parsed file.
    public let file: ReplayFile
    /// The decoder of a hex log's packets: the probe profile's (`live --replay FILE --profile ibbq`).
    public let packetDecoder: any ProbeDecoder
    /// The session's source: `replay:<file name>`, or a shipped sample's `sample:NAME`.
    public let label: String
    /// The prefix of a replayed file's session source (`replay:cook.csv`).
    public static let labelPrefix = "replay:"

    /// Loads `path` (see `ReplayFile.load`); a hex log's packets are decoded by `decoder`. `label`
    /// replaces `replay:<file name>` (`sample:roast-chicken` for a shipped sample cook).
    public init(
        path: String, format: ReplayFormat? = nil, decoder: any ProbeDecoder = SeedProbeDecoder(), label: String? = nil
    ) throws {
        self.init(file: try ReplayFile.load(path: path, format: format), decoder: decoder, label: label)
    }

    /// Replays an already parsed file.
    public init(file: ReplayFile, decoder: any ProbeDecoder = SeedProbeDecoder(), label: String? = nil) {
        self.file = file
        packetDecoder = decoder
        self.label = label ?? Self.labelPrefix + URL(fileURLWithPath: file.path).lastPathComponent
    }

    public var decoder: (any ProbeDecoder)? { file.format == .hexLog ? packetDecoder : nil }

    /// Walks the file's events between the connection events.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let file: ReplayFile
        var position = -1

        public mutating func next() async -> SourceEvent? {
            defer { position += 1 }
            if position == -1 { return .connection(.connected, elapsedSeconds: 0, detail: "replay started") }
            if position < file.events.count { return file.events[position] }
            if position == file.events.count {
                return .connection(.ended, elapsedSeconds: file.lastElapsedSeconds, detail: "end of file")
            }
            return nil
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(file: file) }
}
