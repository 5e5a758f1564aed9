import CookcastCore
import Foundation

/// Keeps one probe connected through BlueZ and reports what happens, on its own thread.
///
/// The flow robust BLE clients follow (see protocols.md): subscribe to ObjectManager and
/// Properties signals of `org.bluez` and to its owner changes *before* `GetManagedObjects`; find
/// the device (scanning if BlueZ does not know it); `Device1.Connect`; wait for
/// `ServicesResolved`; `StartNotify` on the data characteristic (pinned by `--characteristic` or
/// the probe profile, or the first notify characteristic whose packets the decoder accepts) and
/// the profile's settings characteristic; make the profile's writes (`ProfileSetup`); then
/// forward every `Value` change (the settings characteristic's as channel 0), making the writes
/// the profile repeats (`RepeatingWrites`: the battery request every 60 s) when due. A
/// disconnect (`Connected = false`, the device removed, or bluetoothd gone) is reported and the
/// link is retried, forever, until stopped: as soon as the probe is seen advertising again (LE
/// discovery runs between tries) or bluetoothd or the adapter is back, else after a capped
/// exponential backoff. Stopped while a `Connect` is under way or the link is up, it
/// disconnects the probe (`stop`).
final class BlueZLink: @unchecked Sendable {
    private let options: BlueZLinkOptions
    private let decoder: any ProbeDecoder
    private let environment: [String: String]
    private let emit: @Sendable (SourceEvent) -> Void
    /// Work the process waits for before it exits (`BlueZSource.waitUntilStopped`): the
    /// `Disconnect` that `stop` makes.
    private let stopping: DispatchGroup
    /// Where the reason goes when the link gives up for good.
    private let failure: BlueZLinkFailure
    private let stopLock = NSLock()
    private var stopped = false
    /// The device a `Connect` is under way to, or whose link is up; nil otherwise.
    private var deviceInUse: String?
    /// Whether cookcast made the link to `deviceInUse` (or its `Connect` is under way): only such
    /// a link is taken down on stop. One already up when cookcast came to the device (another
    /// recorder, the vendor app) is theirs: disconnecting it cut their link (QA).
    private var ownsDeviceInUse = false
    /// Whether the last link this thread used was its own: BlueZ bringing such a link back by
    /// itself (`AdvertisementWatch.Sighting.connected`) keeps it cookcast's.
    private var lastLinkWasOwn = false
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var stamper = ReceptionStamper()
    private var lastEmittedSeconds = 0.0

    init(
        options: BlueZLinkOptions, decoder: any ProbeDecoder, environment: [String: String],
        stopping: DispatchGroup, failure: BlueZLinkFailure, emit: @escaping @Sendable (SourceEvent) -> Void
    ) {
        self.failure = failure
        self.options = options
        self.decoder = decoder
        self.environment = environment
        self.stopping = stopping
        self.emit = emit
        self.start = clock.now
    }

    /// How long the `Disconnect` made on stop waits for BlueZ's answer, ms: the process exits
    /// within a second of Ctrl-C, and BlueZ acts on the request whether or not it is waited for.
    static let stopDisconnectTimeoutMilliseconds: Int32 = 800

    /// Asks the link to stop; `run` returns within about 100 ms, unless a `Connect` is under way.
    /// Then (and while the link is up) `Device1.Disconnect` is called from a connection of its
    /// own, on a thread of its own (`stopping` waits for it): BlueZ cancels a pending `Connect`
    /// that way. Left pending, it could complete after the process exited, leaving the probe
    /// connected to no client, and a cheap probe does not advertise while connected: neither its
    /// app nor the next `cookcast live` found it.
    func stop() {
        let device: String? = stopLock.withLock {
            stopped = true
            // Entered before `run` can see `stopped` and end: the wait covers the `Disconnect` too.
            guard let device = deviceInUse, ownsDeviceInUse else { return nil }
            stopping.enter()
            return device
        }
        guard let device else { return }
        let thread = Thread { [self] in
            defer { stopping.leave() }
            _ = try? connectBus().call(
                destination: "org.bluez", path: device, interface: BlueZObjects.device, method: "Disconnect",
                timeoutMilliseconds: Self.stopDisconnectTimeoutMilliseconds)
        }
        thread.name = "cookcast.bluez.disconnect"
        thread.start()
    }

