/// A count with its noun in the singular or the plural, for messages: `1 reading`, `2 readings`,
/// `0 events`. Nouns here take an `s`.
///
/// ```swift
/// Counted.words(1, "bad packet")   // "1 bad packet"
/// ```
public enum Counted {
    /// `n` and `noun`, with an `s` unless `n` is 1.
    public static func words(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
