#ifndef COOKCAST_CSQLITE_SHIM_H
#define COOKCAST_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift does not import:
/// SQLite copies text and blobs bound with this destructor before the bind call returns.
static inline sqlite3_destructor_type cookcast_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// SQLITE_READONLY_DIRECTORY is built from other macros, which Swift does not import: the
/// database is read-only because its directory cannot be written (no -wal or -shm can be made).
static inline int cookcast_sqlite_readonly_directory(void) { return SQLITE_READONLY_DIRECTORY; }

#endif
