import CookcastCore

extension LivePipeline {
    /// Everything received and not stored once the database stopped the run (a lock or a full
    /// disk given up on, any other failure), in the order received: the pending batch, the write
    /// in hand, and what waits in a real-time source's queue (packets decoded as they would have
    /// been, on the session's clock; probe status, decode errors and link changes as events).
    /// Closes the queue and empties it and the batch.
    func unsavedAfterGivingUp(decoder: (any ProbeDecoder)?) -> [LiveStorageError.Unsaved] {
        var unsaved: [LiveStorageError.Unsaved] = pending.map { .reading($0) }
        pending.removeAll()
        if let unsavedInHand { unsaved.append(unsavedInHand) }
        unsavedInHand = nil
        let offset = configuration.sourceShiftSeconds
        inbox?.close()
        for input in inbox?.drain() ?? [] {
            guard case .event(let event) = input else { continue }
            let t = event.elapsedSeconds + offset
            switch event {
            case .reading(let reading):
                unsaved.append(.reading(reading.shifted(bySeconds: offset)))
            case .packet(let bytes, _, let channel):
                let packet = decoder?.decode(bytes, elapsedSeconds: t, channel: channel)
                switch packet {
                case .reading, .readings: unsaved += packet?.readings.map { .reading($0) } ?? []
                case .status(let s):
                    unsaved.append(
                        .event(
                            SessionEvent(
                                elapsedSeconds: t, kind: .probeStatus, channel: channel,
                                detail: s.eventDetail)
                        ))
                case .failure(let error):
                    unsaved.append(
                        .event(SessionEvent(elapsedSeconds: t, kind: .decodeError, detail: error.description)))
                case nil:
                    let error = DecodeError(.unexpectedLength, bytes: bytes)
                    unsaved.append(
                        .event(SessionEvent(elapsedSeconds: t, kind: .decodeError, detail: error.description)))
                }
            case .connection(let state, _, let detail):
                switch state {
                case .connected:
                    unsaved.append(.event(SessionEvent(elapsedSeconds: t, kind: .connected, detail: detail ?? "")))
                case .disconnected:
                    unsaved.append(.event(SessionEvent(elapsedSeconds: t, kind: .disconnected, detail: detail ?? "")))
                case .searching, .connecting, .ended: break
                }
            }
        }
        return unsaved
    }
}
