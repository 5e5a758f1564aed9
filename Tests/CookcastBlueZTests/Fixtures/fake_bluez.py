#!/usr/bin/python3
"""A BlueZ stand-in for cookcast's tests: owns org.bluez on the bus in DBUS_SYSTEM_BUS_ADDRESS and
presents one adapter and one probe (Device1, a GATT service, a notify characteristic with the seed
probe's packets, and a read/write characteristic that is not the data). A control interface
(com.cookcast.FakeBlueZ at /com/cookcast/fake) lets the test send notification bytes (one, a burst,
a burst then a drop), drop the link from the peripheral side, fail or hang the next connects (a
Device1.Disconnect cancels a held one, answering it with an error, as BlueZ does; Disconnects() lists
what each Disconnect did), connect by itself (BlueZ reconnecting a known device), remove
and re-add the device or the adapter, power the adapter off (ending discovery, as BlueZ does) and
on, hang discovery, stall the resolving of services (every connection, or the next few), add other
devices (advertising too, as in a crowded place), refuse GetManagedObjects as a bus policy that
does not let the user talk to org.bluez does (AccessDenied), count the GetManagedObjects calls, give up org.bluez and take it again (bluetoothd restarting),
make the probe advertise (while not connected and the adapter discovers, every 100 ms: an RSSI
PropertiesChanged, or the device's InterfacesAdded if it was removed, as BlueZ reports
advertisements), and quit. Call it by the fake's unique name: it stays reachable while org.bluez is
released. Prints READY once it owns the name.

PresentIBBQ makes later connects present an Inkbird iBBQ instead (service FFF0: FFF1 settings
results notify, FFF2 login write, FFF4 realtime notify, FFF5 settings write), as go-ibbq and uibbq
describe it: FFF4 notifies only once the login and then "enable realtime data" were written on
this connection, and a battery request on FFF5 is answered on FFF1, each reply with a lower
voltage than the one before (a battery running down: 61, 49, 37, 24, 12, then 0 %, across
connections). Writes() lists every
WriteValue as "CONNECTION UUID16 HEX" (connections counted from 1).

Run with Debian's /usr/bin/python3 (python3-dbus, python3-gi). Stop it with SIGKILL.
"""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

BLUEZ = "org.bluez"
OM = "org.freedesktop.DBus.ObjectManager"
PROPS = "org.freedesktop.DBus.Properties"
ADAPTER = "org.bluez.Adapter1"
DEVICE = "org.bluez.Device1"
SERVICE = "org.bluez.GattService1"
CHAR = "org.bluez.GattCharacteristic1"
CONTROL = "com.cookcast.FakeBlueZ"

ADDRESS = sys.argv[1] if len(sys.argv) > 1 else "AA:BB:CC:DD:EE:FF"
ADAPTER_PATH = "/org/bluez/hci0"
DEVICE_PATH = ADAPTER_PATH + "/dev_" + ADDRESS.replace(":", "_")
SERVICE_PATH = DEVICE_PATH + "/service0010"
DATA_CHAR_PATH = SERVICE_PATH + "/char0011"
OTHER_CHAR_PATH = SERVICE_PATH + "/char0014"
SETTINGS_RESULT_PATH = SERVICE_PATH + "/char0017"
LOGIN_CHAR_PATH = SERVICE_PATH + "/char001a"
IBBQ_LOGIN = [0x21, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0xB8, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00]
IBBQ_ENABLE_REALTIME = [0x0B, 0x01, 0x00, 0x00, 0x00, 0x00]
IBBQ_BATTERY_REQUEST = [0x08, 0x24, 0x00, 0x00, 0x00, 0x00]
IBBQ_BATTERY_MAX = 6552
IBBQ_BATTERY_FIRST = 4000  # the first reply: 24 A0 0F 98 19 00, 4000 of 6552: 61 %
IBBQ_BATTERY_STEP = 800  # each later reply this much lower (a battery running down): 49, 37, 24, 12, 0 %


