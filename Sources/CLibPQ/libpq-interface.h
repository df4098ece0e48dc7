// The part of libpq's interface (libpq-fe.h) MoneyKitPostgres uses: its types and
// constants, and one function-pointer type per function, for the table LibPQ fills with
// dlsym. Declared here rather than included from libpq-fe.h so that building needs no
// libpq-dev and no include path (Debian keeps the header in /usr/include/postgresql,
// Homebrew elsewhere: only pkg-config knows, and pkg-config would also add -lpq, the link
// this module exists to avoid). Everything below is libpq.so.5's ABI, unchanged since
// PostgreSQL 9.0: its enums only ever grow at the end, and the values used here are the
// first ones.
#ifndef MONEYKIT_LIBPQ_INTERFACE_H
#define MONEYKIT_LIBPQ_INTERFACE_H

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
typedef unsigned int Oid;

typedef enum {
    CONNECTION_OK = 0,
    CONNECTION_BAD = 1
} ConnStatusType;

typedef enum {
    PGRES_EMPTY_QUERY = 0,
    PGRES_COMMAND_OK = 1,
    PGRES_TUPLES_OK = 2
} ExecStatusType;

typedef enum {
    PQTRANS_IDLE = 0,
    PQTRANS_ACTIVE = 1,
    PQTRANS_INTRANS = 2,
    PQTRANS_INERROR = 3,
    PQTRANS_UNKNOWN = 4
} PGTransactionStatusType;

typedef struct _PQconninfoOption {
    char *keyword;
    char *envvar;
    char *compiled;
    char *val;
    char *label;
    char *dispchar;
    int dispsize;
} PQconninfoOption;

typedef void (*PQnoticeProcessor)(void *arg, const char *message);

// A NOTIFY received (LISTEN); freed with PQfreemem.
typedef struct pgNotify {
    char *relname;
    int be_pid;
    char *extra;
    struct pgNotify *next;
} PGnotify;

// The functions, as libpq-fe.h declares them.
typedef PQconninfoOption *(*PQconndefaults_function)(void);
typedef PQconninfoOption *(*PQconninfoParse_function)(const char *conninfo, char **errmsg);
typedef void (*PQconninfoFree_function)(PQconninfoOption *connOptions);
typedef void (*PQfreemem_function)(void *ptr);
typedef PGconn *(*PQconnectdbParams_function)(
    const char *const *keywords, const char *const *values, int expand_dbname);
typedef void (*PQfinish_function)(PGconn *conn);
typedef ConnStatusType (*PQstatus_function)(const PGconn *conn);
typedef PGTransactionStatusType (*PQtransactionStatus_function)(const PGconn *conn);
typedef char *(*PQconnectionText_function)(const PGconn *conn); // PQdb, PQhost, PQport, PQpass, PQerrorMessage
typedef PQnoticeProcessor (*PQsetNoticeProcessor_function)(PGconn *conn, PQnoticeProcessor proc, void *arg);
typedef PGresult *(*PQexecParams_function)(
    PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
    const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat);
typedef void (*PQclear_function)(PGresult *res);
typedef ExecStatusType (*PQresultStatus_function)(const PGresult *res);
typedef char *(*PQresultErrorField_function)(const PGresult *res, int fieldcode);
typedef char *(*PQcmdTuples_function)(PGresult *res);
typedef int (*PQresultCount_function)(const PGresult *res); // PQntuples, PQnfields
typedef int (*PQgetisnull_function)(const PGresult *res, int tup_num, int field_num);
typedef char *(*PQgetvalue_function)(const PGresult *res, int tup_num, int field_num);
typedef int (*PQconsumeInput_function)(PGconn *conn);
typedef PGnotify *(*PQnotifies_function)(PGconn *conn);

#endif
