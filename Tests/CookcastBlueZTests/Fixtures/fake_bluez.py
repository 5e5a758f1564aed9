#!/usr/bin/python3
"""A BlueZ stand-in for cookcast's tests: owns org.bluez on the bus in DBUS_SYSTEM_BUS_ADDRESS and
presents one adapter and one probe (Device1, a GATT service, a notify characteristic with the seed
probe's packets, and a read/write characteristic that is not the data). A control interface
(com.cookcast.FakeBlueZ at /com/cookcast/fake) lets the test send notification bytes, drop the
link from the peripheral side, fail the next connect, and quit. Prints READY once it owns the name.

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

    @dbus.service.method(ADAPTER, in_signature="a{sv}")
    def SetDiscoveryFilter(self, filter):
        pass

    @dbus.service.method(ADAPTER)
    def StartDiscovery(self):
        self.update(ADAPTER, Discovering=True)

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

    @dbus.service.method(DEVICE)
    def Connect(self):
        if self.fake.fail_next_connect:
            self.fake.fail_next_connect = False
            raise dbus.exceptions.DBusException("Connection refused (fake)", name="org.bluez.Error.Failed")
        self.fake.connect()

    @dbus.service.method(DEVICE)
    def Disconnect(self):
        self.fake.drop()


class Characteristic(PropertyObject):
    def __init__(self, bus, path, uuid, flags):
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
    def FailNextConnect(self):
        self.fake.fail_next_connect = True

    @dbus.service.method(CONTROL, out_signature="b")
    def IsConnected(self):
        return bool(self.fake.device.props[DEVICE]["Connected"])

    @dbus.service.method(CONTROL)
    def Quit(self):
        GLib.idle_add(self.loop.quit)


class Fake:
    def __init__(self, bus, loop):
        self.bus = bus
        self.fail_next_connect = False
        self.root = Root(bus, self)
        self.adapter = Adapter(bus)
        self.device = Device(bus, self)
        self.gatt = []
        self.control = Control(bus, self, loop)

    def objects(self):
        return [self.adapter, self.device] + self.gatt

    def connect(self):
        if self.device.props[DEVICE]["Connected"]:
            return
        self.device.update(DEVICE, Connected=True)
        self.gatt = [Service(self.bus),
                     Characteristic(self.bus, DATA_CHAR_PATH, "0000fff4-0000-1000-8000-00805f9b34fb", ["notify"]),
                     Characteristic(self.bus, OTHER_CHAR_PATH, "0000fff5-0000-1000-8000-00805f9b34fb", ["read", "write"])]
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

    def notify(self, value):
        chars = [o for o in self.gatt if o.path == DATA_CHAR_PATH]
        if not chars or not chars[0].props[CHAR]["Notifying"]:
            return False
        chars[0].update(CHAR, Value=dbus.Array(value, signature="y"))
        return True


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
