import CookcastCore
import CookcastIngest
import Foundation

/// What the user told `cookcast import` beyond the files themselves.
public struct ImportOptions: Sendable {
    /// Cut of every cook imported (`--cut`), over any cut guessed from a file; normalised through
    /// `catalog`.
    public var cut: String?
    /// Target in degrees Celsius (`--target`); overrides any target in the file.
    public var targetCelsius: Double?
    /// Session name (`--name`); overrides names taken from the file.
    public var name: String?
    /// Offset of the exporting device's clock from UTC in seconds (`--utc-offset`); nil = the
    /// rules of `zoneOffsetSeconds` at the cook's date.
    public var utcOffsetSeconds: Int?
    /// The zone of wall-clock exports when no offset is given: its offset from UTC, seconds, at a
    /// Unix time (seconds). By default the C library's local zone (`LocalTimeZone`: `TZ` as
    /// `date` reads it, else `/etc/localtime`).
    public var zoneOffsetSeconds: @Sendable (Int64) -> Int
    /// ThermoPro probe number that was in the pit (`--pit-probe N`); nil = detect.
    public var pitProbe: Int?
    /// Start time for formats with no wall clock (Tappecue, canonical CSV); nil = the file's
    /// modification time.
    public var startedAtUnixMs: Int64?
    /// Known cuts, for normalising names and recognising cuts named in files; nil = names are
    /// only lower-cased and `_`-joined.
    public var catalog: CutCatalog?
    /// Unit of the temperatures in files whose format does not say (`--input-unit`: iGrill,
    /// Tappecue); nil = Celsius. Formats that state their unit ignore it, with a note.
    public var inputUnit: TemperatureUnit?
    /// The decoder of a hex packet log's packets (`--profile NAME [--pit-probe N]`: the profile's,
    /// the pit probe read as the air); nil: the seed probe's.
    public var packetDecoder: (any ProbeDecoder)?
    /// What a cook read from a hex packet log stores as its `probeId` (`profile:ibbq`, as `live`
    /// stores a session recorded with that profile); nil: none.
    public var packetProbeId: String?

    /// Options; all default to "not given".
    public init(
        cut: String? = nil, targetCelsius: Double? = nil, name: String? = nil, utcOffsetSeconds: Int? = nil,
        zoneOffsetSeconds: @escaping @Sendable (Int64) -> Int = LocalTimeZone.utcOffsetSeconds(atUnixSeconds:),
        pitProbe: Int? = nil, startedAtUnixMs: Int64? = nil,
        catalog: CutCatalog? = nil, inputUnit: TemperatureUnit? = nil
    ) {
        self.cut = cut
        self.targetCelsius = targetCelsius
        self.name = name
        self.utcOffsetSeconds = utcOffsetSeconds
        self.zoneOffsetSeconds = zoneOffsetSeconds
        self.pitProbe = pitProbe
        self.startedAtUnixMs = startedAtUnixMs
        self.catalog = catalog
        self.inputUnit = inputUnit
    }

    /// A temperature as written in a file whose format does not state its unit, in Celsius:
    /// converted from `inputUnit` (`--input-unit f`), as is without it. The readers of such formats
    /// (iGrill, Tappecue) convert each value as they parse it, so everything that looks at the
    /// values after (insertion detection, pit alignment, the range checks) sees Celsius.
    func celsius(fromFileValue value: Double) -> Double { (inputUnit ?? .celsius).celsius(from: value) }

    /// The clock for wall-clock exports.
    var clock: LocalClock { LocalClock(fixedOffsetSeconds: utcOffsetSeconds, zoneOffsetSeconds: zoneOffsetSeconds) }

    /// The canonical form of a cut name the user gave: the catalog's name when known, else the
    /// normalised text.
    func normalizedCut(_ name: String) -> String {
        catalog?.profile(named: name)?.name ?? CutCatalog.normalized(name)
    }

    /// The cut a free-text label names (`Pulled Pork`, `Beef Sirloin Rare`, `roast-chicken`), if
    /// the catalog knows it: the whole label, else the longest run of its words that is a known
    /// name or alias. Needs a catalog.
    func cut(fromLabel label: String) -> String? {
        guard let catalog else { return nil }
        let words = label.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.lowercased() }
        guard !words.isEmpty else { return nil }
        for length in stride(from: words.count, through: 1, by: -1) {
            for start in 0...(words.count - length) {
                let key = words[start..<(start + length)].joined(separator: "_")
                if let p = catalog.profile(named: key) { return p.name }
            }
        }
        return nil
    }

    /// The cut to store: `--cut` when given (what the user says wins), else the cut the file's
    /// name or label suggests, which is only a default.
    func resolvedCut(fromFile fileCut: String?) -> String? {
        if let cut { return normalizedCut(cut) }
        return fileCut
    }

    /// The start time for files with no wall clock.
    func fallbackStartUnixMs(_ files: [ImportFile]) -> Int64 {
        startedAtUnixMs ?? files.compactMap(\.modifiedAtUnixMs).min() ?? 0
    }
}