    /// Marks `devicePath` in use (a `Connect` about to start, or a link up) until `release`;
    /// false once stopped: no `Connect` is started after `stop`, which would not cancel it.
    /// `owned`: cookcast makes the link (so `stop` takes it down), rather than finding it up.
    private func claim(_ devicePath: String, owned: Bool) -> Bool {
        stopLock.withLock {
            guard !stopped else { return false }
            deviceInUse = devicePath
            ownsDeviceInUse = owned
            return true
        }
    }

    private func release() {
        stopLock.withLock {
            deviceInUse = nil
            ownsDeviceInUse = false
        }
    }

    private var isStopped: Bool { stopLock.withLock { stopped } }

    private var now: Double {
        (clock.now - start).inSeconds
    }

    /// Link changes are never stamped before a packet already emitted, so events stay in order.
    private func report(_ state: ConnectionState, _ detail: String?) {
        lastEmittedSeconds = max(lastEmittedSeconds, now)
        emit(.connection(state, elapsedSeconds: lastEmittedSeconds, detail: detail))
    }

    /// Runs until stopped: connect, stream, reconnect.
    func run() {
        var backoff = options.reconnectInitialSeconds
        var spacingSeconds = options.reconnectSpacingSeconds
        var sighting: AdvertisementWatch.Sighting?
        while !isStopped {
            let attemptStart = clock.now
            do throws(DBusError) {
                if try streamOnce(try openBus(), after: sighting) {
                    backoff = options.reconnectInitialSeconds
                    spacingSeconds = options.reconnectSpacingSeconds
                }
            } catch  where error.name == BlueZLinkFailure.finalErrorName {
                // The device's services are resolved and lack what was pinned: no retry changes that.
                failure.record(error.description)
                report(.ended, error.description)
                return
            } catch {
                // Until bluetoothd is back, every call says "The name org.bluez was not provided by any .service files".
                let gone = "bluetoothd is not running (no org.bluez on the system bus)"
                report(
                    .disconnected,
                    error.isNameUnowned ? gone : error.systemBusDownLine ?? error.accessDeniedLine ?? error.description)
                // A probe that advertises but keeps refusing: each such try waits twice as long as
                // the last, up to the backoff's cap (at 1 s apart, 3,600 failed tries an hour).
                if sighting != nil {
                    spacingSeconds = min(2 * spacingSeconds, max(options.reconnectMaxSeconds, spacingSeconds))
                }
            }
            guard !isStopped else { break }
            report(.searching, "reconnecting in \(Int(backoff.rounded(.up))) s, or once the probe advertises")
            let spacing = Duration.milliseconds(Int(spacingSeconds * 1000))
            sighting = waitBeforeRetry(seconds: backoff, notBefore: attemptStart + spacing)
            backoff = min(backoff * 2, options.reconnectMaxSeconds)
        }
        report(.ended, "stopped")
    }

    /// A connection to BlueZ's bus: `options.busAddress`, else the system bus.
    private func connectBus() throws(DBusError) -> DBusConnection {
        if let address = options.busAddress { return try DBusConnection(address: address) }
        return try DBusConnection.systemBus(environment: environment)
    }

    /// A connection to BlueZ's bus, subscribed to its objects, their properties and its owner.
    private func openBus() throws(DBusError) -> DBusConnection {
        let bus = try connectBus()
        for rule in [
            "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager'",
            "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'",
            "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.bluez'",
        ] { try bus.addMatch(rule) }
        return bus
    }

