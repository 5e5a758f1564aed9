import CookcastCore
import CookcastIngest
import CookcastStore
import Foundation
import Testing

@testable import CookcastEngine

/// A scripted source of iBBQ packets (one notification, several probes), decoded by `decoder`.
struct ScriptedMultiProbeSource: ReadingSource {
    typealias Element = SourceEvent
    var events: [SourceEvent]
    var decoder: (any ProbeDecoder)?
    var label: String { "scripted-ibbq" }

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<SourceEvent>
        mutating func next() async -> SourceEvent? { remaining.popFirst() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: events[...]) }
}

/// Keeps the status the pipeline ends with.
final class FinalStatusSink: LiveSink, @unchecked Sendable {
    var status: LiveStatus?
    func handle(_ event: LiveEvent, status: LiveStatus) {}
    func finish(_ summary: LiveSummary, status: LiveStatus) { self.status = status }
}

/// One notification of a multi-probe thermometer stores a reading per plugged probe.
@Suite struct MultiProbePacketTests {
    func ibbq(_ celsius: [Double?], at t: Double) -> SourceEvent {
        .packet(bytes: IBBQDecoder.encodeRealtime(celsius: celsius), elapsedSeconds: t, channel: 1)
    }

    @Test func everyPluggedProbeIsStoredOnItsChannel() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for i in 0..<10 {
            // Probes 1 and 3 in the meat, socket 2 empty, probe 4 plugged in from the 5th packet.
            let t = Double(i)
            events.append(ibbq([20 + t, nil, 30 + t, i >= 5 ? 40 : nil], at: t))
        }
        events.append(.packet(bytes: [0x24, 0xA0, 0x0F, 0x98, 0x19, 0x00], elapsedSeconds: 10, channel: 0))
        let sink = FinalStatusSink()
        let summary = try await LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [sink])
            .run(ScriptedMultiProbeSource(events: events, decoder: IBBQDecoder()))

        #expect(summary.readingsStored == 25)
        #expect(summary.decodeErrors == 0)
        let stored = try store.readings(session: id)
        let byChannel = Dictionary(grouping: stored, by: \.channel)
        #expect(byChannel[1]?.count == 10)
        #expect(byChannel[2] == nil)
        #expect(byChannel[3]?.count == 10)
        #expect(byChannel[4]?.count == 5)
        #expect(abs((byChannel[3]?.last?.probeCelsius ?? 0) - 39) < 1e-9)
        #expect(stored.allSatisfy { $0.ambientCelsius == nil })
        #expect(try store.channels(session: id).map(\.channel).sorted() == [1, 3, 4])
        // The battery reply on the settings characteristic is the thermometer's battery.
        #expect(abs((sink.status?.batteryPercent ?? 0) - 61.05) < 0.01)
        #expect(
            try store.events(session: id).contains {
                $0.kind == .probeStatus && $0.detail == "battery 61 % (24A00F981900)"
            })
    }

    @Test func thePitProbeIsStoredAsTheAir() async throws {
        let (store, id, dir) = try temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var events: [SourceEvent] = [.connection(.connected, elapsedSeconds: 0, detail: nil)]
        for i in 0..<5 { events.append(ibbq([20 + Double(i), 120], at: Double(i))) }
        let decoder = PitChannelDecoder(base: IBBQDecoder(), pitChannel: 2)
        _ = try await LivePipeline(store: store, configuration: .init(sessionID: id), eta: nil, sinks: [])
            .run(ScriptedMultiProbeSource(events: events, decoder: decoder))

        let pit = try store.readings(session: id).filter { $0.channel == 2 }
        #expect(pit.count == 5)
        #expect(pit.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius == 120 })
        let roles = Dictionary(uniqueKeysWithValues: try store.channels(session: id).map { ($0.channel, $0.role) })
        #expect(roles[1] == .meat)
        #expect(roles[2] == .ambient)
    }
}
