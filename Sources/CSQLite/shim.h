// The system's SQLite (libsqlite3-dev on Debian).
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: one fixed-argument wrapper for
// the options that take an int and report the setting back (SQLITE_DBCONFIG_DEFENSIVE,
// SQLITE_DBCONFIG_TRUSTED_SCHEMA, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, ...). Returns
// SQLite's result code; *now (when not null) receives the setting in force afterwards.
static inline int moneykit_sqlite3_db_config_flag(sqlite3 *db, int option, int value, int *now) {
    return sqlite3_db_config(db, option, value, now);
}