    /// Waits `seconds` before the next try, or less: LE discovery runs meanwhile, and the probe
    /// seen advertising ends the wait, though no sooner than `notBefore` (a probe that advertises
    /// but refuses connections is not hammered). A cheap probe does not buffer, so every second
    /// of a wait it is back in range is readings lost. Without discovery (bluetoothd gone, no
    /// adapter, powered off) it is a plain wait, which bluetoothd coming back or an adapter
    /// powering on ends as well (no sooner than `notBefore` either): the next try can succeed
    /// then, and only a try starts discovery again. Returns what the probe was last seen doing,
    /// nil if it was not seen; discovery is stopped on return, before `Connect`: discovering
    /// during a link degrades it on many adapters.
    private func waitBeforeRetry(seconds: Double, notBefore: ContinuousClock.Instant) -> AdvertisementWatch.Sighting? {
        let deadline = clock.now + .milliseconds(Int(seconds * 1000))
        var seen: AdvertisementWatch.Sighting?
        var bluetoothBack = false
        var bus: DBusConnection?
        do throws(DBusError) {
            let opened = try openBus()
            bus = opened
            let objects = try BlueZObjects.fetch(opened)
            var watch = AdvertisementWatch(
                address: options.address, devicePath: objects.devicePath(address: options.address))
            guard let adapter = watch.devicePath.flatMap(objects.adapterPath(of:)) ?? objects.adapterPath else {
                throw DBusError(name: "org.bluez.Error.NotReady", message: "no Bluetooth adapter", context: "waiting")
            }
            try objects.requirePowered(adapter: adapter, context: "waiting")
            // A stuck controller must not hold the wait past its end.
            let remaining = Int(((deadline - clock.now).inSeconds * 1000).rounded(.up))
            try opened.startLEDiscovery(adapter: adapter, timeoutMilliseconds: Int32(min(max(remaining, 100), 5_000)))
            defer { opened.stopDiscovery(adapter: adapter) }
            while !isStopped, clock.now < deadline {
                if seen != nil, clock.now >= notBefore { return seen }
                guard let message = try opened.nextMessage(timeoutMilliseconds: 50) else { continue }
                // Powered off and on, or bluetoothd replaced: this discovery went with it.
                if AdvertisementWatch.isBluetoothBack(message) {
                    bluetoothBack = true
                    break
                }
                // bluetoothd gone: this discovery went with it, the timer (or its return) decides.
                if message.member == "NameOwnerChanged", message.interface == "org.freedesktop.DBus" { break }
                // BlueZ reconnecting by itself is not undone by a later advertisement (of a link about to drop).
                if let sighting = watch.sighting(in: message), seen != .connected { seen = sighting }
            }
        } catch {
            // Nothing to watch with: a plain wait, and the try after it says what is wrong.
        }
        while !isStopped, clock.now < deadline {
            if bluetoothBack, clock.now >= notBefore { break }
            guard let watching = bus else {
                Thread.sleep(forTimeInterval: 0.05)
                continue
            }
            do throws(DBusError) {
                if let message = try watching.nextMessage(timeoutMilliseconds: 50),
                    AdvertisementWatch.isBluetoothBack(message)
                {
                    bluetoothBack = true
                }
            } catch {
                bus = nil  // the bus itself is gone: the timer alone decides
            }
        }
        return seen
    }

