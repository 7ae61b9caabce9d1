#ifndef RKMAP_CSQLITE_SHIM_H
#define RKMAP_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
