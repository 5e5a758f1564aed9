/// What reading a batch of files file by file produced (`Importer.readEach`): the groups that
/// were read, and one error for each file or group that could not be.
public struct ImportBatch: Sendable {
    /// The groups read, in the order of their first file.
    public var groups: [ImportGroup]
    /// One error per file that could not be read or recognised, per group that could not be
    /// parsed, and per directory with no file in it.
    public var failures: [ImportError]

    /// A batch.
    public init(groups: [ImportGroup] = [], failures: [ImportError] = []) {
        self.groups = groups
        self.failures = failures
    }
}