class PropertyObject(dbus.service.Object):
    """An exported object with org.freedesktop.DBus.Properties over self.props[interface]."""

    def __init__(self, bus, path, props):
        self.props = props
        self.path = path
        super().__init__(bus, path)

    @dbus.service.method(PROPS, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.props[interface][name]

    @dbus.service.method(PROPS, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.props.get(interface, {})

    @dbus.service.signal(PROPS, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def update(self, interface, **changes):
        self.props[interface].update(changes)
        self.PropertiesChanged(interface, changes, dbus.Array([], signature="s"))


class Root(dbus.service.Object):
    def __init__(self, bus, fake):
        self.fake = fake
        super().__init__(bus, "/")

    @dbus.service.method(OM, out_signature="a{oa{sa{sv}}}")
    def GetManagedObjects(self):
        self.fake.managed_objects_calls += 1
        if self.fake.deny_access:  # what the bus daemon answers when its policy refuses the call
            raise dbus.exceptions.DBusException(
                'Rejected send message, 2 matched rules; type="method_call", sender=":1.5" (uid=1000 pid=4242 '
                'comm="cookcast") interface="org.freedesktop.DBus.ObjectManager" member="GetManagedObjects" '
                'error name="(unset)" requested_reply="0" destination="org.bluez" (uid=0 pid=1 comm="bluetoothd")',
                name="org.freedesktop.DBus.Error.AccessDenied")
        return {dbus.ObjectPath(o.path): o.props for o in self.fake.objects()}

    @dbus.service.signal(OM, signature="oa{sa{sv}}")
    def InterfacesAdded(self, path, interfaces):
        pass

    @dbus.service.signal(OM, signature="oas")
    def InterfacesRemoved(self, path, interfaces):
        pass


class Adapter(PropertyObject):
    def __init__(self, bus):
        super().__init__(bus, ADAPTER_PATH, {ADAPTER: {
            "Address": "00:11:22:33:44:55", "Powered": True, "Discovering": False}})
        self.hang_discovery = False
        self.held = []

    @dbus.service.method(ADAPTER, in_signature="a{sv}")
    def SetDiscoveryFilter(self, filter):
        pass

    @dbus.service.method(ADAPTER, async_callbacks=("reply", "error"))
    def StartDiscovery(self, reply, error):
        if not self.props[ADAPTER]["Powered"]:
            error(dbus.exceptions.DBusException("Resource Not Ready", name="org.bluez.Error.NotReady"))
            return
        if self.hang_discovery:
            self.held.append(reply)  # never answered, like a stuck controller
            return
        self.update(ADAPTER, Discovering=True)
        reply()

    @dbus.service.method(ADAPTER)
    def StopDiscovery(self):
        self.update(ADAPTER, Discovering=False)


class Device(PropertyObject):
    def __init__(self, bus, fake):
        self.fake = fake
        super().__init__(bus, DEVICE_PATH, {DEVICE: {
            "Address": ADDRESS, "Name": "BBQ Probe", "Alias": "BBQ Probe", "RSSI": dbus.Int16(-58),
            "Connected": False, "ServicesResolved": False, "Adapter": dbus.ObjectPath(ADAPTER_PATH),
            "UUIDs": dbus.Array([], signature="s")}})

    @dbus.service.method(DEVICE, async_callbacks=("reply", "error"))
    def Connect(self, reply, error):
        if not self.fake.has_device:
            error(dbus.exceptions.DBusException("Method \"Connect\" doesn't exist", name="org.freedesktop.DBus.Error.UnknownObject"))
            return
        if not self.fake.adapter.props[ADAPTER]["Powered"]:
            error(dbus.exceptions.DBusException("Resource Not Ready", name="org.bluez.Error.NotReady"))
            return
        if self.fake.hang_connect:
            self.fake.held_connects.append(error)  # the peripheral never answers
            return
        if self.fake.connects_to_refuse > 0:
            self.fake.connects_to_refuse -= 1
            error(dbus.exceptions.DBusException("Connection refused (fake)", name="org.bluez.Error.Failed"))
            return
        self.fake.connect()
        reply()

    @dbus.service.method(DEVICE)
    def Disconnect(self):
        # BlueZ: "can also be used to cancel a preceding Connect call before a reply to it has
        # been received"; the pending Connect is answered with an error.
        if self.fake.held_connects:
            held, self.fake.held_connects = self.fake.held_connects, []
            for error in held:
                error(dbus.exceptions.DBusException("Operation was cancelled", name="org.bluez.Error.Failed"))
            self.fake.disconnects.append("cancelled a pending connect")
        elif self.props[DEVICE]["Connected"]:
            self.fake.drop()
            self.fake.disconnects.append("dropped the link")
        else:
            self.fake.disconnects.append("not connected")
            raise dbus.exceptions.DBusException("Not Connected", name="org.bluez.Error.NotConnected")


class Characteristic(PropertyObject):
    def __init__(self, bus, path, uuid, flags, fake=None):
        self.fake = fake
        super().__init__(bus, path, {CHAR: {
            "UUID": uuid, "Service": dbus.ObjectPath(SERVICE_PATH), "Flags": dbus.Array(flags, signature="s"),
            "Value": dbus.Array([], signature="y"), "Notifying": False}})

    @dbus.service.method(CHAR)
    def StartNotify(self):
        self.update(CHAR, Notifying=True)

    @dbus.service.method(CHAR)
    def StopNotify(self):
        self.update(CHAR, Notifying=False)

    @dbus.service.method(CHAR, in_signature="a{sv}", out_signature="ay")
    def ReadValue(self, options):
        return self.props[CHAR]["Value"]

    @dbus.service.method(CHAR, in_signature="aya{sv}")
    def WriteValue(self, value, options):
        if self.fake is None or "write" not in self.props[CHAR]["Flags"]:
            raise dbus.exceptions.DBusException("Write not permitted", name="org.bluez.Error.NotPermitted")
        self.fake.written(str(self.props[CHAR]["UUID"]), [int(b) for b in value])


class Service(PropertyObject):
    def __init__(self, bus):
        super().__init__(bus, SERVICE_PATH, {SERVICE: {
            "UUID": "0000fff0-0000-1000-8000-00805f9b34fb", "Primary": True, "Device": dbus.ObjectPath(DEVICE_PATH)}})


class Control(dbus.service.Object):
    def __init__(self, bus, fake, loop):
        self.fake = fake
        self.loop = loop
        super().__init__(bus, "/com/cookcast/fake")

    @dbus.service.method(CONTROL, in_signature="ay", out_signature="b")
    def Notify(self, value):
        return self.fake.notify(value)

    @dbus.service.method(CONTROL)
    def DropLink(self):
        self.fake.drop()

    @dbus.service.method(CONTROL)
    def ConnectByItself(self):
        self.fake.connect()  # BlueZ reconnecting a known device on its own (no Connect call)

    @dbus.service.method(CONTROL)
    def FailNextConnect(self):
        self.fake.connects_to_refuse = 1

    @dbus.service.method(CONTROL, in_signature="s")
    def FailConnects(self, count):
        self.fake.connects_to_refuse = int(count)

    @dbus.service.method(CONTROL, out_signature="b")
    def IsConnected(self):
        return bool(self.fake.device.props[DEVICE]["Connected"])

    @dbus.service.method(CONTROL, in_signature="aay", out_signature="b")
    def NotifyMany(self, values):
        return all([self.fake.notify(v) for v in values])

    @dbus.service.method(CONTROL, in_signature="aay", out_signature="b")
    def NotifyThenDrop(self, values):
        sent = all([self.fake.notify(v) for v in values])
        self.fake.drop()
        return sent

    @dbus.service.method(CONTROL)
    def RemoveDevice(self):
        self.fake.remove_device()

    @dbus.service.method(CONTROL)
    def AddDevice(self):
        self.fake.add_device()

    @dbus.service.method(CONTROL)
    def PowerOff(self):
        self.fake.set_powered(False)

    @dbus.service.method(CONTROL)
    def PowerOn(self):
        self.fake.set_powered(True)

    @dbus.service.method(CONTROL)
    def RemoveAdapter(self):
        self.fake.remove_adapter()

    @dbus.service.method(CONTROL)
    def AddAdapter(self):
        self.fake.add_adapter()

    @dbus.service.method(CONTROL)
    def HangDiscovery(self):
        self.fake.adapter.hang_discovery = True

    @dbus.service.method(CONTROL)
    def StallResolving(self):
        self.fake.stall_resolving = True

    @dbus.service.method(CONTROL)
    def DenyAccess(self):
        self.fake.deny_access = True

    @dbus.service.method(CONTROL, out_signature="i")
    def ManagedObjectsCalls(self):
        return self.fake.managed_objects_calls

    @dbus.service.method(CONTROL, in_signature="s")
    def StallResolves(self, count):
        self.fake.stalls_left = int(count)  # the next `count` connections stall, later ones resolve

    @dbus.service.method(CONTROL)
    def HangConnects(self):
        self.fake.hang_connect = True

    @dbus.service.method(CONTROL)
    def AnswerConnects(self):
        self.fake.hang_connect = False

    @dbus.service.method(CONTROL, out_signature="i")
    def HeldConnects(self):
        return len(self.fake.held_connects)

    @dbus.service.method(CONTROL, out_signature="as")
    def Disconnects(self):
        return dbus.Array(self.fake.disconnects, signature="s")

    @dbus.service.method(CONTROL, in_signature="ss")
    def AddOtherDevice(self, address, rssi):
        self.fake.add_other(address, int(rssi))

    @dbus.service.method(CONTROL)
    def ReleaseName(self):
        self.fake.release_name()

    @dbus.service.method(CONTROL)
    def AcquireName(self):
        self.fake.bus.request_name(BLUEZ)

    @dbus.service.method(CONTROL, in_signature="s")
    def SetOthersAdvertising(self, advertising):
        self.fake.others_advertising = advertising != ""

    @dbus.service.method(CONTROL)
    def StartAdvertising(self):
        self.fake.advertising = True

    @dbus.service.method(CONTROL)
    def StopAdvertising(self):
        self.fake.advertising = False

    @dbus.service.method(CONTROL, out_signature="b")
    def IsDiscovering(self):
        return bool(self.fake.adapter.props[ADAPTER]["Discovering"])

    @dbus.service.method(CONTROL)
    def PresentIBBQ(self):
        self.fake.ibbq = True
        # BlueZ lists the services a device offers (from its advertisement or a connection).
        self.fake.device.props[DEVICE]["UUIDs"] = dbus.Array(
            ["0000fff0-0000-1000-8000-00805f9b34fb"], signature="s")

    @dbus.service.method(CONTROL, out_signature="as")
    def Writes(self):
        return dbus.Array(self.fake.writes, signature="s")

    @dbus.service.method(CONTROL)
    def Quit(self):
        GLib.idle_add(self.loop.quit)


class Fake:
    def __init__(self, bus, loop):
        self.bus = bus
        self.connects_to_refuse = 0
        self.hang_connect = False
        self.held_connects = []  # error callbacks of the Connect calls not answered
        self.disconnects = []  # what each Device1.Disconnect did
        self.stall_resolving = False
        self.stalls_left = 0
        self.deny_access = False
        self.managed_objects_calls = 0
        self.has_device = True
        self.has_adapter = True
        self.others = []
        self.advertising = False
        self.others_advertising = False
        self.adverts = 0
        self.ibbq = False
        self.connections = 0
        self.logged_in = False
        self.realtime = False
        self.writes = []
        self.battery_replies = 0
        self.root = Root(bus, self)
        self.adapter = Adapter(bus)
        self.device = Device(bus, self)
        self.gatt = []
        self.control = Control(bus, self, loop)
        GLib.timeout_add(100, self.advertise)

    def advertise(self):
        """One advertising interval: what BlueZ reports of it while discovering."""
        discovering = self.has_adapter and self.adapter.props[ADAPTER]["Discovering"]
        if self.others_advertising and discovering:
            for other in self.others:  # a crowded place: every other device advertises too
                other.update(DEVICE, RSSI=dbus.Int16(-60 - (self.adverts + len(other.path)) % 30))
        if self.advertising and discovering and not self.device.props[DEVICE]["Connected"]:
            if not self.has_device:
                self.add_device()
            else:
                self.adverts += 1  # BlueZ signals an RSSI that changed
                self.device.update(DEVICE, RSSI=dbus.Int16(-50 - self.adverts % 20))
        return True

    def objects(self):
        return ([self.adapter] if self.has_adapter else []) + ([self.device] if self.has_device else []) \
            + self.others + self.gatt

    def remove_device(self):
        self.drop()
        if self.has_device:
            self.has_device = False
            self.root.InterfacesRemoved(dbus.ObjectPath(DEVICE_PATH), dbus.Array(list(self.device.props.keys()), signature="s"))

    def add_device(self):
        if not self.has_device:
            self.has_device = True
            self.root.InterfacesAdded(dbus.ObjectPath(DEVICE_PATH), self.device.props)

    def set_powered(self, powered):
        if not powered:
            self.drop()
            if self.adapter.props[ADAPTER]["Discovering"]:
                self.adapter.update(ADAPTER, Discovering=False)  # BlueZ's discovery ends with the power
        self.adapter.update(ADAPTER, Powered=bool(powered))

    def remove_adapter(self):
        self.remove_device()
        self.has_adapter = False
        self.root.InterfacesRemoved(dbus.ObjectPath(ADAPTER_PATH), dbus.Array([ADAPTER], signature="s"))

    def add_adapter(self):
        """A dongle plugged in again: the adapter, powered (BlueZ's AutoEnable), then the device it knew."""
        if not self.has_adapter:
            self.has_adapter = True
            self.adapter.props[ADAPTER].update(Powered=True, Discovering=False)
            self.root.InterfacesAdded(dbus.ObjectPath(ADAPTER_PATH), self.adapter.props)
            self.add_device()

    def add_other(self, address, rssi):
        path = ADAPTER_PATH + "/dev_" + address.replace(":", "_")
        other = PropertyObject(self.bus, path, {DEVICE: {
            "Address": address, "Alias": address.replace(":", "-"), "RSSI": dbus.Int16(rssi),
            "Connected": False, "ServicesResolved": False, "Adapter": dbus.ObjectPath(ADAPTER_PATH),
            "UUIDs": dbus.Array(["0000fff0-0000-1000-8000-00805f9b34fb"], signature="s")}})
        self.others.append(other)
        self.root.InterfacesAdded(dbus.ObjectPath(path), other.props)

    def release_name(self):
        # bluetoothd exiting: its links go with it, silently (signals after this are not org.bluez's)
        self.device.props[DEVICE].update(Connected=False, ServicesResolved=False)
        for o in self.gatt:
            o.remove_from_connection()
        self.gatt = []
        self.bus.release_name(BLUEZ)

    def connect(self):
        if self.device.props[DEVICE]["Connected"]:
            return
        self.device.update(DEVICE, Connected=True)
        self.connections += 1
        self.logged_in = self.realtime = False
        if self.stall_resolving or self.stalls_left > 0:
            self.stalls_left = max(0, self.stalls_left - 1)
            return  # connected, services never resolve (a flaky probe drops during discovery)
        self.gatt = [Service(self.bus),
                     Characteristic(self.bus, DATA_CHAR_PATH, "0000fff4-0000-1000-8000-00805f9b34fb", ["notify"]),
                     Characteristic(self.bus, OTHER_CHAR_PATH, "0000fff5-0000-1000-8000-00805f9b34fb", ["read", "write"],
                                    self)]
        if self.ibbq:
            self.gatt += [
                Characteristic(self.bus, SETTINGS_RESULT_PATH, "0000fff1-0000-1000-8000-00805f9b34fb", ["notify"]),
                Characteristic(self.bus, LOGIN_CHAR_PATH, "0000fff2-0000-1000-8000-00805f9b34fb", ["write"], self)]
        for o in self.gatt:
            self.root.InterfacesAdded(dbus.ObjectPath(o.path), o.props)
        self.device.update(DEVICE, ServicesResolved=True)

    def drop(self):
        if not self.device.props[DEVICE]["Connected"]:
            return
        self.device.update(DEVICE, ServicesResolved=False)
        for o in reversed(self.gatt):
            self.root.InterfacesRemoved(dbus.ObjectPath(o.path), dbus.Array(list(o.props.keys()), signature="s"))
            o.remove_from_connection()
        self.gatt = []
        self.device.update(DEVICE, Connected=False)

    def notify(self, value, path=DATA_CHAR_PATH):
        chars = [o for o in self.gatt if o.path == path]
        if not chars or not chars[0].props[CHAR]["Notifying"]:
            return False
        if self.ibbq and path == DATA_CHAR_PATH and not self.realtime:
            return False  # an iBBQ sends no data until logged in and enabled
        chars[0].update(CHAR, Value=dbus.Array(value, signature="y"))
        return True

    def written(self, uuid, value):
        self.writes.append("%d %s %s" % (self.connections, uuid[4:8], "".join("%02X" % b for b in value)))
        if not self.ibbq:
            return
        if uuid.startswith("0000fff2") and value == IBBQ_LOGIN:
            self.logged_in = True
        elif uuid.startswith("0000fff5") and value == IBBQ_ENABLE_REALTIME and self.logged_in:
            self.realtime = True
        elif uuid.startswith("0000fff5") and value == IBBQ_BATTERY_REQUEST and self.logged_in:
            voltage = max(0, IBBQ_BATTERY_FIRST - IBBQ_BATTERY_STEP * self.battery_replies)
            self.battery_replies += 1
            reply = [0x24, voltage & 0xFF, voltage >> 8, IBBQ_BATTERY_MAX & 0xFF, IBBQ_BATTERY_MAX >> 8, 0x00]
            GLib.idle_add(lambda: self.notify(reply, SETTINGS_RESULT_PATH) and False)


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(__import__("os").environ["DBUS_SYSTEM_BUS_ADDRESS"])
    loop = GLib.MainLoop()
    fake = Fake(bus, loop)
    name = dbus.service.BusName(BLUEZ, bus)  # released when collected: keep it referenced
    print("READY", flush=True)
    loop.run()
    del fake, name


if __name__ == "__main__":
    main()
