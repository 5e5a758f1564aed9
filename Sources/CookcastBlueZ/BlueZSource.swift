import CookcastCore
import CookcastIngest
import Foundation

/// A BLE probe through BlueZ: link changes and notification packets as `SourceEvent`s.
///
/// The link runs on its own thread (libdbus is blocking) and reconnects by itself after a
/// disconnect, so one cook stays one session; the source ends only when its consumer stops.
public struct BlueZSource: ReadingSource {
    public typealias Element = SourceEvent

    /// How to reach the probe.
    public let options: BlueZLinkOptions
    /// Environment for the system bus address.
    public let environment: [String: String]
    public let decoder: (any ProbeDecoder)?

    /// A source for the probe at `options.address`, decoded with `decoder`.
    public init(
        options: BlueZLinkOptions, decoder: any ProbeDecoder = SeedProbeDecoder(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.options = options
        self.decoder = decoder
        self.environment = environment
    }

    public var label: String { Self.label(address: options.address) }

    /// The session source of the probe at `address`: `probe:AA:BB:CC:DD:EE:FF`.
    public static func label(address: String) -> String { "probe:\(address.uppercased())" }

    /// The links this source started that have not stopped yet, and their `Disconnect` on stop.
    private let runningLinks = DispatchGroup()
    private let linkFailure = BlueZLinkFailure()

    /// Why the link gave up, if it did: the probe's resolved services lack the pinned data
    /// characteristic (`--characteristic`, the profile's), or it cannot notify. The source then
    /// ends; retrying cannot mend a GATT table. Nil while it keeps (or kept) trying.
    public var failure: String? { linkFailure.message }

    /// Waits, up to `seconds`, until the links this source started have stopped, once their
    /// consumer has stopped reading, and their `Disconnect` on stop is made. A link stops LE
    /// discovery on its way out: a process that exits first (Ctrl-C during a wait) leaves the
    /// adapter discovering. Stopping takes at most a poll (0.2 s) and a `StopDiscovery` call;
    /// a `Connect` under way (up to 20 s) is cancelled with `Device1.Disconnect` from another
    /// connection, and a link that is up disconnected the same way. Returns whether they stopped
    /// in time.
    @discardableResult
    public func waitUntilStopped(upToSeconds seconds: Double) async -> Bool {
        let running = runningLinks
        // Off the cooperative pool: its threads are few, and the wait blocks.
        return await withCheckedContinuation { done in
            DispatchQueue.global().async {
                done.resume(returning: running.wait(timeout: .now() + .milliseconds(Int(seconds * 1000))) == .success)
            }
        }
    }

    public func makeAsyncIterator() -> AsyncStream<SourceEvent>.Iterator {
        let (stream, continuation) = AsyncStream<SourceEvent>.makeStream(bufferingPolicy: .unbounded)
        let running = runningLinks
        let link = BlueZLink(
            options: options, decoder: decoder ?? SeedProbeDecoder(), environment: environment, stopping: running,
            failure: linkFailure
        ) { event in
            continuation.yield(event)
        }
        continuation.onTermination = { _ in link.stop() }
        running.enter()
        let thread = Thread {
            link.run()
            continuation.finish()
            running.leave()
        }
        thread.name = "cookcast.bluez"
        thread.start()
        return stream.makeAsyncIterator()
    }
}
