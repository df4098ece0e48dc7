// The system's libpq, PostgreSQL's client library (libpq-dev on Debian; pkg-config
// libpq adds its include folder, /usr/include/postgresql there).
#include <libpq-fe.h>
