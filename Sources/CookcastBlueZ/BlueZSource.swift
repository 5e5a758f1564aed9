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

    public var label: String { "probe:\(options.address.uppercased())" }

    public func makeAsyncIterator() -> AsyncStream<SourceEvent>.Iterator {
        let (stream, continuation) = AsyncStream<SourceEvent>.makeStream(bufferingPolicy: .unbounded)
        let link = BlueZLink(options: options, decoder: decoder ?? SeedProbeDecoder(), environment: environment) {
            event in
            continuation.yield(event)
        }
        continuation.onTermination = { _ in link.stop() }
        let thread = Thread {
            link.run()
            continuation.finish()
        }
        thread.name = "cookcast.bluez"
        thread.start()
        return stream.makeAsyncIterator()
    }
}
