import CookcastCore

/// What a probe profile asks of a link once the services resolve: the settings characteristic
/// to subscribe to next to the data one, and the writes to make, in order (the iBBQ's login,
/// then "enable realtime data", Celsius and a battery request). Made after every connect: a
/// reconnected iBBQ sends nothing until it is logged in and enabled again.
struct ProfileSetup {
    let profile: ProbeProfile
    /// The device's characteristics (`BlueZObjects.characteristics(under:)`).
    let characteristics: [(path: String, uuid: String, flags: [String])]

    /// The settings notify characteristic's path, when the profile has one and the device shows it.
    var settingsPath: String? { profile.settingsNotifyUUID.flatMap(path(of:)) }

    /// The path of the device's characteristic `uuid` (full lower-case), nil when it lacks it.
    func path(of uuid: String) -> String? { characteristics.first { $0.uuid == uuid }?.path }

    /// Writes `bytes` to the characteristic at `path` (`GattCharacteristic1.WriteValue(ay, a{sv})`,
    /// a write with response).
    static func writeValue(_ bytes: [UInt8], to path: String, on bus: DBusConnection) throws(DBusError) {
        try bus.call(
            destination: "org.bluez", path: path, interface: BlueZObjects.characteristic, method: "WriteValue",
            arguments: [.bytes(bytes), .stringVariantDictionary([:])])
    }

    /// Makes the profile's writes in order (`writeValue`); a characteristic the device lacks is
    /// an error, so the link tries again.
    func performWrites(_ bus: DBusConnection, context: String) throws(DBusError) {
        for write in profile.writes {
            guard let path = path(of: write.characteristicUUID) else {
                throw DBusError(
                    name: "org.bluez.Error.NotFound",
                    message: "no characteristic \(write.characteristicUUID) for the \(write.purpose) write "
                        + "(is this a \(profile.name) probe?)",
                    context: context)
            }
            try Self.writeValue(write.bytes, to: path, on: bus)
        }
    }
}
