#ifndef COOKCAST_CDBUS_SHIM_H
#define COOKCAST_CDBUS_SHIM_H
#include <dbus/dbus.h>

/* DBUS_TYPE_* are macros that Swift does not import. */
static const int cookcast_dbus_type_invalid = DBUS_TYPE_INVALID;
static const int cookcast_dbus_type_byte = DBUS_TYPE_BYTE;
static const int cookcast_dbus_type_boolean = DBUS_TYPE_BOOLEAN;
static const int cookcast_dbus_type_int16 = DBUS_TYPE_INT16;
static const int cookcast_dbus_type_uint16 = DBUS_TYPE_UINT16;
static const int cookcast_dbus_type_int32 = DBUS_TYPE_INT32;
static const int cookcast_dbus_type_uint32 = DBUS_TYPE_UINT32;
static const int cookcast_dbus_type_int64 = DBUS_TYPE_INT64;
static const int cookcast_dbus_type_uint64 = DBUS_TYPE_UINT64;
static const int cookcast_dbus_type_double = DBUS_TYPE_DOUBLE;
static const int cookcast_dbus_type_string = DBUS_TYPE_STRING;
static const int cookcast_dbus_type_object_path = DBUS_TYPE_OBJECT_PATH;
static const int cookcast_dbus_type_signature = DBUS_TYPE_SIGNATURE;
static const int cookcast_dbus_type_array = DBUS_TYPE_ARRAY;
static const int cookcast_dbus_type_variant = DBUS_TYPE_VARIANT;
static const int cookcast_dbus_type_struct = DBUS_TYPE_STRUCT;
static const int cookcast_dbus_type_dict_entry = DBUS_TYPE_DICT_ENTRY;
#endif