    /// One connection: returns true if it reached `connected` (so the backoff resets).
    /// `sighting`: what ended the wait before it, the probe seen advertising or BlueZ having
    /// reconnected it; nil: the backoff (or the first try).
    private func streamOnce(_ bus: DBusConnection, after sighting: AdvertisementWatch.Sighting?) throws(DBusError)
        -> Bool
    {
        if sighting == nil { report(.searching, "looking for \(options.address)") }
        let devicePath = try findDevice(bus)
        switch sighting {
        case .advertising: report(.connecting, "probe advertising again: connecting to \(devicePath)")
        case .connected: report(.connecting, "BlueZ reconnected the probe: \(devicePath)")
        case nil: report(.connecting, devicePath)
        }
        let objects = try BlueZObjects.fetch(bus)
        // Up already, and not a link of ours that BlueZ brought back: another program's (a
        // second recorder, the vendor app), which it keeps once cookcast stops.
        let foundUp = objects.deviceProperty(devicePath, "Connected")?.bool == true
        let owned = !foundUp || (sighting == .connected && lastLinkWasOwn)
        guard claim(devicePath, owned: owned) else { return false }
        defer { release() }
        lastLinkWasOwn = owned
        if !owned {
            report(
                .connecting,
                "\(options.address) is already connected by another program (another recorder or the probe's app?): "
                    + "sharing its link, left up when cookcast stops")
        }
        if !foundUp {
            if let adapter = objects.adapterPath(of: devicePath) {
                try objects.requirePowered(adapter: adapter, context: "connecting to \(options.address)")
            }
            do {
                try bus.call(
                    destination: "org.bluez", path: devicePath, interface: BlueZObjects.device, method: "Connect",
                    timeoutMilliseconds: Int32(options.connectTimeoutSeconds * 1000))
            } catch let error where error.name == "org.freedesktop.DBus.Error.NoReply" {
                // libdbus's own words are four lines' worth of possible causes, none of them the probe.
                let seconds = options.connectTimeoutSeconds
                let wait = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
                throw DBusError(
                    name: error.name, message: "no answer from the probe in \(wait) s (out of range or switched off?)",
                    context: "connecting to \(options.address)")
            } catch {
                // BlueZ's reason ("le-connection-abort-by-local") said of the probe, as every other
                // failed try is, not of "calling org.bluez.Device1.Connect on /org/bluez/...".
                throw DBusError(name: error.name, message: error.message, context: "connecting to \(options.address)")
            }
        }
        let candidates: [(path: String, uuid: String, flags: [String])]
        let setup: ProfileSetup?
        do {
            (candidates, setup) = try subscribe(bus, devicePath: devicePath)
        } catch {
            // A link up but of no use (services that never resolve, a refused write) is taken
            // down: left up, it was waited on again at every try, and a cheap probe does not
            // advertise while connected, so no new link was made for the rest of the cook.
            // Another program's link is theirs to keep.
            if owned, !isStopped, error.name != "org.bluez.Error.NotConnected", !error.isNameUnowned {
                _ = try? bus.call(
                    destination: "org.bluez", path: devicePath, interface: BlueZObjects.device, method: "Disconnect",
                    timeoutMilliseconds: Self.stopDisconnectTimeoutMilliseconds)
            }
            throw error
        }
        let settingsPath = setup?.settingsPath
        var dataPath: String? = candidates.count == 1 ? candidates[0].path : nil
        var repeating = setup.map { RepeatingWrites($0, start: clock.now) }
        report(.connected, dataPath ?? devicePath)
        while !isStopped {
            repeating?.makeDue(bus, now: clock.now)
            guard let message = try bus.nextMessage(timeoutMilliseconds: 100), message.kind == .signal else { continue }
            switch (message.interface, message.member) {
            case ("org.freedesktop.DBus.Properties", "PropertiesChanged"):
                guard let path = message.path, message.arguments.count >= 2,
                    let changed = message.arguments[1].dictionary
                else { continue }
                if path == devicePath, message.arguments[0].string == BlueZObjects.device,
                    changed["Connected"]?.bool == false
                {
                    report(.disconnected, "link lost")
                    return true
                }
                guard message.arguments[0].string == BlueZObjects.characteristic, let bytes = changed["Value"]?.bytes
                else { continue }
                if path == settingsPath {
                    lastEmittedSeconds = stamper.stamp(receivedAtSeconds: max(now, lastEmittedSeconds))
                    emit(
                        .packet(
                            bytes: bytes, elapsedSeconds: lastEmittedSeconds, channel: ProbeProfile.settingsChannel))
                    continue
                }
                guard candidates.contains(where: { $0.path == path }) else { continue }
                if dataPath == nil {
                    // Pin the first characteristic whose packets the probe's decoder understands.
                    if case .failure = decoder.decode(bytes, elapsedSeconds: 0, channel: 1) { continue }
                    dataPath = path
                }
                if path == dataPath {
                    lastEmittedSeconds = stamper.stamp(receivedAtSeconds: max(now, lastEmittedSeconds))
                    emit(.packet(bytes: bytes, elapsedSeconds: lastEmittedSeconds, channel: 1))
                }
            case ("org.freedesktop.DBus.ObjectManager", "InterfacesRemoved"):
                if message.arguments.first?.string == devicePath {
                    report(.disconnected, "device removed")
                    return true
                }
            case ("org.freedesktop.DBus", "NameOwnerChanged"):
                if message.arguments.count == 3, message.arguments[2].string?.isEmpty == true {
                    report(.disconnected, "bluetoothd went away")
                    return true
                }
            default:
                continue
            }
        }
        return true
    }

