#ifndef RKMAP_CSQLITE_SHIM_H
#define RKMAP_CSQLITE_SHIM_H
#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's
   memory statistics, which take a global mutex on every allocation; only
   effective before SQLite initializes (SQLITE_MISUSE after, harmlessly). */
static inline int rkmap_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
