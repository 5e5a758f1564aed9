extension Duration {
    /// The duration in seconds as a `Double` (attosecond precision is more than a Double keeps).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
