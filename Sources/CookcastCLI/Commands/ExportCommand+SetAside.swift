import CookcastCore
import CookcastStore

extension ExportCommand {
    /// `--set-aside`: the session's readings kept apart from its curve (`set_aside_readings`), in
    /// the canonical CSV, in time order (those at one time in the order received); only
    /// `--channel`'s when given. Few, so read whole. A session with none gets the header alone
    /// and a note.
    func writeSetAside(_ store: SessionStore, _ emit: (String) throws(CLIError) -> Void) throws {
        let kept = try store.setAsideReadings(session: sessionID, channel: channel)
        if kept.isEmpty {
            context.console.errorLine(
                "note: session \(sessionID) keeps no reading apart\(channel.map { " on channel \($0)" } ?? "")")
        }
        // A stable sort: readings at one time stay in the order received.
        let ordered = kept.enumerated().sorted {
            ($0.element.elapsedSeconds, $0.element.channel, $0.offset)
                < ($1.element.elapsedSeconds, $1.element.channel, $1.offset)
        }.map(\.element)
        let hasBattery = kept.contains { $0.batteryPercent != nil }
        let layout =
            channel != nil
            ? CanonicalCSV.Layout(multiChannel: false, hasBattery: hasBattery)
            : CanonicalCSV.Layout(channels: kept.isEmpty ? [1] : kept.map(\.channel), hasBattery: hasBattery)
        try emit(layout.header)
        if !ordered.isEmpty { try emit(layout.rows(ordered)) }
    }

    /// The note a CSV of the curve gets when the session also keeps readings apart: the file
    /// does not have them.
    func setAsideNote(_ kept: [Reading]) -> String {
        "note: session \(sessionID) also keeps \(Counted.words(kept.count, "reading")) apart from its curve "
            + "(received at a stored time with other values), not in this file: "
            + "cookcast export \(sessionID)\(channel.map { " --channel \($0)" } ?? "") --set-aside writes them"
    }
}
