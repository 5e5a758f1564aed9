#ifndef COOKCAST_CSQLITE_SHIM_H
#define COOKCAST_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift does not import:
/// SQLite copies text and blobs bound with this destructor before the bind call returns.
static inline sqlite3_destructor_type cookcast_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
