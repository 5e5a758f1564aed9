/// Forecasts waiting for their due time, oldest first: the pending queue of `ForecastSkill` and
/// `FinishRevisions`. Bounded: past `capacity` the oldest is dropped; consumed entries are
/// compacted away in batches, so a grid step's cost stays flat however long the cook.
struct DueQueue<Element: Sendable>: Sendable {
    private var items: [(due: Double, element: Element)] = []
    private var head = 0
    /// Most entries kept waiting.
    let capacity: Int

    /// An empty queue holding at most `capacity` entries.
    init(capacity: Int) { self.capacity = capacity }

    /// Files `element`, to be taken once the time reaches `due`.
    mutating func append(_ element: Element, due: Double) {
        if items.count - head >= capacity { head += 1 }
        items.append((due, element))
        if head > 512 {
            items.removeFirst(head)
            head = 0
        }
    }

    /// How late an entry may be taken, seconds: a forecast is scored against what was seen when it
    /// came due, and one that came due in a gap of the data (a link down for an hour) has nothing
    /// to be scored against. Scored against the first reading after the gap, every forecast filed
    /// before it missed by the whole rise of the gap, and the 80 % band went back to past cooks'
    /// width for hours. Two probe readings a minute apart, a 30 s grid and a refresh are well
    /// within it.
    static var staleAfterSeconds: Double { 300 }

    /// The oldest entry due by `now`, removed; nil when none is due. Entries that came due more
    /// than `staleAfterSeconds` before `now` are dropped on the way.
    mutating func popDue(now: Double) -> Element? {
        while head < items.count, items[head].due < now - Self.staleAfterSeconds { head += 1 }
        guard head < items.count, items[head].due <= now else { return nil }
        head += 1
        return items[head - 1].element
    }
}
