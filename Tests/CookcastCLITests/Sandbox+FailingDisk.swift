import CookcastStore

extension Sandbox {
    /// Makes the sandbox's database and has it refuse every reading from `seconds` on with
    /// `message`, standing in for a failing disk (an error that is neither a lock nor a full disk,
    /// which `live` waits out, whatever its words).
    func refuseReadings(fromSeconds seconds: Int, saying message: String = "disk I/O error") throws {
        _ = try SessionStore(path: databasePath)
        try SQLiteConnection(path: databasePath).execute(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON readings WHEN NEW.t_ms >= \(seconds * 1000)
            BEGIN SELECT RAISE(ABORT, '\(message)'); END
            """)
    }
}
