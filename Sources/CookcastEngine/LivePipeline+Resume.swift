import CookcastCore
import CookcastStore

extension LivePipeline {
    /// Takes in the readings an earlier run stored in this session (`Configuration.isResumed`),
    /// in time order, through `follow(_:quietly:)`: the ETA starts from the whole history, not
    /// from scratch, and alarms that already fired for this cook (target reached, ETA near) do
    /// not fire again. The silence that counts for `probeLost` starts at this run's start.
    func catchUpOnStoredReadings() async throws {
        var stored = try await storing { try store.readings(session: configuration.sessionID) }
        stored.sort { ($0.elapsedSeconds, $0.channel) < ($1.elapsedSeconds, $1.channel) }
        for reading in stored { try await follow(reading, quietly: true) }
        status.elapsedSeconds = max(status.elapsedSeconds, configuration.timeOffsetSeconds)
        resumedAtSeconds = configuration.timeOffsetSeconds
    }
}
