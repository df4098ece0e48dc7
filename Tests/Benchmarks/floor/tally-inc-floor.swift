// The start-up floor of `tally inc` (issue 28): the least a Swift program can do to make
// the same durable change to the same database, with the Swift runtime linked statically
// and the system's libsqlite3, as the packaged tools are. It opens the store read-write,
// sets the connection's pragmas as tally does (foreign keys, synchronous = FULL), and in
// one BEGIN IMMEDIATE transaction adds one to the counter named on its command line. No
// argument parsing, no checks, no journal: what is left is the process, the loader, SQLite
// and the fsyncs, which no tool can do without.
//
//   swiftc -O -static-stdlib -Xlinker -z -Xlinker now -I Sources/CSQLite Tests/Benchmarks/floor/tally-inc-floor.swift -o floor
//   ./floor STORE.db COUNTER
import CSQLite

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fatalError("usage: tally-inc-floor STORE.db COUNTER") }
var db: OpaquePointer?
guard sqlite3_open_v2(arguments[1], &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { fatalError("cannot open") }
func run(_ sql: String) {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { fatalError(String(cString: sqlite3_errmsg(db))) }
}
run("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL; BEGIN IMMEDIATE")
var statement: OpaquePointer?
sqlite3_prepare_v2(db, "UPDATE counters SET count = count + 1 WHERE name = ?", -1, &statement, nil)
sqlite3_bind_text(statement, 1, arguments[2], -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
guard sqlite3_step(statement) == SQLITE_DONE else { fatalError(String(cString: sqlite3_errmsg(db))) }
sqlite3_finalize(statement)
run("COMMIT")
sqlite3_close(db)
