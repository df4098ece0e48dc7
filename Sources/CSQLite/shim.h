// The system's SQLite (libsqlite3-dev on Debian).
#include <sqlite3.h>
