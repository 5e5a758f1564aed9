/// How the live pipeline waits out a database that another connection keeps locked.
///
/// SQLite itself waits the store's busy timeout (5 s) for each write; when that is not enough,
/// the pipeline keeps the reading (and every later event, which queue up in the source, in
/// order) in memory and tries the same write again after `initialDelaySeconds`, doubling up to
/// `maxDelaySeconds`. It never drops or reorders a reading while the database is busy.
public struct BusyRetryPolicy: Sendable, Hashable {
    /// First pause after a write failed with `database is locked`, seconds (> 0).
    public var initialDelaySeconds: Double
    /// Longest pause between two attempts, seconds.
    public var maxDelaySeconds: Double
    /// After Ctrl-C, how long to keep trying before giving up on what is still unstored, seconds:
    /// an interrupted run must end even if another program never lets go of the lock.
    public var afterInterruptSeconds: Double

    /// Creates a policy.
    public init(initialDelaySeconds: Double = 0.5, maxDelaySeconds: Double = 10, afterInterruptSeconds: Double = 30) {
        self.initialDelaySeconds = max(0.001, initialDelaySeconds)
        self.maxDelaySeconds = max(self.initialDelaySeconds, maxDelaySeconds)
        self.afterInterruptSeconds = max(0, afterInterruptSeconds)
    }
}
