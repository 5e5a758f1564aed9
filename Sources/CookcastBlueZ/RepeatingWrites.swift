import CookcastCore

/// A profile's writes that are made again while connected (`every_s` in `Models/probes.json`:
/// the iBBQ's battery request, which it answers once per request, so over a 12-hour cook the
/// battery shown and its alarm would otherwise stay where the connect left them). The link's
/// streaming loop wakes at least every 100 ms and calls `makeDue`; nothing runs in between.
struct RepeatingWrites {
    private struct Entry {
        let write: ProbeProfile.Write
        let path: String
        let period: Duration
        var next: ContinuousClock.Instant
    }

    private var entries: [Entry]

    /// The repeating writes of `setup` whose characteristic the device shows, each first due one
    /// period after `start` (the connect made them once already).
    init(_ setup: ProfileSetup, start: ContinuousClock.Instant) {
        entries = setup.profile.writes.compactMap { write in
            guard let seconds = write.everySeconds, let path = setup.path(of: write.characteristicUUID) else {
                return nil
            }
            let period = Duration.milliseconds(Int64((min(max(seconds, 0.1), 86_400) * 1000).rounded()))
            return Entry(write: write, path: path, period: period, next: start + period)
        }
    }

    /// Whether there is anything to repeat.
    var isEmpty: Bool { entries.isEmpty }

    /// Makes every write due by `now`, once each however late (a loop held up does not make a
    /// burst), and schedules its next one a period later.
    mutating func makeDue(_ bus: DBusConnection, now: ContinuousClock.Instant) {
        for index in entries.indices where entries[index].next <= now {
            let entry = entries[index]
            entries[index].next = now + entry.period
            // A refused write is tried again a period later: the data keeps flowing meanwhile, and
            // a link that is gone says so with its own signals, which end the loop.
            try? ProfileSetup.writeValue(entry.write.bytes, to: entry.path, on: bus)
        }
    }
}
