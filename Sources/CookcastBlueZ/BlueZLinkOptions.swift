import CookcastCore

/// How `BlueZSource` finds and keeps the link to a probe.
public struct BlueZLinkOptions: Sendable, Hashable {
    /// Bluetooth address of the probe, e.g. `AA:BB:CC:DD:EE:FF`.
    public var address: String
    /// Pin the notify characteristic (full UUID or 16-bit short form like `fff4`); nil: discover it.
    public var characteristicUUID: String?
    /// The probe's profile (`Models/probes.json`): its data and settings notify characteristics
    /// and the writes made after every connect; nil: the seed probe's discovery, as always.
    public var profile: ProbeProfile?
    /// D-Bus address of the bus BlueZ is on; nil: the system bus (`DBUS_SYSTEM_BUS_ADDRESS` or default).
    public var busAddress: String?
    /// First wait before reconnecting, seconds (doubles each failure up to `reconnectMaxSeconds`).
    public var reconnectInitialSeconds: Double = 1
    /// Longest wait between reconnect attempts, seconds. A probe seen advertising ends the wait
    /// at once (discovery runs during it); this is the fallback for a probe BlueZ does not report
    /// (connectable without being discovered), and short: a `Connect` under way also notices it,
    /// BlueZ waiting for its advertisement, and tries cost nothing but an event each.
    public var reconnectMaxSeconds: Double = 5
    /// Shortest time between the starts of two tries, seconds, when an advertisement ends the
    /// wait: a probe that advertises but refuses connections is not hammered.
    public var reconnectSpacingSeconds: Double = 1
    /// How long to wait for `Connect` and for services to resolve, seconds.
    public var connectTimeoutSeconds: Double = 20
    /// How long to scan for a device BlueZ does not know yet, seconds.
    public var discoverySeconds: Double = 15

    /// Options for `address`.
    public init(
        address: String, characteristicUUID: String? = nil, busAddress: String? = nil, profile: ProbeProfile? = nil
    ) {
        self.address = address
        self.characteristicUUID = characteristicUUID
        self.busAddress = busAddress
        self.profile = profile
    }

    /// The data characteristic to subscribe to: `--characteristic`, else the profile's; nil: discover.
    var pinnedDataUUID: String? {
        characteristicUUID.map(ProbeProfile.fullUUID) ?? profile?.dataNotifyUUID
    }

    /// Whether a characteristic UUID matches the pinned one (short forms match the Bluetooth base UUID).
    func matchesPinned(_ uuid: String) -> Bool {
        guard let pinned = pinnedDataUUID else { return false }
        return uuid == pinned
    }
}
