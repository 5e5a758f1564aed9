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
    var settingsPath: String? {
        guard let uuid = profile.settingsNotifyUUID else { return nil }
        return characteristics.first { $0.uuid == uuid }?.path
    }

    /// Makes the profile's writes in order (`GattCharacteristic1.WriteValue(ay, a{sv})`, a write
    /// with response); a characteristic the device lacks is an error, so the link tries again.
    func performWrites(_ bus: DBusConnection, context: String) throws(DBusError) {
        for write in profile.writes {
            guard let path = characteristics.first(where: { $0.uuid == write.characteristicUUID })?.path else {
                throw DBusError(
                    name: "org.bluez.Error.NotFound",
                    message: "no characteristic \(write.characteristicUUID) for the \(write.purpose) write "
                        + "(is this a \(profile.name) probe?)",
                    context: context)
            }
            try bus.call(
                destination: "org.bluez", path: path, interface: BlueZObjects.characteristic, method: "WriteValue",
                arguments: [.bytes(write.bytes), .stringVariantDictionary([:])])
        }
    }
}
