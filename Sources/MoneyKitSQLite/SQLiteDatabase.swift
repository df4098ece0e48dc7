// A small, safe wrapper over the system's SQLite for the tools that keep history in a
// database (tillcount, portfolio): bound parameters only, one transaction per change,
// the schema version in PRAGMA user_version, and errors that name the file.

import CSQLite
import MoneyKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value bound to a statement's `?` or read from a column.
public enum SQLiteValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

public final class SQLiteDatabase {
    public let path: String
    private var handle: OpaquePointer?
    private let busyTimeoutMilliseconds: Int32
    /// Prepared statements kept for lookups run many times (see `cached`).
    private var statementCache: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed, 0600 in a 0700 folder) the database at `path`.
    /// `create: false` opens an existing file only (for reading commands).
    public init(path: String, create: Bool = true, busyTimeoutMilliseconds: Int32 = 10_000) throws(StoreError) {
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        if create, !folder.isEmpty {
            try Self.makePrivateDirectories(folder)
        }
        if !create && access(path, F_OK) != 0 {
            throw StoreError.unreadable(path: path, reason: "no such file")
        }
        let existed = access(path, F_OK) == 0
        let previousMask = umask(0o077)  // new files 0600
        var connection: OpaquePointer?
        let flags = create ? (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) : SQLITE_OPEN_READWRITE
        let code = sqlite3_open_v2(path, &connection, flags | SQLITE_OPEN_NOMUTEX, nil)
        umask(previousMask)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(connection)
            if code == SQLITE_CANTOPEN {
                throw existed ? StoreError.unreadable(path: path, reason: message) : StoreError.cannotCreate(path: path, reason: message)
            }
            throw StoreError.io(path: path, reason: message)
        }
        handle = connection
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        // Opening succeeds on any file; the first read tells whether it is a database.
        do {
            _ = try scalarInteger("PRAGMA schema_version")
            try execute("PRAGMA foreign_keys = ON")
            try execute("PRAGMA synchronous = FULL")
        } catch {
            sqlite3_close(connection)
            handle = nil
            throw error
        }
    }

    deinit { close() }

    /// Closes the connection. The last connection to close checkpoints the write-ahead
    /// log into the database file and removes it, so a tool should close before it exits
    /// (exit() runs no deinitialisers).
    public func close() {
        statementCache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// A prepared statement kept for the life of the connection: for lookups repeated
    /// thousands of times (a chart's samples). Not for statements that nest with
    /// themselves.
    public func cached(_ sql: String) throws(StoreError) -> SQLiteStatement {
        if let statement = statementCache[sql] { return statement }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `body` inside one read transaction: a consistent snapshot, and one lock
    /// instead of one per statement.
    public func reading<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// The schema version kept in `PRAGMA user_version` (0 for a new database).
    public var userVersion: Int64 {
        get throws(StoreError) { try scalarInteger("PRAGMA user_version") ?? 0 }
    }

    public func setUserVersion(_ version: Int64) throws(StoreError) {
        // PRAGMA takes no bound parameters; the value is an integer we made, not input.
        try execute("PRAGMA user_version = \(version)")
    }

    /// Runs statements that take no parameters (schema, pragmas).
    public func execute(_ sql: String) throws(StoreError) {
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
    public func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws(StoreError) -> [[SQLiteValue]] {
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
    public func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
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
    public func scalarInteger(_ sql: String, _ parameters: [SQLiteValue] = []) throws(StoreError) -> Int64? {
        guard case .integer(let value)? = try query(sql, parameters).first?.first else { return nil }
        return value
    }

    /// The rowid of the last insert.
    public var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// How many rows the last statement changed.
    public var changes: Int { handle.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE, so writers queue rather than
    /// deadlock); commits when it returns, rolls back when it throws.
    public func transaction<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
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

    /// Brings the schema to `version` by running the `migrations` it lacks (index 0 takes a
    /// new database to version 1). A database from a newer version is refused untouched.
    public func migrate(to version: Int64, migrations: [String]) throws {
        precondition(migrations.count == version, "one migration per version")
        let current = try userVersion
        if current > version {
            throw StoreError.newerVersion(path: path, found: Int(current), supported: Int(version))
        }
        // WAL only once the file is known to be ours: a newer file is left byte-identical.
        try useWriteAheadLog()
        guard current < version else { return }
        try transaction { database in
            // Read again under the write lock: another process may have migrated meanwhile.
            let locked = try database.userVersion
            guard locked < version else { return }
            for step in Int(locked)..<Int(version) {
                try database.execute(migrations[step])
            }
            try database.setUserVersion(version)
        }
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
                usleep(2_000)
                waitedMilliseconds += 2
            }
        }
    }

    private func error(_ code: Int32, _ message: String) -> StoreError {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(path: path, reason: "not a valid database (\(message))")
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: return .unreadable(path: path, reason: message)
        case SQLITE_FULL: return .io(path: path, reason: "the disk is full")
        default: return .io(path: path, reason: message)
        }
    }

    private static func makePrivateDirectories(_ folder: String) throws(StoreError) {
        var info = stat()
        if stat(folder, &info) == 0 { return }
        let parent = folder.contains("/") ? String(folder[..<(folder.lastIndex(of: "/") ?? folder.endIndex)]) : ""
        if !parent.isEmpty && parent != folder { try makePrivateDirectories(parent) }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw StoreError.cannotCreate(path: folder, reason: String(cString: strerror(errno)))
        }
    }
}
