#ifndef COOKCAST_CSQLITE_SHIM_H
#define COOKCAST_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
