/// LE discovery on a BlueZ adapter (`org.bluez.Adapter1`), as `scan`, a search for a probe BlueZ
/// does not know yet and a wait between reconnects run it.
extension DBusConnection {
    /// Sets the adapter at `adapter` to LE only and starts discovering; `timeoutMilliseconds`
    /// bounds the `StartDiscovery` call (a stuck controller never answers).
    func startLEDiscovery(adapter: String, timeoutMilliseconds: Int32 = 5_000) throws(DBusError) {
        try call(
            destination: "org.bluez", path: adapter, interface: BlueZObjects.adapter, method: "SetDiscoveryFilter",
            arguments: [.stringVariantDictionary(["Transport": "le"])])
        try call(
            destination: "org.bluez", path: adapter, interface: BlueZObjects.adapter, method: "StartDiscovery",
            timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Stops discovering on `adapter`; a failure (bluetoothd gone, already stopped) is ignored.
    func stopDiscovery(adapter: String) {
        _ = try? call(destination: "org.bluez", path: adapter, interface: BlueZObjects.adapter, method: "StopDiscovery")
    }
}
