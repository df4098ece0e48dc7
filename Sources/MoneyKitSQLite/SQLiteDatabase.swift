// A small, safe wrapper over the system's SQLite for the tools that keep history in a
// database (tillcount, portfolio): bound parameters only, one transaction per change,
// the schema version in PRAGMA user_version, the owner in PRAGMA application_id, and
// errors that name the file.

import CSQLite
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage


/// A value bound to a statement's `?` or read from a column.
package enum SQLiteValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

package final class SQLiteDatabase {
    /// The file, as named by the user (also for an empty store read from memory).
    package let path: String
    private var handle: OpaquePointer?
    let busyTimeoutMilliseconds: Int32
    /// Prepared statements kept for lookups run many times (see `cached`).
    private var statementCache: [String: SQLiteStatement] = [:]
    /// Opened for reading: no statement can change the file (or the empty store in memory).
    package internal(set) var isReadOnly: Bool
    /// False when the file does not exist (or is empty) and an empty store in memory
    /// stands in for it, so that a read command creates nothing.
    package internal(set) var exists: Bool = true

    /// Wraps an open connection (see SQLiteDatabase+Opening.swift for how one is opened).
    init(path: String, handle: OpaquePointer, readOnly: Bool, busyTimeoutMilliseconds: Int32) {
        self.path = path
        self.handle = handle
        self.isReadOnly = readOnly
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }

    deinit { close() }

    /// The raw connection, for the backup API.
    var connectionHandle: OpaquePointer? { handle }

    /// Reads the schema: opening succeeds on any file, the first read tells whether it is
    /// a database (and whether a reader can have its -shm file). SQLite's result code.
    func probe() -> Int32 {
        guard let handle else { return SQLITE_MISUSE }
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(handle, "PRAGMA schema_version", -1, &statement, nil)
        if code == SQLITE_OK {
            code = sqlite3_step(statement)
            if code == SQLITE_ROW || code == SQLITE_DONE { code = SQLITE_OK }
        }
        sqlite3_finalize(statement)
        return code
    }

    /// SQLite's message for the last failure, else the text of `code`.
    func lastMessage(_ code: Int32) -> String {
        handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
    }

    /// Sets the connection's pragmas: foreign keys enforced, and full sync for writers.
    func configured() throws(StoreError) -> SQLiteDatabase {
        do {
            try execute("PRAGMA foreign_keys = ON")
            // A reader never writes, whatever the statement.
            try execute(isReadOnly ? "PRAGMA query_only = ON" : "PRAGMA synchronous = FULL")
            #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            // Darwin's fsync stops at the drive's cache: ask SQLite for F_FULLFSYNC.
            if !isReadOnly { try execute("PRAGMA fullfsync = ON") }
            #endif
        } catch {
            close()
            throw error
        }
        return self
    }

    /// Sets the connection's defences against a schema we did not write, before it reads
    /// one: SQLITE_DBCONFIG_DEFENSIVE (no writable_schema, no corrupting pragmas),
    /// SQLITE_DBCONFIG_TRUSTED_SCHEMA off (functions with side effects refused in the
    /// schema's views, triggers, CHECKs and indexes), and triggers and views off: our
    /// migrations make none, and `verify` refuses a file that has one (a migration that
    /// ever makes one must turn these back on for its store).
    func distrustSchema() throws(StoreError) {
        guard let handle else { return }
        for (option, value) in [
            (SQLITE_DBCONFIG_DEFENSIVE, Int32(1)), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0),
            (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0), (SQLITE_DBCONFIG_ENABLE_VIEW, 0),
        ] {
            var now: Int32 = -1
            let code = moneykit_sqlite3_db_config_flag(handle, option, value, &now)
            guard code == SQLITE_OK, now == value else {
                throw StoreError.io(path: path, reason: "this SQLite (\(String(cString: sqlite3_libversion()))) cannot be made to distrust a database's schema")
            }
        }
    }

    /// Whether closing the last connection folds the -wal into the database and removes
    /// it (SQLite's default), or leaves both as they are (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE):
    /// off until a file is known to be ours.
    func setCheckpointOnClose(_ enabled: Bool) throws(StoreError) {
        guard let handle else { return }
        var now: Int32 = -1
        let value: Int32 = enabled ? 0 : 1
        let code = moneykit_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, value, &now)
        guard code == SQLITE_OK, now == value else { throw storeError(code == SQLITE_OK ? SQLITE_ERROR : code) }
    }

    /// Closes the connection. The last connection to close checkpoints the write-ahead
    /// log into the database file and removes it, so a tool should close before it exits
    /// (exit() runs no deinitialisers).
    package func close() {
        statementCache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// A prepared statement kept for the life of the connection: for lookups repeated
    /// thousands of times (a chart's samples). Not for statements that nest with
    /// themselves.
    package func cached(_ sql: String) throws(StoreError) -> SQLiteStatement {
        if let statement = statementCache[sql] { return statement }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `body` inside one read transaction: a consistent snapshot, and one lock
    /// instead of one per statement.
    package func reading<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// The schema version kept in `PRAGMA user_version` (0 for a new database).
    package var userVersion: Int64 {
        get throws(StoreError) { try scalarInteger("PRAGMA user_version") ?? 0 }
    }

    package func setUserVersion(_ version: Int64) throws(StoreError) {
        // PRAGMA takes no bound parameters; the value is an integer we made, not input.
        try execute("PRAGMA user_version = \(version)")
    }

    /// Runs statements that take no parameters (schema, pragmas).
    package func execute(_ sql: String) throws(StoreError) {
        guard let handle else { throw StoreError.io(path: path, reason: "the database is closed") }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw error(code, text)
        }
    }

    /// Runs one statement with `parameters` bound to its `?`s; returns every row.
    @discardableResult
    package func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws(StoreError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        var rows: [[SQLiteValue]] = []
        do {
            try statement.forEachRow(parameters) { row in rows.append(row.values) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.io(path: path, reason: "\(error)")
        }
        return rows
    }

    /// Prepares `sql` once for many runs.
    package func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        guard let handle else { throw StoreError.io(path: path, reason: "the database is closed") }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, String(cString: sqlite3_errmsg(handle))) }
        return SQLiteStatement(statement: statement, database: self)
    }

    /// The StoreError for a result code, with SQLite's message.
    func storeError(_ code: Int32) -> StoreError {
        error(code, handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code)))
    }

    /// The first column of the first row as an integer.
    package func scalarInteger(_ sql: String, _ parameters: [SQLiteValue] = []) throws(StoreError) -> Int64? {
        guard case .integer(let value)? = try query(sql, parameters).first?.first else { return nil }
        return value
    }

    /// The rowid of the last insert.
    package var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// How many rows the last statement changed.
    package var changes: Int { handle.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE, so writers queue rather than
    /// deadlock); commits when it returns, rolls back when it throws.
    package func transaction<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
        // A store opened for reading is never changed: a write here is a tool's mistake.
        if isReadOnly { throw StoreError.readOnly(path: path) }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body(self)
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Brings the schema to `schema.version` by running the migrations it lacks (index 0
    /// takes a new database to version 1) and marks the file with the schema's
    /// application id, in one write transaction. Only for a file already checked to be
    /// ours (or blank); a newer one is refused untouched.
    func migrate(to schema: SQLiteSchema) throws(StoreError) {
        let current = try userVersion
        if current > schema.version {
            throw StoreError.newerVersion(path: path, found: Int(current), supported: Int(schema.version))
        }
        // WAL only once the file is known to be ours: a newer file is left byte-identical.
        try useWriteAheadLog()
        let mark = try applicationID
        guard current < schema.version || mark != schema.applicationID else { return }
        try execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            // Read again under the write lock: another process may have migrated meanwhile.
            let locked = try userVersion
            if locked > schema.version {
                throw StoreError.newerVersion(path: path, found: Int(locked), supported: Int(schema.version))
            }
            for step in Int(locked)..<Int(schema.version) {
                try execute(schema.migrations[step])
            }
            if locked < schema.version { try setUserVersion(schema.version) }
            // Marks a store made before stores were marked, on its first write.
            if try applicationID != schema.applicationID {
                try execute("PRAGMA application_id = \(schema.applicationID)")
            }
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `PRAGMA application_id`: which program's file this is (0: unmarked).
    package var applicationID: Int32 {
        get throws(StoreError) { Int32(truncatingIfNeeded: try scalarInteger("PRAGMA application_id") ?? 0) }
    }

    /// Switches the database to write-ahead logging (a no-op once it is). The switch takes
    /// an exclusive lock and SQLite answers SQLITE_BUSY at once rather than calling the
    /// busy handler, so processes that open a new database together retry here, for as
    /// long as the busy timeout allows (seen: 4 of 12 first saves failing under load).
    private func useWriteAheadLog() throws(StoreError) {
        var waitedMilliseconds: Int32 = 0
        while true {
            do {
                try execute("PRAGMA journal_mode = WAL")
                return
            } catch .busy(let path) {
                guard waitedMilliseconds < busyTimeoutMilliseconds else { throw .busy(path: path) }
                PosixFile.pause(milliseconds: 2)
                waitedMilliseconds += 2
            }
        }
    }

    /// The one mapping of SQLite's result codes to StoreError (and so to exit codes).
    func error(_ code: Int32, _ message: String) -> StoreError {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(path: path, reason: "not a valid database (\(message))")
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: return .unreadable(path: path, reason: message)
        case SQLITE_FULL: return .io(path: path, reason: "the disk is full")
        // A change the schema refuses (CHECK, UNIQUE, FOREIGN KEY): bad data, not I/O;
        // a store maps the ones it expects to its own errors first.
        case SQLITE_CONSTRAINT: return .rejected(path: path, reason: "the change breaks a rule of the store (\(message))")
        case SQLITE_TOOBIG: return .rejected(path: path, reason: "a value is too large (\(message))")
        case SQLITE_ERROR where message.contains("integer overflow"):
            return .rejected(path: path, reason: "a sum of its values is beyond 64-bit minor units (integer overflow)")
        default: return .io(path: path, reason: message)
        }
    }
}
