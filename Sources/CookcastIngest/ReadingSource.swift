import CookcastCore

/// Anything that produces a cook's events: a BLE probe, a replay file, the simulator, stdin.
///
/// Sources emit events as fast as they have them, stamped with session time
/// (`SourceEvent.elapsedSeconds`); pacing for `--speed` is applied by `PacedSource`, so a replay
/// and a simulation can run at real time, accelerated, or flat out.
public protocol ReadingSource: AsyncSequence, Sendable where Element == SourceEvent {
    /// Short description for the dashboard and the session's `source` column, e.g. `simulate:turkey`.
    var label: String { get }
    /// The decoder for `.packet` events this source emits, nil if it only emits readings.
    var decoder: (any ProbeDecoder)? { get }
    /// Whether the source puts its times on a resumed session's clock itself (a resumed
    /// `--stdin`, see `FeederClock`); otherwise the pipeline adds where the session resumes.
    var timesOnSessionClock: Bool { get }
    /// Whether the source can wait for the pipeline (standard input: what is not read yet stays
    /// in the pipe), so it is read no faster than readings are stored; a probe's link cannot.
    var canWait: Bool { get }
    /// Stops reading new input (Ctrl-C): what was read already is still emitted, then the sequence
    /// ends. A source that can wait does so, so a line it took out of the pipe is stored, never dropped.
    func stopReading()
}

extension ReadingSource {
    /// A probe's, a replay's and the simulator's times count from this run's start.
    public var timesOnSessionClock: Bool { false }
    /// A probe's link cannot wait, nor can a paced source.
    public var canWait: Bool { false }
    /// A source that cannot wait is stopped by the pipeline taking nothing more from it.
    public func stopReading() {}
}