    /// Waits for the services of the connected device at `devicePath` to resolve, then starts
    /// notifications on its data characteristic(s) (`candidates`: the pinned one, else every
    /// notify one) and the profile's settings one, and makes the profile's writes (`setup`).
    private func subscribe(_ bus: DBusConnection, devicePath: String) throws(DBusError) -> (
        candidates: [(path: String, uuid: String, flags: [String])], setup: ProfileSetup?
    ) {
        let resolveDeadline = clock.now + .milliseconds(Int(options.connectTimeoutSeconds * 1000))
        var objects: BlueZObjects
        while true {
            objects = try BlueZObjects.fetch(bus)
            if objects.deviceProperty(devicePath, "ServicesResolved")?.bool == true { break }
            // Dropped (or removed) on the way: try again now, not when the wait runs out.
            if objects.deviceProperty(devicePath, "Connected")?.bool != true {
                throw DBusError(
                    name: "org.bluez.Error.NotConnected", message: "the link dropped before its services resolved",
                    context: "connecting to \(options.address)")
            }
            guard clock.now < resolveDeadline, !isStopped else {
                throw DBusError(
                    name: "org.bluez.Error.Failed", message: "services did not resolve",
                    context: "connecting to \(options.address)")
            }
            _ = try bus.nextMessage(timeoutMilliseconds: 100)
        }
        let characteristics = objects.characteristics(under: devicePath)
        let notifying = characteristics.filter { $0.flags.contains("notify") || $0.flags.contains("indicate") }
        let candidates: [(path: String, uuid: String, flags: [String])]
        if let pinned = options.pinnedDataUUID {
            // Resolved services are the device's whole GATT table: what it lacks now, it lacks at
            // every try (it retried for ever, every 5 s, "no notify characteristic with UUID ...").
            let matching = characteristics.filter { options.matchesPinned($0.uuid) }
            let offered = notifying.map(\.uuid)
            guard !matching.isEmpty else {
                throw DBusError(
                    name: BlueZLinkFailure.finalErrorName,
                    message: "no characteristic \(pinned) (\(pinSource)); its notify characteristics: "
                        + (offered.isEmpty ? "none" : offered.joined(separator: ", ")),
                    context: options.address)
            }
            candidates = matching.filter { $0.flags.contains("notify") || $0.flags.contains("indicate") }
            guard !candidates.isEmpty else {
                let flags = matching[0].flags.isEmpty ? "none" : matching[0].flags.joined(separator: ", ")
                throw DBusError(
                    name: BlueZLinkFailure.finalErrorName,
                    message: "characteristic \(pinned) (\(pinSource)) cannot notify (its flags: \(flags)); "
                        + "its notify characteristics: " + (offered.isEmpty ? "none" : offered.joined(separator: ", ")),
                    context: options.address)
            }
        } else {
            candidates = notifying
        }
        guard !candidates.isEmpty else {
            throw DBusError(
                name: "org.bluez.Error.NotFound", message: "no notify characteristic",
                context: "connecting to \(options.address)")
        }
        let setup = options.profile.map { ProfileSetup(profile: $0, characteristics: characteristics) }
        let settingsPath = setup?.settingsPath
        for path in candidates.map(\.path) + [settingsPath].compactMap(\.self) {
            try bus.call(
                destination: "org.bluez", path: path, interface: BlueZObjects.characteristic, method: "StartNotify")
        }
        // Notifications are on first, so the reply to a write (the battery level) is not missed.
        try setup?.performWrites(bus, context: "setting up \(options.address)")
        return (candidates, setup)
    }

    /// Where the pinned data characteristic comes from, for the words of a failure.
    private var pinSource: String {
        if options.characteristicUUID != nil { return "--characteristic" }
        return options.profile.map { "the \($0.name) profile's data characteristic" } ?? "pinned"
    }

    /// The device's object path, scanning for it if BlueZ does not know it yet.
    private func findDevice(_ bus: DBusConnection) throws(DBusError) -> String {
        let objects = try BlueZObjects.fetch(bus)
        if let path = objects.devicePath(address: options.address) { return path }
        guard let adapter = objects.adapterPath else {
            throw DBusError(
                name: "org.bluez.Error.NotReady", message: "no Bluetooth adapter",
                context: "looking for \(options.address)")
        }
        try objects.requirePowered(adapter: adapter, context: "looking for \(options.address)")
        try bus.startLEDiscovery(adapter: adapter)
        defer { bus.stopDiscovery(adapter: adapter) }
        let deadline = clock.now + .milliseconds(Int(options.discoverySeconds * 1000))
        // The probe's own `InterfacesAdded` tells of it; the whole tree is asked for once a second
        // at most: asked after every signal, 50 devices advertising around made 300 calls a second.
        var watch = AdvertisementWatch(address: options.address, devicePath: nil)
        var lastFetch = clock.now
        while clock.now < deadline, !isStopped {
            if let message = try bus.nextMessage(timeoutMilliseconds: 200), watch.sighting(in: message) != nil,
                let path = watch.devicePath
            {
                return path
            }
            guard clock.now - lastFetch >= .seconds(1) else { continue }
            lastFetch = clock.now
            if let path = try BlueZObjects.fetch(bus).devicePath(address: options.address) { return path }
        }
        throw DBusError(
            name: "org.bluez.Error.NotFound", message: "probe not found", context: "scanning for \(options.address)")
    }
}
