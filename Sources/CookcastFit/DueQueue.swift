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

    /// The oldest entry due by `now`, removed; nil when none is due.
    mutating func popDue(now: Double) -> Element? {
        guard head < items.count, items[head].due <= now else { return nil }
        head += 1
        return items[head - 1].element
    }
}
